import CKernels

/// Which blocks of a canvas may have changed since a `Bitmap.Revision`: a block is
/// `ChangedBlocks.width` pixels of two rows (row pairs from the top; the last block of a row and
/// the last pair may be smaller). A block reported unchanged has exactly the pixels it had at the
/// revision; one reported changed was written since, possibly with the same values.
///
/// Valid only inside the closure of `Bitmap.withChanges(since:_:)`.
package struct ChangedBlocks {
    /// Pixels per block along a row.
    package static let width = Int(AK_WRITTEN_BLOCK_WIDTH)
    /// Blocks in each row pair.
    package let blocksPerRowPair: Int
    @usableFromInline let written: UnsafePointer<UInt32>
    @usableFromInline let since: UInt32

    init(blocksPerRowPair: Int, written: UnsafePointer<UInt32>, since: UInt32) {
        self.blocksPerRowPair = blocksPerRowPair
        self.written = written
        self.since = since
    }

    /// Whether block `block` (pixels `block * width ..< (block + 1) * width`) of row pair
    /// `rowPair` (rows `2 * rowPair` and `2 * rowPair + 1`) may have changed.
    @inlinable package func mayHaveChanged(rowPair: Int, block: Int) -> Bool {
        written[rowPair * blocksPerRowPair + block] > since
    }
}
