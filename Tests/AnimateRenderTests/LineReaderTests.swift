import AnimateRender
import AnimateTestSupport
import Foundation
import Testing

/// Line-based inputs are read in bounded chunks: a line of any length, a sparse file, a device
/// that never ends a line, costs a bounded amount of memory and gives one line naming the line
/// number, never echoing the line beyond a short excerpt.
@Suite struct LineReaderTests {
    func file(_ name: String, _ bytes: [UInt8]) throws -> URL {
        let url = scratchDirectory(name).appendingPathComponent("m.framemd5")
        try Data(bytes).write(to: url)
        return url
    }

    /// Lines are split on `\n`, a `\r` before it dropped, the last line kept without one, at any chunk boundary.
    @Test(arguments: [1, 2, 7, 65_535, 65_536, 65_537, 200_000])
    func linesSplitTheSameAtEveryChunkBoundary(length: Int) throws {
        var text: [UInt8] = []
        var expected: [[UInt8]] = []
        var generator = SystemRandomNumberGenerator()
        for i in 0..<5 {
            let line = (0..<(length + i)).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
            expected.append(line)
            text += line + (i % 2 == 0 ? [0x0D, 0x0A] : [0x0A])
        }
        text.removeLast()               // the last line without its end
        if text.last == 0x0D { text.removeLast() }
        let url = try file("split-\(length)", text)
        var seen: [[UInt8]] = [], numbers: [Int] = []
        try LineReader(path: url.path, maximumLineBytes: 1 << 20).forEachLine { number, line in seen.append(Array(line)); numbers.append(number) }
        #expect(seen == expected && numbers == [1, 2, 3, 4, 5])
    }

    /// Too long, wherever it ends: an error naming the line; nothing of it is echoed.
    @Test(arguments: [(100, 99), (70_000, 65_536), (300_000, 65_536)])
    func aLineLongerThanTheLimitIsAnErrorNamingIt(length: Int, limit: Int) throws {
        let url = try file("long-\(length)", Array("#first\n".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: length) + [0x0A])
        #expect(throws: LineReaderError.lineTooLong(path: url.path, line: 2, limit: limit)) {
            try LineReader(path: url.path, maximumLineBytes: limit).forEachLine { _, _ in }
        }
    }

    /// A manifest of one huge line, a sparse file of gigabytes, a device that never ends a line,
    /// a folder: one line each, read in milliseconds, never the whole file in memory.
    @Test func hostileManifestsAreRefusedWithoutReadingThemWhole() throws {
        let dir = scratchDirectory()
        let sparse = dir.appendingPathComponent("sparse.framemd5")
        _ = FileManager.default.createFile(atPath: sparse.path, contents: nil)
        let handle = try FileHandle(forWritingTo: sparse)
        try handle.truncate(atOffset: 3 << 30)            // 3 GB of holes: no newline anywhere
        try handle.close()
        defer { try? FileManager.default.removeItem(at: sparse) }
        let limit = FrameManifest.maximumLineBytes
        #expect(throws: ManifestError.lineTooLong(path: sparse.path, line: 1, limit: limit)) { try FrameManifest(contentsOf: sparse) }
        #expect(throws: ManifestError.lineTooLong(path: "/dev/zero", line: 1, limit: limit)) {
            try FrameManifest(contentsOf: URL(fileURLWithPath: "/dev/zero"))
        }
        #expect(throws: ManifestError.unreadable(path: dir.path, reason: "it is a directory")) { try FrameManifest(contentsOf: dir) }
    }

    /// A bad line is named by its number, with a short excerpt whose control characters are spelled out.
    @Test func aBadLineIsNamedWithAShortExcerpt() throws {
        let bad = "0, 1, 1, 1, 12, \u{1B}[31m" + String(repeating: "y", count: 5000)
        let url = try file("bad", Array("#animate: scene=x size=2x2 fps=1 seed=0 duration=1\n\(bad)\n".utf8))
        do {
            _ = try FrameManifest(contentsOf: url)
            Issue.record("accepted")
        } catch let error as ManifestError {
            guard case let .notAFrameLine(line, excerpt) = error else { Issue.record("\(error)"); return }
            #expect(line == 2 && excerpt.hasPrefix("0, 1, 1, 1, 12, \\u{1B}[31myyy") && excerpt.hasSuffix("...") && excerpt.count < 80)
            #expect(error.description.count < 150)
        }
    }

    /// Cancellation is asked for between chunks.
    @Test func readingStopsWhenCancelled() throws {
        let url = try file("cancel", [UInt8](repeating: 0x0A, count: 1 << 20))
        var chunks = 0
        var reader = LineReader(path: url.path, maximumLineBytes: 100)
        reader.isCancelled = { chunks += 1; return chunks > 3 }
        #expect(throws: CancellationError.self) { try reader.forEachLine { _, _ in } }
        #expect(chunks == 4)
    }

    /// A manifest as `hash` writes it reads back the same through the bounded reader.
    @Test func aManifestReadsTheSameFromAFile() throws {
        let text = "#animate: scene=hexagons size=64x36 fps=60 seed=0 duration=8.0\n#format: frame checksums\n"
            + "0,          0,          0,        1,     9216, 0123456789abcdef0123456789abcdef\r\n"
            + "0,          1,          1,        1,     9216, fedcba9876543210fedcba9876543210"
        let url = try file("same", Array(text.utf8))
        #expect(try FrameManifest(contentsOf: url) == FrameManifest(parsing: text))
        #expect(try FrameManifest(contentsOf: url).frames.map(\.index) == [0, 1])
    }
}
