import AnimateDrawing
import Foundation
import Testing

/// `Bitmap.clear` defers its write until the pixels are used, and an opaque rectangle over the
/// whole frame drops it. Whatever the first drawing is, a canvas that held an earlier frame must give
/// the same bytes as a fresh one: a dropped clear must never let the earlier frame show through.
@Suite struct CanvasReuseTests {
    static let width = 48, height = 32
    static let frame = CGRect(x: 0, y: 0, width: width, height: height)
    static let gradient = Gradient(colors: [.red, .blue])

    /// First drawings after the clear, by name: some replace every pixel, most must not drop it.
    static let firstDrawings: [(String, @Sendable (inout GraphicsContext) -> Void)] = [
        ("opaque colour over the frame", { $0.fill(Path(frame), with: .color(.green)) }),
        ("opaque gradient over a larger rectangle", {
            $0.fill(Path(frame.insetBy(dx: -5, dy: -3)), with: .linearGradient(gradient, startPoint: .zero, endPoint: CGPoint(x: 48, y: 0)))
        }),
        ("rectangle a quarter pixel short", { $0.fill(Path(CGRect(x: 0.25, y: 0, width: 48, height: 32)), with: .color(.green)) }),
        ("rectangle one row short", { $0.fill(Path(CGRect(x: 0, y: 0, width: 48, height: 31)), with: .color(.green)) }),
        ("half opacity", { c in c.opacity = 0.5; c.fill(Path(frame), with: .color(.green)) }),
        ("translucent colour", { $0.fill(Path(frame), with: .color(Color(red: 0, green: 1, blue: 0, opacity: 0.6))) }),
        ("gradient to clear", {
            $0.fill(Path(frame), with: .linearGradient(Gradient(colors: [.green, .clear]), startPoint: .zero, endPoint: CGPoint(x: 48, y: 0)))
        }),
        ("multiply blend", { c in c.blendMode = .multiply; c.fill(Path(frame), with: .color(.green)) }),
        ("under a clip", { c in
            c.clip(to: Path(ellipseIn: CGRect(x: 4, y: 4, width: 30, height: 20)))
            c.fill(Path(frame), with: .color(.green))
        }),
        ("rotated square over the frame", { c in
            c.translateBy(x: 24, y: 16)
            c.rotate(by: .degrees(45))
            c.fill(Path(CGRect(x: -60, y: -60, width: 120, height: 120)), with: .color(.green))
        }),
        ("two rectangles", { c in
            var p = Path(frame)
            p.addRect(CGRect(x: 10, y: 10, width: 5, height: 5))
            c.fill(p, with: .color(.green), style: FillStyle(eoFill: true))
        }),
        ("a stroke only", { $0.stroke(Path(frame), with: .color(.green), lineWidth: 3) }),
    ]

    @Test(arguments: 0..<firstDrawings.count)
    func reusedCanvasMatchesAFreshOne(_ index: Int) {
        let (name, first) = Self.firstDrawings[index]
        @Sendable func draw(_ c: inout GraphicsContext) {
            first(&c)
            c.fill(Path(ellipseIn: CGRect(x: 30, y: 8, width: 12, height: 12)), with: .color(.yellow))
        }
        var fresh = Bitmap(width: Self.width, height: Self.height)
        fresh.clear(Color(red: 0.2, green: 0.1, blue: 0.6))
        fresh.draw { c, _ in draw(&c) }

        var reused = Bitmap(width: Self.width, height: Self.height)
        reused.draw { c, _ in
            c.fill(Path(Self.frame), with: .color(.white))
            c.fill(Path(CGRect(x: 5, y: 5, width: 20, height: 20)), with: .color(.black))
        }
        reused.clear(Color(red: 0.2, green: 0.1, blue: 0.6))
        reused.draw { c, _ in draw(&c) }
        #expect(reused.rgba8() == fresh.rgba8(), "\(name)")
    }

    /// Four corners of the frame visited as out and back along one side enclose nothing: it must
    /// not be taken for a rectangle over the frame.
    @Test func outAndBackAlongASideCoversNothing() {
        var canvas = Bitmap(width: 4, height: 3)
        canvas.clear(Color(red: 1, green: 0.5, blue: 0))
        canvas.draw { c, _ in
            var p = Path()
            p.move(to: .zero)
            p.addLine(to: CGPoint(x: 4, y: 0))
            p.addLine(to: CGPoint(x: 4, y: 3))
            p.addLine(to: CGPoint(x: 4, y: 0))
            p.closeSubpath()
            c.fill(p, with: .color(.blue))
        }
        #expect(canvas.rgba8() == Array([[UInt8]](repeating: [255, 128, 0, 255], count: 12).joined()))
    }

