import Foundation

/// A compiled lesson (or the `#Preview` plugin) in the cache, sealed: the library's bytes followed by a trailer (a mark,
/// their length and a digest of them), so that a file cut short, overwritten or filled with
/// other bytes is found before it is loaded (loading a cut file kills the process with SIGBUS),
/// and compiled again. The trailer is past every ELF segment, so the loader never reads it.
enum CompiledLesson {
    static let mark = Array("animate-lesson-seal\u{0}".utf8)
    static let trailerSize = mark.count + 8 + 16

    /// Appends the trailer to the library at `url`.
    static func seal(_ url: URL) throws {
        let bytes = try Data(contentsOf: url)
        var trailer = mark
        withUnsafeBytes(of: UInt64(bytes.count).littleEndian) { trailer += $0 }
        let (a, b) = digest(bytes)
        withUnsafeBytes(of: a.littleEndian) { trailer += $0 }
        withUnsafeBytes(of: b.littleEndian) { trailer += $0 }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: trailer)
    }

    /// Whether the file at `url` is a whole sealed library: its trailer is there and agrees with its bytes.
    static func isSound(_ url: URL) -> Bool {
        guard let data = try? Data(contentsOf: url), data.count > trailerSize else { return false }
        let body = data.count - trailerSize
        let trailer = [UInt8](data[body...])
        guard Array(trailer[..<mark.count]) == mark else { return false }
        func word(_ at: Int) -> UInt64 { trailer[at..<(at + 8)].reversed().reduce(0) { $0 << 8 | UInt64($1) } }
        guard word(mark.count) == UInt64(body) else { return false }
        let (a, b) = digest(data.prefix(body))
        return word(mark.count + 8) == a && word(mark.count + 16) == b
    }

    /// Two 64-bit lanes over the bytes, eight at a time (and the length).
    static func digest(_ data: Data) -> (UInt64, UInt64) {
        data.withUnsafeBytes { raw in
            var a: UInt64 = 0x243F_6A88_85A3_08D3, b: UInt64 = 0x1319_8A2E_0370_7344
            let words = raw.count / 8
            for i in 0..<words {
                let w = raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)
                a = (a ^ w) &* 0x9E37_79B9_7F4A_7C15
                a ^= a >> 29
                b = (b &+ w) &* 0xBF58_476D_1CE4_E5B9
                b ^= b >> 31
            }
            var tail: UInt64 = UInt64(raw.count)
            for i in (words * 8)..<raw.count { tail = (tail << 8) | UInt64(raw[i]) }
            a = (a ^ tail) &* 0x9E37_79B9_7F4A_7C15
            b = (b &+ tail) &* 0xBF58_476D_1CE4_E5B9
            return (a ^ (a >> 32), b ^ (b >> 29))
        }
    }

    /// Removes the build folders (`build-PID`) in `cache` of runs that no longer exist: killed
    /// before they could clean up.
    static func removeStaleBuilds(in cache: URL) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: cache.path) else { return }
        for entry in entries where entry.hasPrefix("build-") {
            guard let pid = Int32(entry.dropFirst("build-".count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: cache.appendingPathComponent(entry))
        }
    }
}
