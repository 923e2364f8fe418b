import Animate
import Foundation

/// Draws the text lists of `../shared/bench/text_bench.py` (45 lines of monospaced code, a
/// paragraph of prose) through `Text` as a scene draws them: every line at its baseline, the
/// whole block moved down a quarter pixel a frame. Prints the median milliseconds per workload
/// as the JSON `text_bench.py` reads, and writes frame `pngFrame` of each.
struct TextBenchmark {
    let textLists: URL
    let out: URL
    var frames = 20
    var reps = 3
    var pngFrame = 5

    struct Workload: Decodable {
        struct Line: Decodable { let text: String; let x: Double; let y: Double }
        let family: String
        let size: Double
        let colour: [Double]
        let lines: [Line]
    }

    func run() throws {
        let workloads = try JSONDecoder().decode([String: Workload].self, from: Data(contentsOf: textLists))
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        var results: [String: [String: Double]] = [:]
        // Ours only: the paragraph growing a little every frame (no glyph mask is ever reused),
        // drawn from masks and, turned by a nanoradian, as outlines.
        var variants = workloads.map { (name: $0.key, workload: $0.value, zoom: false, turn: 0.0) }
        if let paragraph = workloads["paragraph"] {
            variants.append(("paragraph-zoom", paragraph, true, 0))
            variants.append(("paragraph-zoom-outlines", paragraph, true, 1e-9))
        }
        for (name, workload, zoom, turn) in variants.sorted(by: { $0.name < $1.name }) {
            let colour = Color(red: workload.colour[0] / 255, green: workload.colour[1] / 255, blue: workload.colour[2] / 255)
            var canvas = Bitmap(width: 1920, height: 1080)
            var best = Double.infinity
            for rep in 0..<reps {
                var times: [Double] = []
                for frame in 0..<frames {
                    let size = zoom ? workload.size * (1 + Double(rep * frames + frame) * 0.001) : workload.size
                    let texts = workload.lines.map { Text(verbatim: $0.text).font(.custom(workload.family, size: size)).foregroundColor(colour) }
                    let start = DispatchTime.now().uptimeNanoseconds
                    canvas.clear(.white)
                    canvas.draw { context, _ in
                        context.rotate(by: .radians(turn))
                        for (line, text) in zip(workload.lines, texts) {
                            let resolved = context.resolve(text)
                            let baseline = resolved.firstBaseline(in: CGSize(width: CGFloat.infinity, height: .infinity))
                            context.draw(resolved, at: CGPoint(x: line.x, y: line.y + Double(frame) * 0.25 - baseline), anchor: .topLeading)
                        }
                    }
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                    if frame == pngFrame, !zoom { try canvas.writePNG(to: out.appendingPathComponent("\(name)_ours.png")) }
                }
                best = min(best, times.sorted()[times.count / 2])
            }
            results[name] = ["median_ms": (best * 1000).rounded() / 1000]
        }
        let json = try JSONSerialization.data(withJSONObject: ["workloads": results], options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }
}
