import AnimateDrawing
import AnimateTestSupport
import AnimateText
import AnimateTimeline
import Foundation
import Testing

/// Random and adversarial drawing: NaN, infinities, huge and tiny coordinates, degenerate
/// transforms, extreme stroke styles and dashes, gradients, clips, layers, text and images.
/// Every frame must come out (no crash, no hang) with valid premultiplied pixels.
/// CI runs a fixed seed; `scripts/fuzz` runs many more iterations under AddressSanitizer.
@Suite struct DrawingFuzzTests {
    static var iterations: Int { Int(ProcessInfo.processInfo.environment["ANIMATE_FUZZ_ITERATIONS"] ?? "") ?? 1000 }
    static var seed: UInt64 { UInt64(ProcessInfo.processInfo.environment["ANIMATE_FUZZ_SEED"] ?? "") ?? 20261122 }

    struct Fuzzer {
        var rng: RandomSource

        mutating func number() -> CGFloat {
            switch rng.integer(in: 0...19) {
            case 0: return .nan
            case 1: return .infinity
            case 2: return -.infinity
            case 3: return CGFloat(rng.uniform(-1e9...1e9))
            case 4: return rng.chance(0.5) ? 1e30 : -1e30
            case 5: return CGFloat(rng.integer(in: -2...66))          // exactly on pixel boundaries
            case 6: return CGFloat(rng.uniform(-1e-9...1e-9))
            case 7: return 0
            default: return CGFloat(rng.uniform(-20...84))
            }
        }
        mutating func point() -> CGPoint { CGPoint(x: number(), y: number()) }
        mutating func sane() -> CGFloat { CGFloat(rng.uniform(-10...74)) }

        mutating func path() -> Path {
            var p = Path()
            for _ in 0..<rng.integer(in: 0...12) {
                switch rng.integer(in: 0...9) {
                case 0: p.move(to: point())
                case 1, 2: p.addLine(to: point())
                case 3: p.addQuadCurve(to: point(), control: point())
                case 4: p.addCurve(to: point(), control1: point(), control2: point())
                case 5: p.addArc(center: point(), radius: number(), startAngle: .radians(Double(number())), endAngle: .radians(Double(number())), clockwise: rng.chance(0.5))
                case 6: p.addArc(tangent1End: point(), tangent2End: point(), radius: number())
                case 7: p.addRoundedRect(in: CGRect(x: number(), y: number(), width: number(), height: number()), cornerSize: CGSize(width: number(), height: number()))
                case 8: p.addEllipse(in: CGRect(x: sane(), y: sane(), width: number(), height: number()))
                default: p.closeSubpath()
                }
            }
            return p
        }

        mutating func transform() -> CGAffineTransform {
            switch rng.integer(in: 0...5) {
            case 0: return CGAffineTransform(a: number(), b: number(), c: number(), d: number(), tx: number(), ty: number())
            case 1: return CGAffineTransform(scaleX: 0, y: CGFloat(rng.uniform(-3...3)))
            case 2: return CGAffineTransform(scaleX: 1e12, y: 1e-12)
            default: return CGAffineTransform(rotationAngle: CGFloat(rng.uniform(-7...7))).scaledBy(x: CGFloat(rng.uniform(-4...4)), y: CGFloat(rng.uniform(-4...4)))
            }
        }

        mutating func color() -> Color {
            Color(red: Double(number()), green: rng.unit(), blue: rng.unit(), opacity: rng.chance(0.1) ? Double(number()) : rng.unit())
        }

        mutating func shading() -> GraphicsContext.Shading {
            let g = Gradient(stops: (0..<rng.integer(in: 0...4)).map { _ in Gradient.Stop(color: color(), location: rng.chance(0.2) ? Double(number()) : rng.unit()) })
            switch rng.integer(in: 0...4) {
            case 0: return .linearGradient(g, startPoint: point(), endPoint: point())
            case 1: return .radialGradient(g, center: point(), startRadius: number(), endRadius: number())
            case 2: return .conicGradient(g, center: point(), angle: .radians(Double(number())))
            case 3: return .ellipticalGradient(g, in: CGRect(x: number(), y: number(), width: number(), height: number()))
            default: return .color(color())
            }
        }

