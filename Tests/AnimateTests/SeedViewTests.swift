import Animate
import AnimateTestSupport
import Foundation
import PlaygroundSupport
import Testing

/// The seed lessons' whole views (Tests/AnimateTests/Seeds), set as the playground's live view
/// as the lessons do, drawn in a 700x700 window: each draws what its lesson shows.
@Suite(.serialized) struct SeedViewTests {
    /// The live view a lesson sets, drawn in a window.
    static func window(_ live: () -> Void, size: CGSize = CGSize(width: 700, height: 700), name: String) throws -> Bitmap {
        live()
        let view = try #require(PlaygroundPage.current.liveView)
        var bitmap = Bitmap(width: Int(size.width), height: Int(size.height))
        bitmap.draw { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
            context.draw(AnyView(view), in: CGRect(origin: .zero, size: size), environment: .frame(at: 0))
        }
        try? bitmap.writePNG(to: artifactDirectory().appendingPathComponent("seed-\(name).png"))
        return bitmap
    }

    /// How many pixels are close to `color`.
    static func count(_ b: Bitmap, near color: (UInt8, UInt8, UInt8), within: Int = 24) -> Int {
        var n = 0
        for y in 0..<b.height {
            for x in 0..<b.width {
                let p = b.premultipliedPixel(x: x, y: y)
                if abs(Int(p.x) - Int(color.0)) <= within && abs(Int(p.y) - Int(color.1)) <= within && abs(Int(p.z) - Int(color.2)) <= within { n += 1 }
            }
        }
        return n
    }

    @Test func theLeafLessonDrawsItsGreenLeavesUnderItsTitle() throws {
        let b = try Self.window({ Seed4_7d.live() }, name: "4-7d")
        // SwiftUI's green leaves, the orange title.
        #expect(Self.count(b, near: (0x34, 0xC7, 0x59)) > 2_000)
        #expect(Self.count(b, near: (0xFF, 0x95, 0x00)) > 100)
    }

    @Test func thePolygonLessonDrawsItsGridOfPolygons() throws {
        let b = try Self.window({ Seed4_8a.live() }, size: CGSize(width: 700, height: 1000), name: "4-8a")
        #expect(Self.count(b, near: (0x34, 0xC7, 0x59)) > 20_000, "nine green polygons")
        #expect(Self.count(b, near: (0x32, 0xAD, 0xE6)) > 1_000, "the canvas's cyan pentagon and hexagons")
    }

    @Test func theSwipeLessonDrawsItsRingsAndCircle() throws {
        let b = try Self.window({ Seed4_9c.live() }, name: "4-9c")
        #expect(Self.count(b, near: (0x32, 0xAD, 0xE6)) > 5_000, "the cyan ring")
        #expect(Self.count(b, near: (0x00, 0x7A, 0xFF)) > 20_000, "the blue circle")
    }
}
