import Animate
import Foundation

/// Times `.blur(radius:)` over a whole frame: the picture `image` (e.g. `input.png` of
/// `../shared/bench/blur_bench.py --out`) drawn through a context with the filter, as a scene
/// would draw it. Prints the median milliseconds as JSON and writes the blurred frame to `out`.
struct BlurBenchmark {
    let image: URL
    let out: URL
    var radius: CGFloat = 20
    var reps = 20

    func run() throws {
        let picture = try Image(contentsOf: image)
        var canvas = Bitmap(width: picture.width, height: picture.height)
        var times: [Double] = []
        for _ in 0..<reps {
            let start = DispatchTime.now().uptimeNanoseconds
            canvas.clear(.clear)
            canvas.draw { context, size in
                context.addFilter(.blur(radius: radius, options: .opaque))   // edges clamped, as the peers blur
                context.draw(picture, in: CGRect(origin: .zero, size: size))
            }
            _ = canvas.rgba8()   // read back, as the peer's timing does
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        try canvas.writePNG(to: out)
        let median = times.sorted()[times.count / 2]
        let json = try JSONSerialization.data(withJSONObject: ["workload": "blur-1080p", "radius": Double(radius),
                                                               "ours_ms_median": (median * 100).rounded() / 100], options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }
}
