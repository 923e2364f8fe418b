import AnimateAudio
package import AnimateTimeline
import AnimateVideo

/// Where descriptions are spoken around a narration, in samples: each in the first silence at
/// or after its moment (within `maximumDelay`) that holds it with `margin` either side, never
/// over the narration or another description. One that fits no silence is spoken at the first
/// moment the narration is not speaking, over what follows (`fits` false); in an extended plan
/// the picture and sound instead hold there, on a frame boundary, for as many whole frames as
/// it needs. A pure function of its inputs.
package struct DescriptionPlan: Sendable, Equatable {
    /// The picture holding at scene frame `frame` for `frames` more frames (its sound paused).
    package struct Hold: Sendable, Hashable {
        package let frame: Int
        package let frames: Int
    }

    /// Output sample at which each description starts (after the holds, in an extended plan).
    package let starts: [Int]
    /// Whether each is spoken in silence.
    package let fits: [Bool]
    /// The holds of an extended plan, in order (none otherwise).
    package let holds: [Hold]
    /// The sample each hold adds (its frames at the rate), and the scene sample it is at.
    package let holdSamples: [(at: Int, samples: Int)]

    /// Silence kept between a description and the narration, in samples (0.2 s).
    package static let margin = 9_600
    /// How long after its moment a description may wait for a silence (5 s).
    package static let maximumDelay = 240_000

    package static func == (a: DescriptionPlan, b: DescriptionPlan) -> Bool {
        a.starts == b.starts && a.fits == b.fits && a.holds == b.holds
    }

    /// Plans descriptions at scene samples `times` (in order), `lengths` samples long, around
    /// `busy` (the narration's spans), in a scene ending at sample `end`. With `extendedAt`, a
    /// description that fits no silence holds the picture instead (frames at that rate; the scene
    /// has `frameCount` frames).
    package init(times: [Int], lengths: [Int], busy narration: [Range<Int>], end: Int, extendedAt rate: FrameRate? = nil, frameCount: Int = 0) {
        let margin = Self.margin
        var busy = narration.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        // The descriptions placed so far: one that fits nowhere is still never said over another.
        var said: [Range<Int>] = []
        func occupy(_ r: Range<Int>) {
            guard !r.isEmpty else { return }
            let i = busy.firstIndex { $0.lowerBound > r.lowerBound } ?? busy.count
            busy.insert(r, at: i)
            said.append(r)
        }
        /// The first moment at or after `t` that nothing speaks, from which `length` samples
        /// cross no description already placed.
        func clearOfDescriptions(from t: Int, length: Int) -> Int {
            var s = silence(from: t)
            while let blocking = said.first(where: { $0.lowerBound < s + length + margin && s - margin < $0.upperBound }) {
                s = silence(from: blocking.upperBound + margin)
            }
            return s
        }
        /// The earliest start at or after `t`, no later than `limit`, whose span with margins is free.
        func fit(from t: Int, length: Int, limit: Int) -> Int? {
            var s = t
            while s <= limit {
                guard s + length <= end else { return nil }
                guard let blocking = busy.first(where: { $0.lowerBound < s + length + margin && s - margin < $0.upperBound }) else { return s }
                s = max(s + 1, blocking.upperBound + margin)
            }
            return nil
        }
        /// The first moment at or after `t` that nothing is speaking.
        func silence(from t: Int) -> Int {
            var s = t
            for b in busy where b.lowerBound <= s && s < b.upperBound { s = b.upperBound }
            return s
        }
        // A description said at a hold: the hold's scene sample and how many holds there come first.
        var atHold: [(at: Int, after: Int)?] = Array(repeating: nil, count: times.count)
        var sceneStarts: [Int?] = Array(repeating: nil, count: times.count)
        var fits = Array(repeating: true, count: times.count)
        var holds: [Hold] = [], holdSamples: [(at: Int, samples: Int)] = []
        var heldFrames = 0
        for (k, (t, length)) in zip(times, lengths).enumerated() {
            let t = max(0, t)
            if let s = fit(from: t, length: length, limit: t + Self.maximumDelay) {
                sceneStarts[k] = s
                occupy(s..<(s + length))
                continue
            }
            let h = rate == nil ? clearOfDescriptions(from: t, length: length) : silence(from: t)
            guard let rate else {
                fits[k] = false
                sceneStarts[k] = h
                occupy(h..<(h + length))
                continue
            }
            // Hold at the first frame boundary at or after the silence (the last frame at most).
            var frame = 0
            while frame + 1 < frameCount && rate.audioSample(ofFrame: frame) < h { frame += 1 }
            let p = rate.audioSample(ofFrame: frame)
            let next = busy.first { $0.lowerBound >= p }?.lowerBound ?? max(end, p)
            let gap = next - p, needed = margin + length + margin
            var n = 0
            let outputFrame = frame + heldFrames
            while rate.audioSample(ofFrame: outputFrame + n) - rate.audioSample(ofFrame: outputFrame) < needed - gap { n += 1 }
            let added = rate.audioSample(ofFrame: outputFrame + n) - rate.audioSample(ofFrame: outputFrame)
            // Said at the hold's start; after it, the rest of the silence is its own.
            atHold[k] = (p, holdSamples.filter { $0.at == p }.count)
            if n > 0 {
                let i = holds.firstIndex { $0.frame > frame } ?? holds.count
                holds.insert(Hold(frame: frame, frames: n), at: i)
                holdSamples.insert((p, added), at: i)
                heldFrames += n
            }
            occupy(p..<(p + min(gap, max(1, needed - added))))
        }
        // Descriptions placed in silence move with the holds before them.
        self.starts = (0..<times.count).map { k in
            if let (p, after) = atHold[k] {
                let earlier = holdSamples.filter { $0.at < p }.reduce(0) { $0 + $1.samples }
                return p + earlier + holdSamples.filter { $0.at == p }.prefix(after).reduce(0) { $0 + $1.samples } + margin
            }
            let s = sceneStarts[k]!
            return s + holdSamples.filter { $0.at <= s }.reduce(0) { $0 + $1.samples }
        }
        self.fits = fits
        self.holds = holds
        self.holdSamples = holdSamples
    }

    /// Where a scene sound at sample `s` plays in the output: later by the holds at or before it.
    package func outputSample(_ s: Int) -> Int {
        s + holdSamples.filter { $0.at <= s }.reduce(0) { $0 + $1.samples }
    }

    /// The scene frame output frame `index` shows.
    package func sceneFrame(_ index: Int) -> Int {
        var shift = 0
        for hold in holds {
            let local = index - shift
            if local <= hold.frame { return local }
            if local <= hold.frame + hold.frames { return hold.frame }
            shift += hold.frames
        }
        return index - shift
    }

    /// Frames the holds add.
    package var heldFrames: Int { holds.reduce(0) { $0 + $1.frames } }
}
