import Animate
import Foundation

/// `animate-bench space`: a 64 x 64 shaded surface on ThreeDAxes with a line through it at 1920 x 1080, one
/// thread, the camera turning a little each frame (so nothing can be kept between frames).
/// Prints the median frame time as JSON.
struct SpaceBenchmark {
    var reps = 15
    var resolution = 64

    func run() throws {
        let mesh = Mesh.surface(u: -3...3, v: -3...3, resolution: (resolution, resolution)) { u, v in
            Vector3(u, v, 0.6 * sin(u) * cos(v))
        }
        let axes = ThreeDAxes()
        var bitmap = Bitmap(width: 1920, height: 1080)
        var times: [Double] = []
        for k in 0..<(reps + 2) {
            let start = DispatchTime.now().uptimeNanoseconds
            var space = Space(camera: Camera3D(phi: .degrees(70), theta: .degrees(-60 + Double(k))))
            space.add(axes)
            space.add(mesh)
            space.addLine(from: Vector3(0, 0, -2), to: Vector3(0, 0, 2), color: .yellow, width: 5)
            bitmap.clear(.black)
            bitmap.draw { context, size in context.draw(space, in: CGRect(origin: .zero, size: size)) }
            _ = bitmap.premultipliedPixel(x: 0, y: 0)
            if k >= 2 { times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6) }
        }
        let median = times.median
        FileHandle.standardError.write(Data(String(format: "surface %dx%d on axes with a line, 1920x1080: %.2f ms a frame\n", resolution, resolution, median).utf8))
        let json = try JSONSerialization.data(withJSONObject: ["resolution": resolution, "median_ms": (median * 100).rounded() / 100],
                                              options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }
}
