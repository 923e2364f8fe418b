import AnimateDrawing
package import AnimateStoryboard
import AnimateTimeline
import AnimateScene
import Foundation

/// Where a scene's picture changes, found by looking at it: frames drawn small, a few a second,
/// each compared with the one before. For scenes drawn by a closure, whose beats are not known,
/// what `animate describe --check` looks for narration or a description at.
package enum VisualChangeScan {
    /// The spans in which the picture keeps changing: frames `width` pixels wide (its aspect
    /// kept), `samples` a second; a step changes it when more than `threshold` of its pixels
    /// move by more than a tenth of their range.
    package static func changes(in request: RenderRequest, width: Int = 160, samples: Int = 10, threshold: Double = 0.002) -> [Storyboard.VisualBeat] {
        let height = max(2, Int((Double(width) * Double(request.height) / Double(max(request.width, 1))).rounded()))
        let rate = FrameRate(numerator: samples)!
        let count = rate.frameCount(forDuration: request.duration)
        let cursor = request.scene.cursor()
        var canvas = Bitmap(width: width, height: height)
        var previous: [UInt8]? = nil
        var spans: [(start: Double, end: Double)] = []
        for index in 0..<count {
            let frame = Frame(index: index, rate: rate, count: count, size: CGSize(width: width, height: height), seed: request.seed)
            cursor.drawer(for: frame).render(into: &canvas)
            let pixels = canvas.rgba8()
            defer { previous = pixels }
            // The first frame shows what is there from the start.
            guard let before = previous else {
                if pixels.contains(where: { $0 != 0 }) { spans.append((0, 0)) }
                continue
            }
            var moved = 0
            for p in stride(from: 0, to: pixels.count, by: 4) {
                let d = max(abs(Int(pixels[p]) - Int(before[p])), abs(Int(pixels[p + 1]) - Int(before[p + 1])),
                            abs(Int(pixels[p + 2]) - Int(before[p + 2])), abs(Int(pixels[p + 3]) - Int(before[p + 3])))
                if d > 25 { moved += 1 }
            }
            guard Double(moved) > threshold * Double(width * height) else { continue }
            let start = rate.time(ofFrame: index - 1), end = rate.time(ofFrame: index)
            if let last = spans.last, last.end >= start, last.end > 0 { spans[spans.count - 1].end = end } else { spans.append((start, end)) }
        }
        return spans.map { Storyboard.VisualBeat(start: $0.start, end: $0.end, shows: ["a change in the picture"], reading: nil) }
    }
}
