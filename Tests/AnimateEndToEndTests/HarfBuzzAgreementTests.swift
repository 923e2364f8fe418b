import AnimateDrawing
import AnimateTestSupport
import AnimateText
import Foundation
import Testing

@Suite struct HarfBuzzAgreementTests {
    /// One line in each of the scripts the issue names, with the face our fallback picks.
    static let samples: [String] = [
        "زوايا المثلث تصنع خطًا مستقيمًا",          // Arabic: joining, marks
        "זוויות המשולש יוצרות קו ישר",               // Hebrew
        "त्रिभुज के कोण एक सीधी रेखा बनाते हैं",       // Devanagari: reordering, conjuncts
        "ত্রিভুজের কোণগুলি একটি সরলরেখা",              // Bengali
        "முக்கோணத்தின் கோணங்கள் ஒரு நேர்கோட்டை",      // Tamil
        "มุมของสามเหลี่ยมรวมกันเป็นเส้นตรง",            // Thai: stacked marks
        "Οι γωνίες ενός τριγώνου σχηματίζουν ευθεία",  // Greek
        "Углы треугольника образуют прямую линию",     // Cyrillic
        "三角形的内角和是一条直线",                      // CJK
        "👨‍👩‍👧‍👦👍🏽🇫🇷🏴󠁧󠁢󠁳󠁣󠁴󠁿1️⃣❤️",                       // emoji sequences
        "AVATAR office Wave ffi",                       // Latin: kerning and ligatures
    ]


    /// hb-shape's glyphs for `text`: id, cluster (a character index), offset and advance.
    func hbShape(_ item: ShapedItem) async throws -> [(id: UInt32, cluster: Int, dx: Int, dy: Int, advance: Int)] {
        let tool = try #require(which("hb-shape"), "hb-shape (Debian libharfbuzz-bin, scripts/setup --tests)")
        let r = try await run(tool, ["--no-glyph-names", "--face-index=\(item.faceIndex)", "--direction=\(item.isRightToLeft ? "rtl" : "ltr")",
                                     "--script=\(item.script)", "--font-file=\(item.fontPath)", "--text=\(item.text)"]
                                    + (item.language.map { ["--language=\($0)"] } ?? []))
        #expect(r.status == 0, "\(r.stderr)")
        let body = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst().dropLast()
        return body.split(separator: "|").map { entry in
            // gid=cluster[@dx,dy]+advance
            let (id, rest) = (entry.split(separator: "=")[0], entry.split(separator: "=")[1])
            let plus = rest.split(separator: "+")
            let head = plus[0].split(separator: "@")
            let offsets = head.count > 1 ? head[1].split(separator: ",").map { Int($0)! } : [0, 0]
            return (UInt32(id)!, Int(head[0])!, offsets[0], offsets[1], plus.count > 1 ? Int(plus[1])! : 0)
        }
    }

    /// Our glyph ids, clusters, offsets and advances equal `hb-shape`'s for the same font, text,
    /// script and direction, item by item, in 10 scripts and emoji sequences.
    @Test(arguments: samples)
    func glyphsMatchHarfBuzzsOwnShaper(sample: String) async throws {
        let items = ShapedItem.items(of: Text(sample).font(.system(size: 40)))
        #expect(!items.isEmpty)
        var scripts: Set<String> = []
        for item in items {
            scripts.insert(item.script)
            let reference = try await hbShape(item)
            #expect(reference.count == item.glyphs.count, "\(item.text) in \(item.fontPath): \(item.glyphs.count) glyphs, hb-shape \(reference.count)")
            for (ours, theirs) in zip(item.glyphs, reference) {
                #expect(ours.id == theirs.id && ours.cluster == theirs.cluster && ours.dx == theirs.dx && ours.dy == theirs.dy
                        && ours.advance == theirs.advance, "\(item.text): ours \(ours), hb-shape \(theirs)")
            }
            // No cluster is left to the missing-glyph box.
            #expect(!item.glyphs.contains { $0.id == 0 }, "\(item.text) in \(item.fontPath) has .notdef")
        }
    }

    /// A typesetting language picks the font's forms for it (OpenType `locl`): Marathi's ल and श
    /// differ from Hindi's in Noto Sans Devanagari, as hb-shape gives them.
    @Test func aTypesettingLanguagePicksItsForms() async throws {
        let hindi = ShapedItem.items(of: Text("लश").typesettingLanguage(Locale.Language(identifier: "hi")))
        let marathi = ShapedItem.items(of: Text("लश").typesettingLanguage(Locale.Language(identifier: "mr")))
        let plain = ShapedItem.items(of: Text("लश"))
        #expect(marathi.count == 1 && hindi.count == 1 && marathi[0].language == "mr")
        #expect(marathi[0].glyphs.map(\.id) != hindi[0].glyphs.map(\.id))
        #expect(plain[0].glyphs.map(\.id) == hindi[0].glyphs.map(\.id))
        for item in hindi + marathi {
            #expect(try await hbShape(item).map(\.id) == item.glyphs.map(\.id))
        }
        // The same from an attributed string's language.
        var attributed = AttributedString("लश")
        attributed.languageIdentifier = "mr"
        #expect(ShapedItem.items(of: Text(attributed)).first?.glyphs.map(\.id) == marathi[0].glyphs.map(\.id))
    }
}
