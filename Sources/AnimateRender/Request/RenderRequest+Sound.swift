public import AnimateAudio
public import AnimateVideo
import AnimateScene
import AnimateStoryboard

extension RenderRequest {
    /// Whether the render has sound: a soundtrack, a narration or sound cues.
    public var hasSound: Bool { soundtrack != nil || scene.hasSound }

    /// Timeline samples the rendered frames span: from the first frame's start to the end of the last.
    public var audioWindow: Range<Int> {
        let start = rate.audioSample(ofFrame: frames.lowerBound)
        let end = rate.audioSample(ofFrame: frames.upperBound + 1)
        return start..<end
    }

    /// The sound of the rendered frames: the soundtrack, the narration and the scene's cues, in
    /// that order, over `audioWindow`; nil when the render has no sound. Reads files and speaks
    /// text (once per process); throws `AudioError` naming what cannot be used.
    public func audioMix() throws(AudioError) -> AudioMix? {
        guard hasSound || (audioDescription == .mixed && scene.hasDescriptions) else { return nil }
        var mix = AudioMix(window: audioWindow)
        if let soundtrack {
            // Read only as far as the rendered frames reach.
            let start = AudioClock.sample(at: soundtrack.offset)
            let sound = try AudioDecoder.decode(path: soundtrack.path, limit: max(0, audioWindow.upperBound - start))
            mix.place(sound, at: start, gain: Float(soundtrack.gain), yields: true)
        }
        if let narration = scene.narration {
            try narration.prepare()
            narration.place(in: &mix)
        }
        for cue in scene.soundCues {
            guard cue.time.isFinite, cue.time >= 0, cue.time <= Self.maximumDuration else {
                throw .cueTimeOutOfRange(scene: scene.name, time: cue.time)
            }
            guard cue.gain.isFinite, (0...16).contains(cue.gain) else {
                throw .cueGainOutOfRange(scene: scene.name, gain: cue.gain)
            }
            mix.place(try cue.sound.samples(), at: AudioClock.sample(at: cue.time), gain: Float(cue.gain))
        }
        if audioDescription == .mixed { try describe(into: &mix) }
        return mix
    }

    /// The sound with the audio description spoken over it, for the second stream: nil unless
    /// the request puts descriptions on a stream of their own and the scene has some.
    public func describedMix() throws(AudioError) -> AudioMix? {
        guard audioDescription == .track, scene.hasDescriptions else { return nil }
        var mix = try audioMix() ?? AudioMix(window: audioWindow)
        try describe(into: &mix)
        return mix
    }

    /// Places the scene's descriptions in `mix`, the music turned down while each is spoken.
    private func describe(into mix: inout AudioMix) throws(AudioError) {
        for description in try scene.spokenDescriptions() {
            mix.place(description.sound, at: description.startSample)
            mix.quietSpans.append(description.startSample..<(description.startSample + description.sound.frameCount))
        }
    }

    /// The descriptions as they fall in the rendered frames, as cues of a WebVTT descriptions
    /// track: times from the first rendered frame, from when each is spoken until it ends.
    public func descriptionCues() throws(AudioError) -> [CaptionCue] {
        let window = audioWindow
        let from = AudioClock.seconds(atSample: window.lowerBound), to = AudioClock.seconds(atSample: window.upperBound)
        return try scene.spokenDescriptions().compactMap { CaptionCue(start: $0.start, end: $0.end, text: $0.text).cut(from: from, to: to) }
    }

    /// The narration's captions as they fall in the rendered frames: times from the first
    /// rendered frame, cut to the frames' span. Empty without a narration.
    public func captions() throws(AudioError) -> [CaptionCue] {
        guard let narration = scene.narration else { return [] }
        try narration.prepare()
        let window = audioWindow
        let from = AudioClock.seconds(atSample: window.lowerBound), to = AudioClock.seconds(atSample: window.upperBound)
        return narration.captions.compactMap { $0.cut(from: from, to: to) }
    }
}

extension RenderRequest {
    /// The scene's sections as chapters of the rendered frames: times from the first rendered
    /// frame, cut to the frames' span, the first starting at 0. None for a shard (its file is
    /// a piece of another) or a scene without sections.
    public var chapters: [VideoChapter] {
        guard shard == nil, !scene.sections.isEmpty else { return [] }
        let window = audioWindow
        let from = AudioClock.seconds(atSample: window.lowerBound), to = AudioClock.seconds(atSample: window.upperBound)
        var chapters = scene.sections.compactMap { section -> VideoChapter? in
            let start = max(section.start, from), end = min(section.end, to)
            guard start < end else { return nil }
            return VideoChapter(title: section.name, start: start - from, end: end - from)
        }
        if let first = chapters.first, first.start > 0 {
            // What comes before the first section belongs to it: players and YouTube start at 0.
            chapters[0] = VideoChapter(title: first.title, start: 0, end: first.end)
        }
        if let last = chapters.last, last.end < to - from {
            chapters[chapters.count - 1] = VideoChapter(title: last.title, start: last.start, end: to - from)
        }
        return chapters
    }
}
