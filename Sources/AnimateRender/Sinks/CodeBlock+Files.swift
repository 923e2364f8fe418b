public import AnimateCode
package import AnimateLexers
import AnimateDrawing
public import AnimateScene
import AnimateVideo
public import Foundation

/// Errors making a picture of code.
public struct CodeError: AnimateError {
    public let message: String
    package init(message: String) { self.message = message }
    public var description: String { message }
}

extension CodeBlock {
    /// A PNG of the block on its own, as big as its lines (transparent outside its rounded corners).
    public func pngData() throws -> Data {
        let s = size
        let width = Int(s.width.rounded(.up)), height = Int(s.height.rounded(.up))
        guard width <= Bitmap.maximumDimension, height <= Bitmap.maximumDimension else {
            throw CodeError(message: "the listing is \(width)x\(height) pixels, more than the largest picture (\(Bitmap.maximumDimension) a side); show fewer lines (--lines) or use a smaller --font-size")
        }
        do { try MemoryBudget.check(Bitmap.pictureBytes(width: width, height: height)) } catch {
            throw CodeError(message: "the listing is \(width)x\(height) pixels and needs about \(error.needed >> 20) MB to draw, more than the \(error.available >> 20) MB this process may use; show fewer lines (--lines) or use a smaller --font-size")
        }
        var canvas = Bitmap(width: max(width, 1), height: max(height, 1))
        canvas.draw { context, _ in context.draw(self, at: .zero) }
        return try canvas.pngData()
    }

    /// The tokens as JSON lines, `{"text": "...", "kind": "Keyword.Declaration"}`, whose texts put
    /// together are the source exactly.
    package var tokenLines: String { Self.tokenLines(CodeSource(source), language: language) }

    /// The tokens of `source` as JSON lines, lexed without laying anything out. Their texts put
    /// together are the file's bytes exactly: a byte that is not UTF-8 is written as Python's
    /// `surrogateescape` does (`\udcXX`), so `"".join(texts).encode("utf-8", "surrogateescape")`
    /// rebuilds it, byte-order mark, CR and NUL included.
    package static func tokenLines(_ source: CodeSource, language: Language) -> String {
        var all: [UInt8] = []
        writeTokenLines(source, language: language) { all += $0 }
        return String(decoding: all, as: UTF8.self)
    }

