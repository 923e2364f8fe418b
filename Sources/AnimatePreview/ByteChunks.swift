import FlyingSocks

/// A response body made as it is sent: each chunk of `Base` (an event, a second of sound) is
/// handed to the connection as soon as it exists, in pieces of at most the size the connection asks for.
struct ByteChunks<Base: AsyncSequence & Sendable>: AsyncBufferedSequence, Sendable where Base.Element: ByteChunk {
    typealias Element = UInt8
    let base: Base

    init(_ base: Base) { self.base = base }

    func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator()) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var base: Base.AsyncIterator
        var chunk: [UInt8] = []
        var offset = 0

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
            while offset == chunk.count {
                guard let next = try await base.next() else { return nil }
                chunk = next.bytes
                offset = 0
            }
            let end = Swift.min(chunk.count, offset + Swift.max(1, count))
            defer { offset = end }
            return chunk[offset..<end]
        }
    }
}

/// What a body chunk can be made of.
protocol ByteChunk { var bytes: [UInt8] { get } }
extension String: ByteChunk { var bytes: [UInt8] { Array(utf8) } }
extension Array: ByteChunk where Element == UInt8 { var bytes: [UInt8] { self } }
