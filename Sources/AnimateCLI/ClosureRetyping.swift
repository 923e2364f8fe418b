import Foundation

/// A second look at a lesson that did not compile because of a mistake inside a drawing
/// closure, `Scene(...) { context, frame in ... }`. The compiler, failing to type the closure as
/// a drawing, also tries the view scene's `() -> V` closure and may report only that it takes no
/// arguments. Giving the closure's parameters their types, as the author could, makes it report
/// the real mistake; this finds those closures in the report and writes them so.
enum ClosureRetyping {
    /// The compiler's words when it tried the view scene's closure instead.
    static let symptom = "error: contextual closure type '() -> V' expects 0 arguments, but 2 were used in closure body"

    /// The places (file path, line, column; from 1) of the closures the report names.
    static func places(in log: String) -> [(path: String, line: Int, column: Int)] {
        log.split(separator: "\n").compactMap { line in
            guard let end = line.range(of: ": " + symptom) else { return nil }
            let location = line[..<end.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3, let row = Int(location[location.count - 2]), let column = Int(location[location.count - 1]) else { return nil }
            return (location.dropLast(2).joined(separator: ":"), row, column)
        }
    }

    /// `text` with the closure opening at `line`:`column` (UTF-8 bytes, as the compiler counts;
    /// its brace or its first parameter)
    /// given typed parameters, `{ (context: inout GraphicsContext, frame: Frame) in`; nil when
    /// no two-parameter closure header starts there.
    static func retyped(_ text: String, line: Int, column: Int) -> String? {
        var bytes = Array(text.utf8)
        var start = 0, row = 1
        while row < line {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            start = newline + 1
            row += 1
        }
        // The compiler points at the brace or at the parameters after it.
        var i = start + column - 1
        guard i < bytes.count, i >= start else { return nil }
        while i > start, bytes[i] != UInt8(ascii: "{"), bytes[i - 1] == 32 || bytes[i - 1] == 9 || bytes[i - 1] == UInt8(ascii: "{") { i -= 1 }
        guard bytes[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        let headerStart = i
        func skipSpace() { while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 } }
        func name() -> String? {
            skipSpace()
            let from = i
            while i < bytes.count, bytes[i] == UInt8(ascii: "_") || (bytes[i] | 0x20 >= UInt8(ascii: "a") && bytes[i] | 0x20 <= UInt8(ascii: "z"))
                    || (bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9")) || bytes[i] >= 0x80 { i += 1 }
            return i > from ? String(decoding: bytes[from..<i], as: UTF8.self) : nil
        }
        skipSpace()
        let parenthesised = i < bytes.count && bytes[i] == UInt8(ascii: "(")
        if parenthesised { i += 1 }
        guard let first = name() else { return nil }
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
        i += 1
        guard let second = name() else { return nil }
        skipSpace()
        if parenthesised {
            guard i < bytes.count, bytes[i] == UInt8(ascii: ")") else { return nil }
            i += 1
        }
        guard name() == "in" else { return nil }
        let header = " (\(first): inout GraphicsContext, \(second): Frame) in"
        bytes.replaceSubrange(headerStart..<i, with: Array(header.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }
}
