import AnimateVideo
import Foundation

/// How many threads draw a render: workers with a frame each, and threads drawing bands of one
/// frame with those left over. Memory is planned, not discovered: a render that would not fit
/// in the memory it may use gets fewer workers, and is refused when one would not fit.
struct WorkerPlan {
    let workers: Int
    let threadsPerFrame: Int
    /// Said when the memory cut the workers.
    var note: String?

    /// `threads` asked for (nil: one per core, or one with `lowMemory`) over `frameCount` frames,
    /// within `budget` bytes (nil: not known).
    init(size: FrameSize, frameCount: Int, threads: Int?, lowMemory: Bool, output: Output?,
         encoding: EncodingSettings, budget: Int?) throws(RenderError) {
        let allowed = threads ?? (lowMemory ? 1 : ProcessInfo.processInfo.activeProcessorCount)
        var workers = allowed
        func estimate(_ n: Int, bands: Int = 1) -> Int {
            MemoryPlan.estimate(width: size.width, height: size.height, workers: n, reusesPreviousFrame: !lowMemory,
                                output: output, encoding: encoding, threadsPerFrame: bands)
        }
        // The renderer never starts more workers than frames; threads left over draw in bands.
        if let budget {
            let busy = min(workers, frameCount)
            if estimate(busy) > budget {
                guard estimate(1) <= budget else { throw .notEnoughMemory(needed: estimate(1), available: budget) }
                var fit = busy
                while fit > 1 && estimate(fit) > budget { fit -= 1 }
                note = "Drawing with \(fit) thread\(fit == 1 ? "" : "s") instead of \(busy): \(busy) would need about \(estimate(busy) >> 20) MB, more than the \(budget >> 20) MB this render may use."
                workers = fit
            }
        }
        let busy = min(workers, frameCount)
        var perFrame = max(1, allowed / busy)
        if perFrame > 1, let budget, estimate(busy, bands: perFrame) > budget { perFrame = 1 }
        self.workers = workers
        threadsPerFrame = perFrame
    }
}
