import AnimateText
import Foundation
import Testing

/// Lessons' strings in other languages: gettext PO files read as translators' tools write them,
/// and keys translated with their values in place.
@Suite struct StringTableTests {
    static let po = #"""
    # Translator comments, flags and references are read past.
    msgid ""
    msgstr ""
    "Project-Id-Version: angles\n"
    "Language: fr\n"
    "X-Voice: espeak:fr\n"

    #: Angles.swift:20
    msgid "This is a triangle."
    msgstr "Voici un triangle."

    msgid ""
    "A long line, "
    "split over lines."
    msgstr ""
    "Une longue ligne, "
    "sur plusieurs lignes."

    msgid "Tab\tand \"quotes\"\\"
    msgstr "Tab\tet « guillemets »\\"

    #, fuzzy
    msgid "Not checked yet"
    msgstr "Pas encore relu"

    msgid "Untranslated"
    msgstr ""

    msgctxt "menu"
    msgid "Open"
    msgstr "Ouvrir"

    msgid "One side"
    msgid_plural "%d sides"
    msgstr[0] "Un côté"
    msgstr[1] "%d côtés"

    msgid "Area: %@"
    msgstr "Aire : %@"
    """#

    @Test func aPOFileReadsAsTranslatorsToolsWriteIt() throws {
        let table = try StringTable(po: Self.po)
        #expect(table.language == "fr" && table.voice == "espeak:fr")
        #expect(table.entries["This is a triangle."] == "Voici un triangle.")
        #expect(table.entries["A long line, split over lines."] == "Une longue ligne, sur plusieurs lignes.")
        #expect(table.entries["Tab\tand \"quotes\"\\"] == "Tab\tet « guillemets »\\")
        #expect(table.entries["Not checked yet"] == nil, "fuzzy entries are not used")
        #expect(table.entries["Untranslated"] == nil, "empty translations are not used")
        #expect(table.entries["Open"] == "Ouvrir")
        #expect(table.entries["One side"] == "Un côté")
        #expect(table.translate("Nothing for this") == "Nothing for this")
        #expect(table.entries.count == 6)
    }

    @Test func keysAreTranslatedWithTheirValuesInPlace() throws {
        let table = try StringTable(po: Self.po)
        #expect(LocalizedStringKey("This is a triangle.").translated(in: table).text == "Voici un triangle.")
        let area = 12
        #expect(LocalizedStringKey("Area: \(area)").translated(in: table).text == "Aire : 12")
        #expect(LocalizedStringKey("Area: \(area)").translated(in: nil).text == "Area: 12")
        #expect(LocalizedStringKey("Not in it").translated(in: table).text == "Not in it")
    }

    @Test(arguments: [
        ("msgid \"a\"\nmsgstrr \"b\"\n", 2, "unknown keyword 'msgstrr'"),
        ("msgid \"a\"\nmsgstr b\n", 2, "expected a string in double quotes"),
        ("msgid \"a\nmsgstr \"b\"\n", 1, "expected a string in double quotes"),
        ("\"orphan\"\n", 1, "a string continues no keyword"),
        ("msgid \"a\"\nmsgid \"b\"\n", 2, "msgid given twice in one entry"),
        ("msgid \"a\\q\"\nmsgstr \"b\"\n", 1, "unknown escape \\q"),
        ("msgid \"a\" \"b\"\n", 1, "a double quote inside a string must be written \\\""),
    ])
    func badFilesSayWhereAndWhy(_ bad: (String, Int, String)) {
        #expect(throws: StringTable.ParseError(line: bad.1, reason: bad.2)) { try StringTable(po: bad.0) }
    }

    /// Any text, however broken, is read or refused with a line number inside it; never a crash.
    @Test func anyTextIsReadOrRefused() {
        var g = SystemRandomNumberGenerator()
        let pieces = ["msgid", "msgstr", "msgctxt", "msgid_plural", "msgstr[0]", "msgstr[x]", "\"", "\\", "\\n", "\\\"", "#", "#, fuzzy",
                      " ", "\n", "\n\n", "é", "\u{0}", "\r\n", "\t", "%@", "«", "x"]
        for _ in 0..<2000 {
            var text = Bool.random(using: &g) ? Self.po : ""
            for _ in 0..<Int.random(in: 0...40, using: &g) {
                let piece = pieces.randomElement(using: &g)!
                if text.isEmpty || Bool.random(using: &g) {
                    text += piece
                } else {
                    let at = text.index(text.startIndex, offsetBy: Int.random(in: 0...text.count, using: &g))
                    text.insert(contentsOf: piece, at: at)
                }
            }
            let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
            do { _ = try StringTable(po: text) } catch {
                #expect(error.line >= 1 && error.line <= max(lines, 1), "\(error) in \(lines) lines")
            }
        }
    }
}
