/// One of `count` contiguous parts of a render (0-based `index`), rendered as a self-contained
/// segment; the parts joined in order are the whole render.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// Part `index` of `count`; nil unless `0 <= index < count`.
    public init?(_ index: Int, of count: Int) {
        guard count >= 1, index >= 0, index < count else { return nil }
        self.index = index; self.count = count
    }

    /// Parses `I/N`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(i, of: n)
    }

    /// This part of `frames`: the frames are split as evenly as whole frames allow.
    func part(of frames: ClosedRange<Int>) -> ClosedRange<Int> {
        let n = frames.count
        let start = frames.lowerBound + index * n / count
        let end = frames.lowerBound + (index + 1) * n / count - 1
        return start...end
    }

    public var description: String { "\(index)/\(count)" }
}
