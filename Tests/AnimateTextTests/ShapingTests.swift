import AnimateDrawing
import AnimateTestSupport
import AnimateText
import Foundation
import Testing

/// Text in the world's scripts: shaped by HarfBuzz, ordered by the bidi algorithm, each cluster
/// from a face that has it.
@Suite struct ShapingTests {
    /// The narration's languages side by side, a mixed-direction line and emoji sequences, drawn
    /// as a caption card (written to the artifacts folder to be looked at).
    static let card: [(String, String)] = [
        ("English", "The angles of a triangle make a straight line."),
        ("العربية", "زوايا المثلث تصنع خطًا مستقيمًا."),
        ("עברית", "זוויות המשולש יוצרות קו ישר."),
        ("हिन्दी", "त्रिभुज के कोण एक सीधी रेखा बनाते हैं।"),
        ("বাংলা", "ত্রিভুজের কোণগুলি একটি সরলরেখা তৈরি করে।"),
        ("தமிழ்", "முக்கோணத்தின் கோணங்கள் ஒரு நேர்கோட்டை உருவாக்குகின்றன."),
        ("ไทย", "มุมของสามเหลี่ยมรวมกันเป็นเส้นตรง"),
        ("Ελληνικά", "Οι γωνίες ενός τριγώνου σχηματίζουν ευθεία."),
        ("Русский", "Углы треугольника образуют прямую линию."),
        ("中文", "三角形的内角和是一条直线。"),
        ("日本語", "三角形の角はまっすぐな線になる。"),
        ("mixed", "The word مثلث means triangle (3 sides) ולא ריבוע."),
        ("emoji", "👨‍👩‍👧‍👦 👍🏽 🇫🇷 🏴󠁧󠁢󠁳󠁣󠁴󠁿 1️⃣ ❤️ ☺︎"),
    ]

    @Test func multilingualCaptionCard() throws {
        var canvas = Bitmap(width: 1280, height: 1000)
        canvas.draw { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color(white: 0.97)))
            var y: CGFloat = 24
            for (name, line) in Self.card {
                context.draw(Text(name).font(.system(size: 22, weight: .semibold)).foregroundColor(.gray),
                             at: CGPoint(x: 24, y: y), anchor: .topLeading)
                context.draw(Text(line).font(.system(size: 34)), in: CGRect(x: 200, y: y - 6, width: 1056, height: 80))
                y += 74
            }
        }
        try canvas.writeTestPNG(to: artifactDirectory().appendingPathComponent("multilingual-card.png"))
    }
}

extension ShapingTests {

}

extension ShapingTests {
    /// `Font.custom` finds a face by its full name or by family and style words, as fontconfig
    /// lists them; an unknown family keeps the style its name asks for.
    @Test(arguments: [
        ("DejaVu Sans", "DejaVuSans.ttf"),
        ("DejaVu Sans Bold", "DejaVuSans-Bold.ttf"),
        ("DejaVu Sans Bold Oblique", "DejaVuSans-BoldOblique.ttf"),
        ("DejaVu Serif Italic", "DejaVuSerif-Italic.ttf"),
        ("DejaVu Sans ExtraLight", "DejaVuSans-ExtraLight.ttf"),
        ("DejaVu Sans Mono Bold", "DejaVuSansMono-Bold.ttf"),
        ("Noto Sans Bold Italic", "NotoSans-BoldItalic.ttf"),
        ("DejaVu Sans Condensed Bold", "DejaVuSansCondensed-Bold.ttf"),
    ])
    func customFontsAreFoundByFullNameOrStyle(name: String, file: String) {
        let face = ShapedItem.items(of: Text("Hxg").font(.custom(name, size: 20))).first?.fontPath ?? ""
        #expect(face.hasSuffix("/" + file), "\(name) gave \(face)")
    }

    /// A family that is not installed still gets the weight and slant its name asks for.
    @Test func anUnknownFamilyKeepsItsStyle() {
        let regular = ShapedItem.items(of: Text("Hxg").font(.custom("Futura", size: 20))).first?.fontPath ?? ""
        let bold = ShapedItem.items(of: Text("Hxg").font(.custom("Futura Bold", size: 20))).first?.fontPath ?? ""
        #expect(!regular.isEmpty && regular != bold && bold.contains("Bold"), "\(regular) / \(bold)")
    }
}

extension ShapingTests {
    /// A character stays whole when an attribute changes inside it: a combining mark coloured
    /// apart from its base is shaped with it (no dotted circle, the same glyphs).
    @Test func aClusterSplitByAttributesIsShapedWhole() {
        let whole = ShapedItem.items(of: Text("a\u{301}x"))
        let parts = ShapedItem.items(of: Text("a").foregroundColor(.red) + Text("\u{301}x").foregroundColor(.blue))
        #expect(parts.flatMap { $0.glyphs.map(\.id) } == whole.flatMap { $0.glyphs.map(\.id) })
        #expect(parts.flatMap { $0.glyphs.map { [$0.dx, $0.dy, $0.advance] } } == whole.flatMap { $0.glyphs.map { [$0.dx, $0.dy, $0.advance] } })
    }
}