    /// `tokenLines` handed to `write` about 64 KB at a time, so a large file's lines are never
    /// all in memory at once.
    package static func writeTokenLines(_ source: CodeSource, language: Language, _ write: ([UInt8]) throws -> Void) rethrows {
        let bytes = Array(source.text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(1 << 17)
        var substituted = source.substituted.makeIterator()
        var next = substituted.next()
        let hex = Array("0123456789abcdef".utf8)
        for token in Lexer.tokens(in: source.text, language: language) {
            out += Array(#"{"text": ""#.utf8)
            var i = token.range.lowerBound
            while i < token.range.upperBound {
                while let n = next, n.offset < i { next = substituted.next() }
                if let n = next, n.offset == i {
                    out += Array(#"\udc"#.utf8)
                    out.append(hex[Int(n.byte >> 4)]); out.append(hex[Int(n.byte & 15)])
                    i += 3                                          // the U+FFFD that stood for it
                    continue
                }
                let b = bytes[i]
                switch b {
                case UInt8(ascii: "\""): out += [0x5C, 0x22]
                case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
                case 0x0A: out += [0x5C, UInt8(ascii: "n")]
                case 0x0D: out += [0x5C, UInt8(ascii: "r")]
                case 0x09: out += [0x5C, UInt8(ascii: "t")]
                case 0..<0x20, 0x7F:
                    out += Array(#"\u00"#.utf8)
                    out.append(hex[Int(b >> 4)]); out.append(hex[Int(b & 15)])
                default: out.append(b)
                }
                i += 1
                if out.count >= 1 << 16 { try write(out); out.removeAll(keepingCapacity: true) }
            }
            out += Array(#"", "kind": ""#.utf8) + Array(token.kind.rawValue.utf8) + Array("\"}\n".utf8)
            if out.count >= 1 << 16 { try write(out); out.removeAll(keepingCapacity: true) }
        }
        if !out.isEmpty { try write(out) }
    }
}

/// A source file's bytes as text for lexing and drawing: valid UTF-8 kept as it is (a byte-order
/// mark included), each byte that is not part of valid UTF-8 shown as U+FFFD and remembered, so
/// the tokens can still give the file's own bytes back.
package struct CodeSource {
    package let text: String
    /// Where each byte that was not UTF-8 stands in `text` (the offset of its U+FFFD), in order.
    package let substituted: [(offset: Int, byte: UInt8)]

    package init(_ text: String) { self.text = text; substituted = [] }

    /// The largest source file read.
    package static let maximumBytes = 50_000_000

    /// Bytes lexing a source of `count` bytes holds at its peak (the text, its tokens, the lines
    /// being written): planned before it is read.
    package static func lexingBytes(_ count: Int) -> Int { count * 64 }

    /// Reads the file at `path` (a regular file, or a FIFO, device or standard input read to its
    /// end) up to `maximumBytes`; errors say which path and why, in one line.
    package init(contentsOf path: String) throws(CodeError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CodeError(message: "cannot read \(path): \(Self.reason(errno))") }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { throw CodeError(message: "cannot read \(path): it is a folder") }
        if info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > Self.maximumBytes {
            throw CodeError(message: "\(path) is \(info.st_size) bytes; code listings are read up to \(Self.maximumBytes / 1_000_000) MB")
        }
        if info.st_mode & S_IFMT == S_IFREG { try Self.plan(Int(info.st_size), path) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CodeError(message: "cannot read \(path): \(Self.reason(errno))")
            }
            if n == 0 { break }
            guard bytes.count + n <= Self.maximumBytes else {
                throw CodeError(message: "\(path) holds more than \(Self.maximumBytes / 1_000_000) MB; code listings are read up to that")
            }
            bytes += chunk[0..<n]
        }
        if info.st_mode & S_IFMT != S_IFREG { try Self.plan(bytes.count, path) }
        self.init(bytes: bytes)
    }

    /// Refuses, with figures, a source whose lexing would not fit in the memory this process may use.
    private static func plan(_ count: Int, _ path: String) throws(CodeError) {
        do { try MemoryBudget.check(lexingBytes(count)) } catch {
            throw CodeError(message: "\(path) is \(count / 1_000_000) MB and needs about \(error.needed >> 20) MB to read as code, more than the \(error.available >> 20) MB this process may use")
        }
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES: "permission denied"
        case EISDIR: "it is a folder"
        default: String(cString: strerror(code))
        }
    }

    package init(bytes: [UInt8]) {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var substituted: [(offset: Int, byte: UInt8)] = []
        var i = 0
        while i < bytes.count {
            let length = Self.validSequenceLength(bytes, at: i)
            if length > 0 {
                out += bytes[i..<(i + length)]
                i += length
            } else {
                substituted.append((out.count, bytes[i]))
                out += [0xEF, 0xBF, 0xBD]
                i += 1
            }
        }
        text = String(decoding: out, as: UTF8.self)
        self.substituted = substituted
    }

    /// The length of the well-formed UTF-8 sequence at `i` (Unicode's table 3-7), or 0.
    static func validSequenceLength(_ b: [UInt8], at i: Int) -> Int {
        let b0 = b[i]
        if b0 < 0x80 { return 1 }
        func cont(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool { i + k < b.count && range.contains(b[i + k]) }
        switch b0 {
        case 0xC2...0xDF: return cont(1) ? 2 : 0
        case 0xE0: return cont(1, 0xA0...0xBF) && cont(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : 0
        case 0xED: return cont(1, 0x80...0x9F) && cont(2) ? 3 : 0
        case 0xF0: return cont(1, 0x90...0xBF) && cont(2) && cont(3) ? 4 : 0
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : 0
        case 0xF4: return cont(1, 0x80...0x8F) && cont(2) && cont(3) ? 4 : 0
        default: return 0
        }
    }
}
