import AnimateScene
import Foundation

/// The time between frames finishing, as the next render's cost of each frame.
final class FrameTimes: RenderProgress {
    private var last = DispatchTime.now().uptimeNanoseconds
    private var times: [Double] = []

    func started(total: Int) { last = DispatchTime.now().uptimeNanoseconds }

    func advanced(done: Int, total: Int) {
        let now = DispatchTime.now().uptimeNanoseconds
        let share = Double(now - last) / 1e9 / Double(max(1, done - times.count))
        while times.count < done { times.append(share) }
        last = now
    }

    func finished() {}

    /// One a frame (frames not reported share nothing: zero, which the planner treats as unknown).
    func seconds(count: Int) -> [Double] {
        Array((times + [Double](repeating: 0, count: max(0, count - times.count))).prefix(count))
    }
}
