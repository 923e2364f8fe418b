import Animate
import Foundation

/// Blurs as scenes use them at 1080p: the particle idiom (each of 465 dots drawn through a
/// context copy with its own `.blur`, so 465 blurs a frame), the same dots drawn in one layer
/// blurred once,
/// and how far a blur at the frame's edge is from the exact Gaussian. Prints JSON lines.
struct BlursBenchmark {
    var reps = 10
    var dots = 465

    func run() throws {
        var random = RandomSource(seed: 7)
        let particles = (0..<dots).map { _ in
            (x: random.unit() * 1920, y: random.unit() * 1080, r: 3 + random.unit() * 5,
             blur: 4 + random.unit() * 6, hue: random.unit())
        }
        var canvas = Bitmap(width: 1920, height: 1080)
        func time(_ draw: (inout GraphicsContext) -> Void) -> Double {
            var samples: [Double] = []
            for _ in 0..<reps {
                let start = DispatchTime.now().uptimeNanoseconds
                canvas.clear(.clear)
                canvas.draw { context, _ in draw(&context) }
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            return samples.median
        }
        let each = time { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: 1920, height: 1080)), with: .color(.black))
            for p in particles {
                var dot = context
                dot.addFilter(.blur(radius: p.blur))
                dot.fill(Path(ellipseIn: CGRect(x: p.x - p.r, y: p.y - p.r, width: 2 * p.r, height: 2 * p.r)),
                         with: .color(Color(hue: p.hue, saturation: 0.8, brightness: 1)))
            }
        }
        let layered = time { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: 1920, height: 1080)), with: .color(.black))
            var blurred = context
            blurred.addFilter(.blur(radius: 7))
            blurred.drawLayer { layer in
                for p in particles {
                    layer.fill(Path(ellipseIn: CGRect(x: p.x - p.r, y: p.y - p.r, width: 2 * p.r, height: 2 * p.r)),
                               with: .color(Color(hue: p.hue, saturation: 0.8, brightness: 1)))
                }
            }
        }
        print(json(["workload": "blur-per-dot-1080p", "blurs": Double(dots), "ours_ms_median": round2(each)]))
        print(json(["workload": "blur-one-layer-1080p", "blurs": 1, "ours_ms_median": round2(layered)]))
        // The edge: an opaque band from the left edge, blurred with deviation 20, along its middle row.
        var edge = Bitmap(width: 400, height: 200)
        edge.draw { context, _ in
            context.addFilter(.blur(radius: 20))
            context.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 200)), with: .color(.black))
        }
        var worst = 0.0
        for x in 0..<400 {
            let exact = 255 * (phi((200 - (Double(x) + 0.5)) / 20) - phi((0 - (Double(x) + 0.5)) / 20))
                * (phi((200 - 100.5) / 20) - phi((0 - 100.5) / 20))
            worst = max(worst, abs(Double(edge.premultipliedPixel(x: x, y: 100).w) - exact))
        }
        print(json(["workload": "blur-edge-profile", "sigma": 20, "edge_alpha": Double(edge.premultipliedPixel(x: 0, y: 100).w),
                    "exact_edge_alpha": (255 * (phi(199.5 / 20) - phi(-0.5 / 20)) * (phi(99.5 / 20) - phi(-100.5 / 20))).rounded(),
                    "max_levels_from_exact": round2(worst)]))
    }

    /// The standard normal distribution function.
    func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.squareRoot()) }

    func round2(_ v: Double) -> Double { (v * 100).rounded() / 100 }

    func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
