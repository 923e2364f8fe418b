import AnimateDrawing
import AnimateTestSupport
import AnimateText
import AnimateViews
import Foundation
import Testing

/// Bitmap code written the way SwiftUI apps write it (glows, draw-on progress rings, inset strokes,
/// gooey blobs), pasted into `canvas.draw { context, size in ... }` unchanged.
@Suite struct SwiftUISnippetTests {
    /// A progress ring: a faint track, the trimmed arc over it with a glow, and a label.
    static func progressRing(_ context: inout GraphicsContext, _ size: CGSize, progress: Double) {
        let rect = CGRect(origin: .zero, size: size).insetBy(dx: 20, dy: 20)
        let ring = Circle().inset(by: 6)
        context.stroke(ring.path(in: rect), with: .color(.gray.opacity(0.25)), lineWidth: 12)
        var glow = context
        glow.addFilter(.shadow(color: .accentColor.opacity(0.8), radius: 8))
        glow.stroke(ring.trim(from: 0, to: progress).path(in: rect).applying(
                        CGAffineTransform(translationX: size.width / 2, y: size.height / 2).rotated(by: -.pi / 2)
                            .translatedBy(x: -size.width / 2, y: -size.height / 2)),
                    with: .linearGradient(Gradient(colors: [.blue, .purple]), startPoint: .zero,
                                          endPoint: CGPoint(x: size.width, y: size.height), options: .linearColor),
                    style: StrokeStyle(lineWidth: 12, lineCap: .round))
        context.draw(Text("\(Int(progress * 100))%").font(.system(size: 28, weight: .bold, design: .rounded)),
                     at: CGPoint(x: size.width / 2, y: size.height / 2))
    }

    /// Gooey metaballs: blurred circles through an alpha threshold.
    static func metaballs(_ context: inout GraphicsContext, _ size: CGSize, t: Double) {
        context.addFilter(.alphaThreshold(min: 0.5, color: .mint))
        context.addFilter(.blur(radius: 12))
        context.drawLayer { ctx in
            for i in 0..<5 {
                let angle = t + Double(i) * 2 * .pi / 5
                let r = 60.0 + 20 * sin(t * 2 + Double(i))
                let center = CGPoint(x: size.width / 2 + r * cos(angle), y: size.height / 2 + r * sin(angle))
                ctx.fill(Path(ellipseIn: CGRect(x: center.x - 28, y: center.y - 28, width: 56, height: 56)), with: .color(.black))
            }
        }
    }

    @Test func pastedSnippetsDrawWhatTheyShould() throws {
        var ring = Bitmap(width: 240, height: 240)
        ring.clear(.white)
        ring.draw { context, size in Self.progressRing(&context, size, progress: 0.25) }
        // A quarter from the top (after the -90° turn): ink at the top and right of the ring, none at the bottom or left.
        let top = ring.premultipliedPixel(x: 120, y: 32), right = ring.premultipliedPixel(x: 208, y: 120)
        let bottom = ring.premultipliedPixel(x: 120, y: 208), left = ring.premultipliedPixel(x: 32, y: 120)
        #expect(top.z > top.x + 40 && right.z > right.x + 40, "\(top) \(right)")
        #expect(abs(Int(bottom.x) - Int(bottom.z)) < 25 && abs(Int(left.x) - Int(left.z)) < 25, "\(bottom) \(left)")
        var blobs = Bitmap(width: 300, height: 300)
        blobs.clear(.white)
        blobs.draw { context, size in Self.metaballs(&context, size, t: 0.5) }
        // Blurred, then thresholded (the filter added last applies first): every pixel is mint or
        // white, with no soft edge, and blobs close together have merged into one shape.
        let mint = SIMD4<UInt8>(0, 199, 190, 255), white = SIMD4<UInt8>(255, 255, 255, 255)
        var inked = 0, other = 0
        for y in 0..<300 {
            for x in 0..<300 {
                let p = blobs.premultipliedPixel(x: x, y: y)
                if p == mint { inked += 1 } else if p != white { other += 1 }
            }
        }
        #expect(other == 0 && inked > 3 * 2463, "\(inked) mint, \(other) other")
        // Merged: the bridge between the top two blobs (centres 50 px apart) is ink.
        #expect(blobs.premultipliedPixel(x: 150, y: 105) == mint)
        let dir = artifactDirectory()
        try ring.writeTestPNG(to: dir.appendingPathComponent("snippet-ring.png"))
        try blobs.writeTestPNG(to: dir.appendingPathComponent("snippet-metaballs.png"))
    }
}
