import Animate
import Foundation

/// Storyboards: a 500-beat storyboard's state read at random times, and a morph between two
/// 500-segment paths evaluated at random progress. Prints medians as JSON.
struct StoryboardBenchmark {
    var reps = 5_000

    func run() throws {
        var random = RandomSource(seed: 7)
        let colours: [Color] = [.red, .blue, .green, .orange, .purple]
        let board = Storyboard { s in
            var things: [Thing] = []
            for i in 0..<60 {
                let x = CGFloat(i % 10) * 180 + 60, y = CGFloat(i / 10) * 160 + 80
                things.append(s.add(Path(ellipseIn: CGRect(x: x, y: y, width: 60, height: 60)), fill: colours[i % 5]))
            }
            for beat in 0..<500 {
                let a = things[beat % things.count], b = things[(beat * 7 + 3) % things.count]
                switch beat % 5 {
                case 0: s.play(.fadeIn(a, shift: CGSize(width: 0, height: 20)), .move(b, to: CGPoint(x: 900, y: 500)), duration: 0.4)
                case 1: s.play(lagged: 0.05, [.indicate(a), .rotate(b, to: .degrees(Double(beat)))], duration: 0.3)
                case 2: s.play(.fill(a, colours[beat % 5]), .scale(b, to: 1.2), duration: 0.3)
                case 3: s.play(.create(a), duration: 0.5)
                default: s.wait(0.1)
                }
            }
        }
        let times = (0..<reps).map { _ in random.uniform(0...board.duration) }
        var evaluate: [Double] = []
        var checksum = 0.0
        for t in times {
            let start = DispatchTime.now().uptimeNanoseconds
            checksum += board.evaluate(at: t)
            evaluate.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3)
        }
        // Two 500-segment outlines: a wavy ring of cubics and a 500-point star.
        var blob = Path(), star = Path()
        for i in 0..<500 {
            let a0 = Double(i) / 500 * 2 * .pi, a1 = Double(i + 1) / 500 * 2 * .pi
            let r0 = 300 + 30 * sin(a0 * 12), r1 = 300 + 30 * sin(a1 * 12)
            let p1 = CGPoint(x: 960 + r1 * cos(a1), y: 540 + r1 * sin(a1))
            if i == 0 { blob.move(to: CGPoint(x: 960 + r0 * cos(a0), y: 540 + r0 * sin(a0))) }
            blob.addCurve(to: p1, control1: CGPoint(x: 960 + r0 * cos(a0 + 0.004), y: 540 + r0 * sin(a0 + 0.004)),
                          control2: CGPoint(x: 960 + r1 * cos(a1 - 0.004), y: 540 + r1 * sin(a1 - 0.004)))
            let rs = i % 2 == 0 ? 350.0 : 200.0
            let ps = CGPoint(x: 960 + rs * cos(a0), y: 540 + rs * sin(a0))
            if i == 0 { star.move(to: ps) } else { star.addLine(to: ps) }
        }
        blob.closeSubpath()
        star.closeSubpath()
        var build: [Double] = []
        var morph = PathMorph(from: blob, to: star)
        for _ in 0..<20 {
            let start = DispatchTime.now().uptimeNanoseconds
            morph = PathMorph(from: blob, to: star)
            build.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        var frame: [Double] = []
        var elements = 0
        for _ in 0..<2_000 {
            let p = random.uniform(0.01...0.99)
            let start = DispatchTime.now().uptimeNanoseconds
            elements += morph.path(at: p).elements.count
            frame.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let json = try JSONSerialization.data(withJSONObject: [
            "storyboard_500_beats_evaluate_us": (evaluate.median * 100).rounded() / 100,
            "storyboard_duration_s": board.duration,
            "morph_500_segments_build_ms": (build.median * 1000).rounded() / 1000,
            "morph_500_segments_frame_us": (frame.median * 1e5).rounded() / 100,
            "checksum": checksum.isFinite && elements > 0,
        ], options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }
}
