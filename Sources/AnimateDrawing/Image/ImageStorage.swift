import Foundation

/// Where an image's pixels live: in memory for good, or decoded from a file when first drawn and
/// let go when pictures decoded since need the room (`DecodedPictures`), so a folder of thousands
/// of photos costs only the ones on screen.
final class ImageStorage: @unchecked Sendable {
    /// The pixels of an image made in memory: there for good, read without a lock.
    private let fixed: MipChain?
    private let lock = NSLock()
    private var chain: MipChain?
    private let decode: (@Sendable () throws -> [UInt8])?
    private let width: Int
    private let height: Int

    init(_ chain: MipChain) {
        fixed = chain
        decode = nil
        width = chain.width
        height = chain.height
    }

    init(width: Int, height: Int, opaque: Bool = false, decode: @escaping @Sendable () throws -> [UInt8]) {
        fixed = nil
        self.width = width
        self.height = height
        self.opaque = opaque
        self.decode = decode
    }

    /// The decoder says every pixel is opaque (video without alpha): no need to look.
    private var opaque = false

    /// The pixels, decoded first if they are not in memory (other threads wanting them wait for
    /// the one decode).
    var mipmaps: MipChain {
        if let fixed { return fixed }
        lock.lock()
        if let chain {
            lock.unlock()
            DecodedPictures.shared.used(self)
            return chain
        }
        var rgba: [UInt8]
        do {
            rgba = try decode?() ?? []
        } catch {
            // Transparent this time, and tried again (and reported again) the next time it is drawn.
            DecodedPictures.shared.failed(error)
            lock.unlock()
            return MipChain(rgba: [UInt8](repeating: 0, count: width * height * 4), width: width, height: height)
        }
        // Pixels of the wrong size are drawn transparent (and then are not opaque).
        let whole = rgba.count == width * height * 4
        if !whole { rgba = [UInt8](repeating: 0, count: width * height * 4) }
        let made = MipChain(rgba: rgba, width: width, height: height, opaque: opaque && whole ? true : nil)
        chain = made
        lock.unlock()
        DecodedPictures.shared.decoded(self, bytes: made.byteCount)
        return made
    }

    /// Lets decoded pixels go (drawings holding them keep them until they finish).
    func release() {
        lock.withLock { chain = nil }
    }
}

/// The pictures decoded from files and kept in memory, least recently drawn let go first once
/// they pass `budget` bytes (the two most recent always stay).
package final class DecodedPictures: @unchecked Sendable {
    package static let shared = DecodedPictures()

    /// Bytes of decoded pictures kept.
    package var budget: Int {
        get { lock.withLock { kept } }
        set { lock.withLock { kept = newValue } }
    }
    private var kept = 256 << 20
    private let lock = NSLock()
    private var order: [(storage: ImageStorage, bytes: Int)] = []
    private var total = 0
    private var failure: (any Error)?

    func decoded(_ storage: ImageStorage, bytes: Int) {
        var evicted: [ImageStorage] = []
        lock.withLock {
            order.removeAll { $0.storage === storage }
            order.append((storage, bytes))
            total = order.reduce(0) { $0 + $1.bytes }
            while total > kept, order.count > 2 {
                let oldest = order.removeFirst()
                total -= oldest.bytes
                evicted.append(oldest.storage)
            }
        }
        for storage in evicted { storage.release() }
    }

    func used(_ storage: ImageStorage) {
        lock.withLock {
            guard let i = order.firstIndex(where: { $0.storage === storage }), i != order.count - 1 else { return }
            order.append(order.remove(at: i))
        }
    }

    package func failed(_ error: any Error) {
        // A picture is decoded on the thread that draws it: the drawing that asked is told.
        if let collector = Thread.current.threadDictionary[Self.collectorKey] as? FailureCollector {
            if collector.first == nil { collector.first = error }
            return
        }
        lock.withLock { if failure == nil { failure = error } }
    }

    private static let collectorKey = "animate.decodedPictures.failures"
    private final class FailureCollector { var first: (any Error)? }

    /// Runs `body` (a frame being drawn) and returns the first picture that could not be decoded
    /// while it ran on this thread: one render's failure is never another's.
    package func failure(during body: () -> Void) -> (any Error)? {
        let collector = FailureCollector()
        let thread = Thread.current
        let outer = thread.threadDictionary[Self.collectorKey]
        thread.threadDictionary[Self.collectorKey] = collector
        body()
        thread.threadDictionary[Self.collectorKey] = outer
        return collector.first
    }

    /// The first picture that could not be decoded, drawn outside `failure(during:)`, since the last call, if any.
    package func takeFailure() -> (any Error)? {
        lock.withLock {
            defer { failure = nil }
            return failure
        }
    }

    /// Keeps at most `bytes` from now on (never raises the budget: renders in one process, as
    /// the preview's, each lower it to what their own memory allows).
    package func limit(to bytes: Int) {
        lock.withLock { kept = min(kept, bytes) }
    }

    /// How many decoded pictures are in memory.
    package var count: Int { lock.withLock { order.count } }
}
