import AnimateDrawing
import AnimatePixels
import AnimateRender
import AnimateScene
import AnimateTestSupport
import AnimateTimeline
import CKernels
import Foundation
import Testing

@Suite struct KernelPathRenderTests {
    @Test func framesAreTheSameBytesOnEveryPath() throws {
        // Half-transparent fills over a gradient, a radial gradient and each other, an even-odd star
        // whose points cross (the sweep's other rule and exact union coverage) and a hairline.
        let scene = Scene(name: "test-blobs", description: "overlapping translucent blobs", duration: 1,
                          size: CGSize(width: 320, height: 180)) { c, f in
            c.fill(Path(CGRect(origin: .zero, size: f.size)),
                   with: .linearGradient(Gradient(colors: [.white, .teal]), startPoint: .zero, endPoint: CGPoint(x: 320, y: 180)))
            c.fill(Path(ellipseIn: CGRect(x: 150, y: 20, width: 160, height: 150)),
                   with: .radialGradient(Gradient(colors: [.yellow, .orange, .purple]), center: CGPoint(x: 230, y: 95),
                                         startRadius: 5, endRadius: 70 + 10 * f.progress))
            c.fill(Path(ellipseIn: CGRect(x: 10, y: 60, width: 120, height: 110)),
                   with: .conicGradient(Gradient(colors: [.red, .yellow, .blue, .red]), center: CGPoint(x: 70, y: 115),
                                        angle: .degrees(30 + 90 * f.progress)))
            for k in 0..<12 {
                let x = Double(k) * 23 + 40 * f.progress, y = Double(k % 4) * 35
                c.fill(Path(ellipseIn: CGRect(x: x, y: y, width: 90, height: 70)),
                       with: .color(Color(red: Double(k) / 12, green: 0.3, blue: 1 - Double(k) / 12, opacity: 0.35)))
            }
            var star = Path()
            for k in 0..<5 {
                let angle = Double(k) * 4 * .pi / 5 + f.progress
                let point = CGPoint(x: 200 + 70 * sin(angle), y: 95 - 70 * cos(angle))
                if k == 0 { star.move(to: point) } else { star.addLine(to: point) }
            }
            star.closeSubpath()
            c.fill(star, with: .color(.indigo.opacity(0.7)), style: FillStyle(eoFill: true))
            c.stroke(Path { p in p.move(to: CGPoint(x: 3, y: 177)); p.addLine(to: CGPoint(x: 317, y: 2 + 9 * f.progress)) },
                     with: .color(.black), lineWidth: 0.6)
        }
        let request = try RenderRequest(scene: scene, rate: FrameRate(numerator: 30)!)
        var reference: [UInt8]?
        for path in kernelPaths {
            let bytes = with(path: path) { () -> [UInt8] in
                var canvas = Bitmap(width: 320, height: 180)
                request.render(12, into: &canvas)
                return canvas.rgba8()
            }
            if let reference { #expect(bytes == reference, "path \(path)") } else { reference = bytes }
        }
        #expect(kernelPaths.count >= 2, "x86-64 has at least the scalar and SSE2 paths")
    }
}
