import Animate
import AnimateScenes
import Foundation

/// `animate-bench stills`: the time to draw single frames of the built-in scenes (as a still, a
/// preview scrub or a sheet needs them) with one thread and with several drawing in bands. Each
/// sample draws a frame the canvas did not draw before, so no background is reused.
struct StillBenchmark {
    var scenes = ["hexagons", "flower", "gradient", "starfield", "leaves", "suits"]
    var width = 1920
    var height = 1080
    var threads = [1, 2]
    var reps = 15

    func run() throws {
        var results: [String: [String: Double]] = [:]
        for name in scenes {
            guard let scene = BuiltinScenes.named(name) else { throw BenchError.unknownScene(name) }
            let rate = FrameRate(numerator: 30)!
            let count = Int(scene.duration * 30)
            var row: [String: Double] = [:]
            var line = name.padding(toLength: 10, withPad: " ", startingAt: 0)
            var reference: [UInt8]?
            for t in threads {
                var canvas = Bitmap(width: width, height: height)
                canvas.drawingThreads = t
                let cursor = scene.cursor()
                var times: [Double] = []
                for k in 0..<(reps + 2) {
                    // Frames spread over the scene, the same ones for every thread count.
                    let frame = Frame(index: (k * 37) % count, rate: rate, count: count,
                                      size: CGSize(width: width, height: height))
                    let drawer = cursor.drawer(for: frame)
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    drawer.render(into: &canvas)
                    if k >= 2 { times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6) }
                }
                // The last frame's bytes: the same for every thread count, or the run is void.
                let bytes = canvas.withPremultipliedBytes { Array($0) }
                if let reference, reference != bytes { throw BenchError.differentBytes(name, t) }
                reference = bytes
                let median = times.median
                row["\(t)"] = median
                line += String(format: "  %d thread%@ %7.2f ms", t, t == 1 ? " " : "s", median)
            }
            if let one = row["1"], let last = threads.last, let many = row["\(last)"] {
                line += String(format: "  (x%.2f)", one / many)
            }
            FileHandle.standardError.write(Data((line + "\n").utf8))
            results[name] = row
        }
        let json = try JSONSerialization.data(withJSONObject: ["size": "\(width)x\(height)", "median_ms": results],
                                              options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }
}

enum BenchError: Error, CustomStringConvertible {
    case unknownScene(String)
    case differentBytes(String, Int)
    case unknownDisplayListCommand(String)
    var description: String {
        switch self {
        case .unknownDisplayListCommand(let name): return "unknown display-list command \(name)"
        case .unknownScene(let name): return "no built-in scene is named \(name)"
        case let .differentBytes(name, threads): return "\(name): \(threads) threads drew other bytes than one"
        }
    }
}
