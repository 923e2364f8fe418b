import Animate
import Foundation

/// `animate-bench raster`: times our canvas on the peer display lists, one thread (or `threads`
/// drawing each frame in bands).
///
/// Prints a line per workload, then (last line) the JSON `side_by_side.py` reads, and writes
/// `OUT/<workload>_ours.png` of frame K.
struct RasterBenchmark {
    var displayLists: URL
    var frames = 60
    var reps = 3
    var pngFrame = 10
    var out: URL
    var only: Set<String>? = nil
    var threads = 1

    func run() throws {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let files = try FileManager.default.contentsOfDirectory(atPath: displayLists.path).filter { $0.hasSuffix(".json") }.sorted()
        var results: [String: [String: Any]] = [:]
        for file in files {
            let list = try DisplayList(contentsOf: displayLists.appendingPathComponent(file))
            if let only, !only.contains(list.name) { continue }
            var canvas = Bitmap(width: list.width, height: list.height)
            // Like the peers, draw every frame from scratch: no background kept from the last one.
            canvas.reusesBackgrounds = false
            canvas.drawingThreads = threads
            let count = min(frames, list.frames.count)
            // Warm up: first-touch page faults and buffer growth are not what we measure.
            for f in 0..<min(3, count) { DisplayList.draw(list.frames[f], on: &canvas) }
            var times: [Double] = []
            for _ in 0..<reps {
                for f in 0..<count {
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    DisplayList.draw(list.frames[f], on: &canvas)
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
                }
            }
            DisplayList.draw(list.frames[min(pngFrame, count - 1)], on: &canvas)
            try canvas.writePNG(to: out.appendingPathComponent("\(list.name)_ours.png"))
            let median = times.median, fastest = times.min()!
            results[list.name] = ["median_ms": median, "min_ms": fastest, "n": times.count]
            FileHandle.standardError.write(Data(String(format: "%-10@ median %7.2f ms  min %7.2f ms  (n=%d)\n", list.name as NSString, median, fastest, times.count).utf8))
        }
        let json = try JSONSerialization.data(withJSONObject: ["workloads": results], options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }
}
