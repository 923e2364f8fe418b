import Animate
import Foundation

/// `animate-bench clip --file CLIP`: a 1080p60 scene showing a 1080p60 clip full frame, drawn in
/// order on 1 and 2 threads (no encoding: each frame's pixels touched by a sink that sums a
/// row), beside the same scene without the clip. The difference is what the clip costs; the
/// script times `ffmpeg -i CLIP -f null -` beside it.
struct ClipBenchmark {
    let file: String
    var seconds = 5.0

    /// Reads one byte a row of each frame, so nothing is optimised away.
    final class TouchSink: FrameSink {
        var sum = 0
        func payload(of canvas: inout Bitmap, worker: Int) throws -> Int {
            var s = 0
            for y in stride(from: 0, to: canvas.height, by: 8) { s &+= Int(canvas.premultipliedPixel(x: y % canvas.width, y: y).x) }
            return s
        }
        func consume(_ payload: Int, frame: Int) throws { sum &+= payload }
        func finish() throws -> [URL] { [] }
    }

    func fps(_ scene: Scene, threads: Int) throws -> Double {
        let request = try RenderRequest(scene: scene, size: FrameSize(width: 1920, height: 1080), rate: FrameRate(numerator: 60)!,
                                        duration: seconds, threads: threads)
        let start = DispatchTime.now().uptimeNanoseconds
        try Renderer(request: request).run(into: TouchSink())
        return Double(request.frames.count) / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    func run() throws {
        let clip = VideoClip(file)
        let with = Scene(name: "clip", description: "", duration: seconds) { context, frame in
            context.fill(Path(CGRect(origin: .zero, size: frame.size)), with: .color(.white))
            context.draw(clip, at: frame.time, in: CGRect(origin: .zero, size: frame.size))
        }
        let without = Scene(name: "plain", description: "", duration: seconds) { context, frame in
            context.fill(Path(CGRect(origin: .zero, size: frame.size)), with: .color(.white))
        }
        var result: [String: Double] = [:]
        for threads in [1, 2] {
            let a = try fps(with, threads: threads), b = try fps(without, threads: threads)
            // The clip's own cost a frame: with it, less the frame without it.
            let cost = 1000 / a - 1000 / b
            FileHandle.standardError.write(Data(String(format: "%d thread%@: %.1f fps with the clip, %.1f without; the clip costs %.2f ms a frame\n",
                                                       threads, threads == 1 ? "" : "s", a, b, cost).utf8))
            result["fps_\(threads)t"] = (a * 10).rounded() / 10
            result["plain_fps_\(threads)t"] = (b * 10).rounded() / 10
            result["clip_ms_per_frame_\(threads)t"] = (cost * 100).rounded() / 100
        }
        let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }
}
