public import Foundation
import Synchronization

/// A lesson's strings in one language, read from a gettext PO file (`fr.po`), the format
/// translators' tools (Poedit, Weblate, Crowdin) edit: each `msgid` (the text as the lesson
/// writes it) with its `msgstr` (the translation). Entries marked fuzzy or left empty are not
/// used, as gettext does. The header's `Language` names the language; `X-Voice` may name the
/// narration's voice (`espeak:fr`, `piper:joe`).
///
/// While a table is active (`StringTable.active`), `Text("literal")` and narration lines are
/// looked up in it: the render is the lesson in that language.
public struct StringTable: Sendable, Equatable {
    /// The translations, by the text they translate.
    public let entries: [String: String]
    /// The header's `Language` (`fr`, `zh_CN`), if given.
    public let language: String?
    /// The header's `X-Voice`, if given.
    public let voice: String?

    /// A PO file that cannot be read: where and why, in one line.
    public struct ParseError: Error, CustomStringConvertible, Sendable, Equatable {
        public let line: Int
        public let reason: String
        package init(line: Int, reason: String) { self.line = line; self.reason = reason }
        public var description: String { "line \(line): \(reason)" }
    }

    package init(entries: [String: String], language: String? = nil, voice: String? = nil) {
        self.entries = entries
        self.language = language
        self.voice = voice
    }

    /// Reads a PO file's text.
    public init(po text: String) throws(ParseError) {
        var entries: [String: String] = [:]
        var header: String?
        // The entry being read: its keyword strings so far, and whether it is fuzzy.
        var fields: [String: String] = [:]
        var current: String?
        var fuzzy = false, sawEntry = false
        func finish() {
            defer { fields = [:]; current = nil; fuzzy = false; sawEntry = false }
            guard sawEntry, let id = fields["msgid"] else { return }
            let translation = fields["msgstr"] ?? fields["msgstr[0]"] ?? ""
            if id.isEmpty, fields["msgctxt"] == nil {
                header = translation
            } else if !fuzzy, !translation.isEmpty {
                entries[id] = translation
            }
        }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (n, raw) in lines.enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { finish(); continue }
            if line.hasPrefix("#") {
                // A comment before an entry belongs to it: a new one starts here if one was read.
                if sawEntry && fields["msgstr"] != nil || fields["msgstr[0]"] != nil { finish() }
                if line.hasPrefix("#,") && line.contains("fuzzy") { fuzzy = true }
                continue
            }
            if line.hasPrefix("\"") {
                guard let key = current else { throw ParseError(line: n + 1, reason: "a string continues no keyword") }
                fields[key, default: ""] += try Self.string(line, line: n + 1)
                continue
            }
            guard let space = line.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
                throw ParseError(line: n + 1, reason: "expected a keyword and a quoted string")
            }
            let keyword = String(line[..<space])
            let known = keyword == "msgid" || keyword == "msgstr" || keyword == "msgctxt" || keyword == "msgid_plural"
                || (keyword.hasPrefix("msgstr[") && keyword.hasSuffix("]") && Int(keyword.dropFirst(7).dropLast()) != nil)
            guard known else { throw ParseError(line: n + 1, reason: "unknown keyword '\(keyword.prefix(20))'") }
            // A new msgid (or msgctxt) after a msgstr starts the next entry.
            if (keyword == "msgid" || keyword == "msgctxt") && (fields["msgstr"] != nil || fields["msgstr[0]"] != nil) { finish() }
            guard fields[keyword] == nil else { throw ParseError(line: n + 1, reason: "\(keyword) given twice in one entry") }
            fields[keyword] = try Self.string(line[space...].trimmingCharacters(in: .whitespaces), line: n + 1)
            current = keyword
            sawEntry = true
        }
        finish()
        self.entries = entries
        let headers = Self.headerFields(header ?? "")
        language = headers["language"].flatMap { $0.isEmpty ? nil : $0 }
        voice = headers["x-voice"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Reads the PO file at `path`.
    public init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        guard let text = String(data: data, encoding: .utf8) else { throw ParseError(line: 1, reason: "not UTF-8 text") }
        try self.init(po: text)
    }

    /// The translation of `text`, or `text` itself.
    public func translate(_ text: String) -> String { entries[text] ?? text }

    /// The table in use while rendering a language (nil: the lesson as written).
    public static var active: StringTable? {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
    private static let current = Mutex<StringTable?>(nil)

    /// A quoted PO string's text: `"..."` with C escapes.
    private static func string<S: StringProtocol>(_ quoted: S, line: Int) throws(ParseError) -> String {
        let scalars = Array(quoted.unicodeScalars)
        guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else {
            throw ParseError(line: line, reason: "expected a string in double quotes")
        }
        var out = String.UnicodeScalarView()
        var i = 1
        while i < scalars.count - 1 {
            let c = scalars[i]
            if c == "\"" { throw ParseError(line: line, reason: "a double quote inside a string must be written \\\"") }
            guard c == "\\" else { out.append(c); i += 1; continue }
            guard i + 1 < scalars.count - 1 else { throw ParseError(line: line, reason: "a string ends with a lone backslash") }
            let e = scalars[i + 1]
            i += 2
            switch e {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "\"": out.append("\"")
            case "\\": out.append("\\")
            case "a": out.append("\u{07}")
            case "b": out.append("\u{08}")
            case "f": out.append("\u{0C}")
            case "v": out.append("\u{0B}")
            default: throw ParseError(line: line, reason: "unknown escape \\\(e)")
            }
        }
        return String(out)
    }

    /// The header's `Name: value` lines, names lowercased.
    private static func headerFields(_ header: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in header.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }
}