        mutating func style() -> StrokeStyle {
            StrokeStyle(lineWidth: rng.chance(0.3) ? number() : CGFloat(rng.uniform(0...12)),
                        lineCap: [.butt, .round, .square][rng.integer(in: 0...2)],
                        lineJoin: [.miter, .round, .bevel][rng.integer(in: 0...2)],
                        miterLimit: rng.chance(0.3) ? number() : CGFloat(rng.uniform(0...12)),
                        dash: (0..<rng.integer(in: 0...5)).map { _ in rng.chance(0.3) ? number() : CGFloat(rng.uniform(0...9)) },
                        dashPhase: number())
        }

        mutating func draw(_ context: inout GraphicsContext, depth: Int = 0) {
            for _ in 0..<rng.integer(in: 1...6) {
                switch rng.integer(in: 0...11) {
                case 0, 1: context.fill(path(), with: shading(), style: FillStyle(eoFill: rng.chance(0.5), antialiased: rng.chance(0.8)))
                case 2, 3: context.stroke(path(), with: shading(), style: style())
                case 4: context.concatenate(transform())
                case 5: context.opacity = rng.chance(0.2) ? Double(number()) : rng.unit()
                case 6: context.blendMode = BlendMode.allCases[rng.integer(in: 0...(BlendMode.allCases.count - 1))]
                case 7: context.clip(to: path(), style: FillStyle(eoFill: rng.chance(0.5)), options: rng.chance(0.5) ? .inverse : [])
                case 8 where depth < 2:
                    var copy = self
                    context.drawLayer { layer in copy.draw(&layer, depth: depth + 1) }
                    self = copy
                case 9:
                    let strings = ["", "Hello", "你好，世界", "\u{0}\u{7}\t\n\n", "e\u{301}\u{302}", "🙂👍🏽", String(repeating: "W", count: 200)]
                    let text = Text(strings[rng.integer(in: 0...(strings.count - 1))]).font(.system(size: rng.chance(0.2) ? number() : CGFloat(rng.uniform(1...40))))
                    if rng.chance(0.5) { context.draw(text, at: point(), anchor: .center) } else { context.draw(text, in: CGRect(x: number(), y: number(), width: number(), height: number())) }
                case 10:
                    let w = rng.integer(in: 1...9), h = rng.integer(in: 1...9)
                    let image = Image(rgba: (0..<(w * h * 4)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }, width: w, height: h)!
                    context.draw(image, in: CGRect(x: number(), y: number(), width: number(), height: number()))
                default:
                    _ = context.clipBoundingRect
                }
            }
        }
    }

    /// Four slices of the iterations, each its own random stream (seed + slice), so the cores
    /// share them.
    @Test(arguments: 0..<4)
    func randomAndAdversarialDrawingAlwaysYieldsAValidFrame(slice: Int) {
        var fuzzer = Fuzzer(rng: RandomSource(seed: Self.seed &+ UInt64(slice)))
        for iteration in stride(from: slice, to: Self.iterations, by: 4) {
            var canvas = Bitmap(width: 64, height: 48)
            canvas.clear(fuzzer.rng.chance(0.5) ? .white : .clear)
            canvas.draw { context, _ in fuzzer.draw(&context) }
            // Premultiplied invariant: no colour channel above alpha.
            for y in 0..<48 {
                for x in 0..<64 {
                    let p = canvas.premultipliedPixel(x: x, y: y)
                    if p.x > p.w || p.y > p.w || p.z > p.w {
                        Issue.record("slice \(slice), iteration \(iteration): pixel (\(x), \(y)) = \(p) is not premultiplied")
                        return
                    }
                }
            }
        }
    }
}
