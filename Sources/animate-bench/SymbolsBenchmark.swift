import Animate
import Foundation

/// `animate-bench symbols`: an 800x600 SwiftUI `Canvas` drawing 10,000 resolved symbols a frame
/// (`symbols:` views found by tag), each symbol kind alone: a system symbol image, a filled circle,
/// a text label. Prints the median frame time of each as JSON.
struct SymbolsBenchmark {
    var reps = 15
    var count = 10_000

    func run() throws {
        let kinds: [(name: String, view: AnyView)] = [
            ("system_symbol", AnyView(Image(systemName: "star.fill").foregroundStyle(.orange))),
            ("circle", AnyView(Circle().fill(Color.blue).frame(width: 12, height: 12))),
            ("text", AnyView(Text("+").font(.system(size: 14)))),
        ]
        var results: [String: Double] = [:]
        for kind in kinds {
            let n = count
            let canvas = Canvas { context, size in
                guard let symbol = context.resolveSymbol(id: 0) else { return }
                // The same scattered positions every frame: a fixed sequence, not a generator.
                var x: UInt64 = 0x9E37_79B9_7F4A_7C15
                for _ in 0..<n {
                    x = x &* 6364136223846793005 &+ 1442695040888963407
                    let px = Double(x >> 40) / Double(1 << 24) * size.width
                    let py = Double((x >> 16) & 0xFF_FFFF) / Double(1 << 24) * size.height
                    context.draw(symbol, at: CGPoint(x: px, y: py))
                }
            } symbols: {
                kind.view.tag(0)
            }
            var bitmap = Bitmap(width: 800, height: 600)
            var times: [Double] = []
            for k in 0..<(reps + 2) {
                let start = DispatchTime.now().uptimeNanoseconds
                bitmap.clear(.white)
                bitmap.draw { context, size in
                    context.draw(canvas, in: CGRect(origin: .zero, size: size), environment: .frame(at: Double(k) / 30))
                }
                _ = bitmap.premultipliedPixel(x: 0, y: 0)
                if k >= 2 { times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6) }
            }
            let median = times.median
            results[kind.name] = (median * 100).rounded() / 100
            FileHandle.standardError.write(Data(String(format: "%@ %7.2f ms a frame (%d symbols, 800x600)\n",
                                                       kind.name.padding(toLength: 14, withPad: " ", startingAt: 0), median, n).utf8))
        }
        let json = try JSONSerialization.data(withJSONObject: ["symbols": count, "median_ms": results], options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }
}
