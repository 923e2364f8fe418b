import AnimateTimeline

/// Which frames of the timeline a render draws, at which rate: the timeline's rules, apart from
/// how many threads draw them (`WorkerPlan`).
struct TimelinePlan {
    /// The rate rendered at (a GIF's is capped).
    var rate: FrameRate
    let duration: Double
    /// Frames in the timeline at `rate`.
    var timelineFrames: Int
    /// The frames drawn: the selection, the shard's part of it, or a still's one frame.
    var frames: ClosedRange<Int>
    /// What changed from what was asked, for the user to read.
    var notes: [String] = []

    init(output: Output?, rate: FrameRate, duration: Double, selection: FrameSelection?,
         shard: Shard?, stillTime: Double?) throws(RenderError) {
        self.rate = rate
        self.duration = duration
        timelineFrames = rate.frameCount(forDuration: duration)
        frames = 0...(timelineFrames - 1)
        if let selection {
            guard let range = selection.indices else { throw .emptyFrameSelection(selection) }
            guard range.upperBound < timelineFrames else {
                throw .framesOutsideScene(selection, frameCount: timelineFrames, rate: rate)
            }
            frames = range
        }
        if case .gif? = output, rate.framesPerSecond > RenderRequest.maximumGIFFrameRate.framesPerSecond {
            capGIFRate(selected: selection != nil)
        }
        if let shard {
            guard shard.count <= frames.count else { throw .moreShardsThanFrames(shard, frames: frames.count) }
            frames = shard.part(of: frames)
        }
        if case .png? = output {
            let index: Int
            if let stillTime {
                index = self.rate.frameIndex(at: stillTime)
                guard index < timelineFrames else {
                    throw .stillTimePastEnd(stillTime, sceneSeconds: self.rate.time(ofFrame: timelineFrames))
                }
            } else if selection != nil {
                guard frames.count == 1 else { throw .stillNeedsOneFrame }
                index = frames.lowerBound
            } else {
                index = timelineFrames / 2
            }
            frames = index...index
        }
    }

    /// Renders at the fastest rate a GIF plays, the same times: a selection is mapped through time.
    private mutating func capGIFRate(selected: Bool) {
        let capped = RenderRequest.maximumGIFFrameRate
        notes.append("GIF cannot play \(rate) fps (frame delays are whole 1/100 s, and browsers slow delays under 2/100 s); rendering at \(capped) fps.")
        let first = capped.frameIndex(at: rate.time(ofFrame: frames.lowerBound))
        let last = capped.frameIndex(at: rate.time(ofFrame: frames.upperBound))
        rate = capped
        timelineFrames = rate.frameCount(forDuration: duration)
        frames = selected ? first...min(max(first, last), timelineFrames - 1) : 0...(timelineFrames - 1)
    }
}
