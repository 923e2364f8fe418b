import Foundation

/// Reads a file's lines a chunk at a time, each line at most `maximumLineBytes`, so memory stays
/// bounded whatever the file holds (one line of gigabytes, a sparse file, a device that never
/// ends a line), and a line too long is an error naming its number, never its text.
package struct LineReader {
    /// The file as messages name it.
    package let path: String
    package let maximumLineBytes: Int
    /// Asked before every chunk; true ends the reading with `CancellationError`.
    package var isCancelled: () -> Bool = { false }

    package init(path: String, maximumLineBytes: Int) {
        self.path = path
        self.maximumLineBytes = maximumLineBytes
    }

    /// Calls `body` with each line (without its `\n` or `\r\n`) and its number, counting from 1.
    package func forEachLine(_ body: (_ number: Int, _ line: ArraySlice<UInt8>) throws -> Void) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw LineReaderError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { throw LineReaderError.unreadable(path: path, reason: "it is a directory") }
        let chunkSize = 1 << 16
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var pending: [UInt8] = []
        pending.reserveCapacity(min(maximumLineBytes, chunkSize))
        var number = 0
        func emit(_ line: ArraySlice<UInt8>) throws {
            number += 1
            var line = line
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            try body(number, line)
        }
        while true {
            if isCancelled() { throw CancellationError() }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, chunkSize) }
            if n < 0 {
                if errno == EINTR { continue }
                throw LineReaderError.unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            var start = 0
            while start < n {
                guard let end = chunk[start..<n].firstIndex(of: UInt8(ascii: "\n")) else {
                    guard pending.count + (n - start) <= maximumLineBytes else {
                        throw LineReaderError.lineTooLong(path: path, line: number + 1, limit: maximumLineBytes)
                    }
                    pending += chunk[start..<n]
                    break
                }
                if pending.isEmpty {
                    guard end - start <= maximumLineBytes else { throw LineReaderError.lineTooLong(path: path, line: number + 1, limit: maximumLineBytes) }
                    try emit(chunk[start..<end])
                } else {
                    guard pending.count + (end - start) <= maximumLineBytes else {
                        throw LineReaderError.lineTooLong(path: path, line: number + 1, limit: maximumLineBytes)
                    }
                    pending += chunk[start..<end]
                    try emit(pending[...])
                    pending.removeAll(keepingCapacity: true)
                }
                start = end + 1
            }
        }
        if !pending.isEmpty { try emit(pending[...]) }
    }

    /// The first `count` characters of `line` as text a terminal shows as it is, with `...` when cut.
    package static func excerpt(_ line: ArraySlice<UInt8>, count: Int = 60) -> String {
        let head = String(decoding: line.prefix(count * 4), as: UTF8.self).unicodeScalars
        let text = TerminalText.visible(head.prefix(count))
        return line.count > count * 4 || head.count > count ? text + "..." : text
    }
}

/// A line-based file that cannot be read whole. `description` is the one line a user reads.
package enum LineReaderError: Error, CustomStringConvertible, Sendable, Equatable {
    case unreadable(path: String, reason: String)
    case lineTooLong(path: String, line: Int, limit: Int)

    package var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read \(path): \(reason)"
        case let .lineTooLong(path, line, limit): "\(path), line \(line): longer than \(limit / 1024) KB; not a file this command reads"
        }
    }
}
