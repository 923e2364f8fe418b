package import AnimateDrawing
import AnimateVideo
package import Foundation

/// Writes each frame as a PNG: one still (written atomically), or a numbered sequence named by a
/// `%05d`-style pattern. A sequence is written into a temporary folder beside it and its files
/// moved into place only when the render completes, so an interrupted or failed render leaves an
/// earlier sequence at those names as it was (or, keeping what it has, says which frames it wrote).
package final class PNGFileSink: FrameSink {
    private let name: (Int) -> URL
    private let isSequence: Bool
    private var staging: URL?
    private var staged: [(file: URL, destination: URL)] = []

    /// Frames named by `pattern` (`frame_%05d.png` -> `frame_00042.png`).
    package init(pattern: String) {
        name = { URL(fileURLWithPath: FramePattern.expand(pattern, $0)) }
        isSequence = true
    }

    /// Every frame to `url` (for one still).
    package init(still url: URL) {
        name = { _ in url }
        isSequence = false
    }

    package func begin(workers: Int) throws {
        guard isSequence else { return }
        // The staging folder sits in the sequence's folder, so moving a file into place is a rename.
        let first = name(0)
        staging = try OutputDirectory.temporaryFolder(for: first.deletingLastPathComponent().appendingPathComponent("sequence"),
                                                      naming: first)
    }

    package func payload(of canvas: inout Bitmap, worker: Int) throws -> [UInt8] {
        try canvas.rgba8().withUnsafeBufferPointer {
            try PNGEncoder.encode(rgba: $0, width: canvas.width, height: canvas.height)
        }
    }

    package func consume(_ png: [UInt8], frame: Int) throws {
        let destination = name(frame)
        var info = stat()
        let special = stat(destination.path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG && (info.st_mode & S_IFMT) != S_IFDIR
        guard let staging, !special else {
            // A still, or a device or pipe: written as `OutputFile` writes (in place for a device).
            try OutputFile.write(Data(png), to: destination)
            staged.append((destination, destination))
            return
        }
        let file = staging.appendingPathComponent(destination.lastPathComponent)
        let fd = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputError.cannotWrite(path: destination.path, .system(errno)) }
        let failed = try png.withUnsafeBytes { try OutputInterruption.write($0, to: fd) }
        let closed = close(fd) == 0 ? 0 : errno
        if failed != 0 || closed != 0 { throw OutputError.cannotWrite(path: destination.path, .system(failed != 0 ? failed : closed)) }
        staged.append((file, destination))
    }

    package func finish() throws -> [URL] {
        try moveIntoPlace()
        return staged.map(\.destination)
    }

    package func stop(keepingPartial: Bool) throws -> PartialRender? {
        defer { removeStaging() }
        guard keepingPartial, !staged.isEmpty else { return nil }
        try moveIntoPlace()
        return PartialRender(files: staged.map(\.destination))
    }

    /// Renames every staged file over its destination, then removes the staging folder.
    private func moveIntoPlace() throws {
        guard staging != nil else { return }
        // Every destination is checked before any file moves.
        for (file, destination) in staged where file != destination {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw OutputError.cannotWrite(path: destination.path, .isADirectory)
            }
        }
        for (file, destination) in staged where file != destination {
            guard rename(file.path, destination.resolvingSymlinksInPath().path) == 0 else {
                throw OutputError.cannotWrite(path: destination.path, .system(errno))
            }
        }
        removeStaging()
    }

    private func removeStaging() {
        if let staging {
            try? FileManager.default.removeItem(at: staging)
            OutputFile.unregister(staging)
        }
        staging = nil
    }

    deinit { removeStaging() }
}
