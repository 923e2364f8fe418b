public import AnimateDrawing

import AnimateVideo
public import Foundation

/// Inputs from outside a scene's code, such as the user's photos (`--images DIR`).
public struct SceneInputs: Sendable {
    /// Pictures for scenes that show pictures; empty means the scene's own generated pictures.
    public var images: [Image]

    public init(images: [Image] = []) { self.images = images }

    /// The PNG and JPEG pictures in `directory`, sorted by file name. Throws `ImageError` naming the
    /// folder or the bad file.
    public init(imagesIn directory: URL) throws {
        try self.init(imagesIn: directory, fitting: nil)
    }

    /// The pictures in `directory`, each brought down to `fitting` (a frame's longer side). Each
    /// is checked from its header now and decoded when a frame first draws it (kept while there is
    /// room, `DecodedPictures`), so a folder of thousands of photos is ready at once and costs only
    /// the ones on screen; a picture whose header gives no size is decoded now. Headers are read on
    /// every core (in name order, whatever finishes first). `progress` hears of each picture;
    /// `isCancelled` stops the reading with `CancellationError`. A failure names the first bad file
    /// in name order.
    package init(imagesIn directory: URL, fitting frameSide: Int?, progress: (any RenderProgress)? = nil,
         isCancelled: @escaping @Sendable () -> Bool = { false }) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ImageError(path: directory.path, .notAFolder)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { ["png", "jpg", "jpeg"].contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted()
        guard !names.isEmpty else { throw ImageError(path: directory.path, .folderWithoutPictures) }
        let reading = FolderReading(count: names.count, progress: progress)
        progress?.started(total: names.count)
        defer { progress?.finished() }
        let workers = min(names.count, ProcessInfo.processInfo.activeProcessorCount)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = reading.next() {
                guard !isCancelled() else { reading.stop(CancellationError()); return }
                do {
                    let url = directory.appendingPathComponent(names[index])
                    if let image = try Image.lazily(contentsOf: url, fitting: frameSide) {
                        reading.finish(index, image)
                    } else {
                        let image = try Image(contentsOf: url, shorterSide: frameSide)
                        reading.finish(index, frameSide.map { image.fitting(frameSide: $0) } ?? image)
                    }
                } catch {
                    reading.fail(index, error)
                }
            }
        }
        self.init(images: try reading.images())
    }
}

/// The shared state of reading a folder on several threads: the next picture to take, what each
/// gave, and the first failure in name order (pictures after it are not started).
private final class FolderReading: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Image?]
    private var taken = 0
    private var done = 0
    private var failure: (index: Int, error: any Error)?
    private let progress: (any RenderProgress)?

    init(count: Int, progress: (any RenderProgress)?) {
        results = Array(repeating: nil, count: count)
        self.progress = progress
    }

    func next() -> Int? {
        lock.withLock {
            guard taken < results.count, taken < failure?.index ?? .max else { return nil }
            taken += 1
            return taken - 1
        }
    }

    func finish(_ index: Int, _ image: Image) {
        lock.withLock {
            results[index] = image
            done += 1
            progress?.advanced(done: done, total: results.count)
        }
    }

    func fail(_ index: Int, _ error: any Error) {
        lock.withLock { if index < failure?.index ?? .max { failure = (index, error) } }
    }

    func stop(_ error: any Error) {
        lock.withLock { if failure == nil { failure = (-1, error) } }
    }

    func images() throws -> [Image] {
        try lock.withLock {
            if let failure { throw failure.error }
            return results.map { $0! }
        }
    }
}
