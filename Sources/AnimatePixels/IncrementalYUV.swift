package import AnimateDrawing

/// Converts successive frames to 4:2:0 YUV (`YUVConversion`), converting only the pixels that
/// differ from the previous frame it saw and copying the other samples from that frame's result.
///
/// Motion graphics change a small part of the frame from one frame to the next (a static
/// background, a moving shape): most blocks are unchanged two frames apart, and comparing a
/// block costs far less than converting it. The
/// samples of a block depend on its own pixels only, so the result is byte-identical to converting
/// the whole frame, whichever frame came before. One per worker (not thread-safe); it keeps a copy
/// of the last frame's pixels and samples, 6 bytes a pixel.
///
/// Given the canvas's own record of the blocks drawn since (`ChangedBlocks`), it compares only
/// those: a block not written since has the pixels it had, so its samples are copied unread.
package final class IncrementalYUV {
    /// Pixels compared at a time along a row: the canvas's block width (even, so chroma blocks
    /// never straddle two).
    static let blockWidth = ChangedBlocks.width

    let width: Int
    let height: Int
    private let chromaWidth: Int
    private let chromaHeight: Int
    /// The pixels of the last frame, and its samples: Y (`width` a row), then U and V.
    private var previous: UnsafeMutablePointer<UInt32>?
    private var samples: UnsafeMutablePointer<UInt8>?

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
        chromaWidth = (width + 1) / 2
        chromaHeight = (height + 1) / 2
    }

    deinit {
        previous?.deallocate()
        samples?.deallocate()
    }

    private static func zeroed<T: FixedWidthInteger>(_: T.Type, _ count: Int) -> UnsafeMutablePointer<T> {
        let p = UnsafeMutablePointer<T>.allocate(capacity: count)
        p.initialize(repeating: 0, count: count)
        return p
    }

    /// Converts `pixels` (premultiplied RGBA read as RGB, `width * height`) into the planes.
    /// `changes`, when given, are the blocks that may differ from the pixels of the last call.
    package func convert(_ pixels: UnsafePointer<UInt32>, changes: ChangedBlocks? = nil,
                 y: UnsafeMutablePointer<UInt8>, yStride: Int,
                 u: UnsafeMutablePointer<UInt8>, uStride: Int,
                 v: UnsafeMutablePointer<UInt8>, vStride: Int) {
        guard width > 0, height > 0 else { return }
        // The first frame has nothing to compare against: every block counts as changed, which
        // also fills what the next frame compares against.
        let first = self.previous == nil
        let previous = self.previous ?? Self.zeroed(UInt32.self, width * height)
        let samples = self.samples ?? Self.zeroed(UInt8.self, width * height + 2 * chromaWidth * chromaHeight)
        self.previous = previous
        self.samples = samples
        let pu = samples + width * height, pv = pu + chromaWidth * chromaHeight
        for pair in 0..<chromaHeight {
            let top = 2 * pair, hasSecond = top + 1 < height
            let s0 = pixels + top * width, p0 = previous + top * width
            // An odd last row is compared twice rather than with a row below it.
            let below = hasSecond ? width : 0
            @inline(__always) func unchanged(at x: Int) -> Bool {
                if let changes, !changes.mayHaveChanged(rowPair: pair, block: x / Self.blockWidth) { return true }
                let a0 = s0 + x, b0 = p0 + x, a1 = a0 + below, b1 = b0 + below
                var difference: UInt32 = 0
                if x + Self.blockWidth <= width {
                    // A fixed trip count, which LLVM turns into whole vector compares.
                    for i in 0..<Self.blockWidth { difference |= (a0[i] ^ b0[i]) | (a1[i] ^ b1[i]) }
                } else {
                    for i in 0..<(width - x) { difference |= (a0[i] ^ b0[i]) | (a1[i] ^ b1[i]) }
                }
                return difference == 0
            }
            var x = 0
            while x < width {
                // A run of blocks that all changed, or all did not.
                let changed = first || !unchanged(at: x)
                var end = first ? width : min(x + Self.blockWidth, width)
                while end < width && unchanged(at: end) != changed { end = min(end + Self.blockWidth, width) }
                let n = end - x, c0 = x / 2, cn = (end + 1) / 2 - c0
                let rows = top..<(hasSecond ? top + 2 : top + 1)
                if changed {
                    YUVConversion.convert420(pixels, width: width, height: height, rowPair: pair, from: x, to: end,
                                             y: y, yStride: yStride, u: u, uStride: uStride, v: v, vStride: vStride)
                    for row in rows {
                        (previous + row * width + x).update(from: pixels + row * width + x, count: n)
                        (samples + row * width + x).update(from: y + row * yStride + x, count: n)
                    }
                    (pu + pair * chromaWidth + c0).update(from: u + pair * uStride + c0, count: cn)
                    (pv + pair * chromaWidth + c0).update(from: v + pair * vStride + c0, count: cn)
                } else {
                    for row in rows {
                        (y + row * yStride + x).update(from: samples + row * width + x, count: n)
                    }
                    (u + pair * uStride + c0).update(from: pu + pair * chromaWidth + c0, count: cn)
                    (v + pair * vStride + c0).update(from: pv + pair * chromaWidth + c0, count: cn)
                }
                x = end
            }
        }
    }
}
