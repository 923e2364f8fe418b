import AnimateDrawing
import AnimateTestSupport
import Foundation
import Testing

/// A clip to a rectangle of whole pixels is drawn without reading its mask: runs are cut to the
/// rectangle, and at full opacity the unclipped fast paths are taken. Every kind of drawing must
/// give the bytes the mask gives. The reference is the same rectangle plus a small dot far from
/// it, which makes the mask no longer a rectangle; the dot's neighbourhood is left out of the
/// comparison.
@Suite struct ClipRectangleTests {
    static let width = 67, height = 45
    static let dot = CGPoint(x: 63, y: 41)
    static let gradient = Gradient(colors: [.red, Color(red: 0.1, green: 0.9, blue: 0.3, opacity: 0.6), .blue])

    static let drawings: [(String, @Sendable (inout GraphicsContext) -> Void)] = [
        ("opaque colour over the frame", { $0.fill(Path(CGRect(x: 0, y: 0, width: width, height: height)), with: .color(.orange)) }),
        ("translucent ellipse across the edge", { $0.fill(Path(ellipseIn: CGRect(x: -6, y: 2, width: 30.5, height: 21.3)), with: .color(.green.opacity(0.55))) }),
        ("linear gradient", { $0.fill(Path(CGRect(x: 1.5, y: 0, width: 50, height: 40)), with: .linearGradient(gradient, startPoint: .zero, endPoint: CGPoint(x: 50, y: 9))) }),
        ("radial gradient", { $0.fill(Path(ellipseIn: CGRect(x: 10, y: 5, width: 40, height: 40)), with: .radialGradient(gradient, center: CGPoint(x: 30, y: 25), startRadius: 2, endRadius: 20)) }),
        ("stroke", { $0.stroke(Path(ellipseIn: CGRect(x: 3.3, y: 4.1, width: 45, height: 30)), with: .color(.white), lineWidth: 2.5) }),
        ("hairline", { $0.stroke(Path(CGRect(x: 2.5, y: 2.5, width: 50, height: 30)), with: .color(.yellow), lineWidth: 0.3) }),
        ("opacity 0.37", { c in c.opacity = 0.37; c.fill(Path(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 40)), with: .color(.purple)) }),
        ("opacity 0.37 gradient", { c in c.opacity = 0.37; c.fill(Path(CGRect(x: 0, y: 0, width: 60, height: 40)), with: .linearGradient(gradient, startPoint: .zero, endPoint: CGPoint(x: 60, y: 0))) }),
        ("copy", { c in c.blendMode = .copy; c.fill(Path(ellipseIn: CGRect(x: 5, y: 5, width: 33, height: 27)), with: .color(.cyan.opacity(0.7))) }),
        ("copy at opacity 0.37", { c in c.blendMode = .copy; c.opacity = 0.37; c.fill(Path(CGRect(x: 0, y: 0, width: 67, height: 45)), with: .color(.cyan)) }),
        ("multiply", { c in c.blendMode = .multiply; c.fill(Path(ellipseIn: CGRect(x: 5, y: 5, width: 50, height: 30)), with: .color(.teal)) }),
        ("not antialiased", { $0.fill(Path(ellipseIn: CGRect(x: 4.4, y: 3.3, width: 37, height: 29)), with: .color(.pink), style: FillStyle(antialiased: false)) }),
        // Coverage 0.71302813 (a left edge at x = 11 - c) at opacity 0.3877415: one of the rare pairs
        // where weights(c, op * 255) is 71 and weights(c * op, 255) is 70, so the unclipped fast
        // path may only stand in for the blend at full opacity.
        ("an edge where the two roundings differ", { c in
            c.opacity = Double(Float(0.3877415))
            c.fill(Path(CGRect(x: 11 - Double(Float(0.71302813)), y: 5, width: 20, height: 15)), with: .color(.white))
        }),
        ("layer", { c in c.drawLayer { $0.fill(Path(ellipseIn: CGRect(x: 0, y: 0, width: 50, height: 44)), with: .color(.mint)) } }),
    ]

    static func render(clip: Path, second: Path?, _ draw: (inout GraphicsContext) -> Void) -> [UInt8] {
        var canvas = Bitmap(width: width, height: height)
        canvas.clear(Color(red: 0.2, green: 0.2, blue: 0.25))
        canvas.draw { context, _ in
            // Something under the clip to blend with.
            context.fill(Path(ellipseIn: CGRect(x: 10, y: 0, width: 40, height: 45)), with: .color(Color(red: 0.8, green: 0.6, blue: 0.1, opacity: 0.8)))
            var clipped = context
            clipped.clip(to: clip)
            if let second { clipped.clip(to: second) }
            draw(&clipped)
        }
        return canvas.rgba8()
    }

    static func withDot(_ path: Path) -> Path {
        var p = path
        p.addEllipse(in: CGRect(x: dot.x - 0.7, y: dot.y - 0.7, width: 1.4, height: 1.4))
        return p
    }

    /// Pixels away from the reference's dot.
    static func awayFromTheDot(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width where abs(Double(x) - dot.x) > 3 || abs(Double(y) - dot.y) > 3 {
                out += bytes[(y * width + x) * 4..<(y * width + x) * 4 + 4]
            }
        }
        return out
    }

    @Test(arguments: 0..<drawings.count)
    func aRectangleClipGivesTheMasksBytes(_ index: Int) {
        let (name, draw) = Self.drawings[index]
        let rect = Path(CGRect(x: 7, y: 4, width: 36, height: 29))
        let fast = Self.render(clip: rect, second: nil, draw)
        let masked = Self.render(clip: Self.withDot(rect), second: nil, draw)
        #expect(Self.awayFromTheDot(fast) == Self.awayFromTheDot(masked), "\(name)")
        // Two nested rectangles intersect to a rectangle too; a transformed one under a translation.
        let inner = Path(CGRect(x: 12, y: -3, width: 60, height: 20))
        #expect(Self.awayFromTheDot(Self.render(clip: rect, second: inner, draw))
                == Self.awayFromTheDot(Self.render(clip: Self.withDot(rect), second: inner, draw)), "\(name), nested")
        // The clip matters: drawing must stay inside the rectangle.
        var unclipped = Bitmap(width: Self.width, height: Self.height)
        unclipped.clear(Color(red: 0.2, green: 0.2, blue: 0.25))
        unclipped.draw { c, _ in
            c.fill(Path(ellipseIn: CGRect(x: 10, y: 0, width: 40, height: 45)), with: .color(Color(red: 0.8, green: 0.6, blue: 0.1, opacity: 0.8)))
            draw(&c)
        }
        // (The rounding case lies inside the rectangle.)
        if name != "an edge where the two roundings differ" { #expect(unclipped.rgba8() != fast, "\(name): the clip changed nothing") }
    }
}