    /// Reading a cleared canvas before drawing anything gives the clear colour.
    @Test func clearedCanvasReadsAsItsColour() {
        var canvas = Bitmap(width: 4, height: 3)
        canvas.draw { c, _ in c.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 3)), with: .color(.white)) }
        canvas.clear(Color(red: 1, green: 0.5, blue: 0))
        #expect(canvas.rgba8() == Array([[UInt8]](repeating: [255, 128, 0, 255], count: 12).joined()))
    }

    /// Backgrounds by frame: the same gradient again and again (kept and copied after the second
    /// time), then the same geometry in other colours, other geometry, other kinds, a background
    /// inside a layer, one that is not opaque, one drawn under a transform.
    static let backgrounds: [@Sendable (inout GraphicsContext) -> Void] = {
        let sky = Gradient(colors: [Color(red: 0.05, green: 0.06, blue: 0.16), Color(red: 0, green: 0, blue: 0.02)])
        let dusk = Gradient(colors: [Color(red: 0.05, green: 0.06, blue: 0.17), Color(red: 0, green: 0, blue: 0.02)])
        let radial: @Sendable (inout GraphicsContext) -> Void = {
            $0.fill(Path(frame), with: .radialGradient(sky, center: CGPoint(x: 24, y: 16), startRadius: 0, endRadius: 30))
        }
        return [
            radial, radial, radial, radial,
            { $0.fill(Path(frame), with: .radialGradient(dusk, center: CGPoint(x: 24, y: 16), startRadius: 0, endRadius: 30)) },
            radial,
            { $0.fill(Path(frame), with: .radialGradient(sky, center: CGPoint(x: 24.5, y: 16), startRadius: 0, endRadius: 30)) },
            { $0.fill(Path(frame.insetBy(dx: -4, dy: -4)), with: .linearGradient(gradient, startPoint: .zero, endPoint: CGPoint(x: 48, y: 32))) },
            { $0.fill(Path(frame), with: .linearGradient(gradient, startPoint: .zero, endPoint: CGPoint(x: 48, y: 32))) },
            { $0.fill(Path(frame), with: .conicGradient(gradient, center: CGPoint(x: 20, y: 10))) },
            { $0.fill(Path(frame), with: .conicGradient(gradient, center: CGPoint(x: 20, y: 10))) },
            { $0.fill(Path(frame), with: .conicGradient(gradient, center: CGPoint(x: 20, y: 10), angle: .degrees(90))) },
            { c in c.drawLayer { $0.fill(Path(frame), with: .conicGradient(gradient, center: CGPoint(x: 20, y: 10))) } },
            { c in c.opacity = 0.9; c.fill(Path(frame), with: .conicGradient(gradient, center: CGPoint(x: 20, y: 10))) },
            { c in c.translateBy(x: 3, y: 0); c.fill(Path(CGRect(x: -3, y: 0, width: 48, height: 32)), with: .linearGradient(gradient, startPoint: .zero, endPoint: CGPoint(x: 48, y: 32))) },
            radial, radial,
        ]
    }()

    /// One canvas drawing frame after frame gives the bytes of a fresh canvas for each frame.
    @Test func repeatedBackgroundsAreTheSameAsDrawnAfresh() {
        var reused = Bitmap(width: Self.width, height: Self.height)
        for (i, background) in Self.backgrounds.enumerated() {
            @Sendable func draw(_ c: inout GraphicsContext) {
                background(&c)
                c.fill(Path(ellipseIn: CGRect(x: Double(i), y: 8, width: 12, height: 12)), with: .color(.yellow))
            }
            var fresh = Bitmap(width: Self.width, height: Self.height)
            fresh.clear(.clear)
            fresh.draw { c, _ in draw(&c) }
            reused.clear(.clear)
            reused.draw { c, _ in draw(&c) }
            if reused.rgba8() != fresh.rgba8() { Issue.record("frame \(i)") }
        }
    }

    /// A copy of a canvas keeps its `reusesBackgrounds` setting (copies get storage of their own).
    @Test func aCopyKeepsTheBackgroundSetting() {
        let original = Bitmap(width: 8, height: 8)
        original.reusesBackgrounds = false
        var copy = original
        copy.draw { c, _ in c.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(.white)) }
        #expect(!copy.reusesBackgrounds && !original.reusesBackgrounds)
        #expect(copy.rgba8() != original.rgba8())
    }
}
