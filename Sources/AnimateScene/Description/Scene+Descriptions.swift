package import AnimateAudio
public import AnimateTimeline
public import AnimateVideo
public import AnimateStoryboard
import AnimateText
import Foundation

/// A description as spoken: its words, its sound and where it plays in the output.
package struct SpokenDescription: Sendable {
    package let cue: DescriptionCue
    /// What is said (translated, its math read as words).
    package let text: String
    package let sound: AudioBuffer
    package let startSample: Int
    /// Whether it is spoken in a silence; false: over the narration (an extended render holds instead).
    package let fits: Bool

    package var start: Double { AudioClock.seconds(atSample: startSample) }
    package var end: Double { AudioClock.seconds(atSample: startSample + sound.frameCount) }
}

/// An extended scene's timeline: the holds of its plan at its rate, and its descriptions as placed.
package struct ExtendedTimeline: Sendable {
    package let rate: FrameRate
    package let plan: DescriptionPlan
    package let descriptions: [SpokenDescription]
}

extension Scene {
    /// The scene with descriptions of what it shows, for those who cannot see it: `cues` is
    /// called when a render needs them, after the narration is spoken (so a cue can follow it).
    /// They are spoken in `voice` (by default the narration's, lower), each in the first silence
    /// of the narration after its moment.
    public func described(voice: Voice? = nil, _ cues: @escaping @Sendable () -> [DescriptionCue]) -> Scene {
        var scene = self
        let earlier = givenDescriptions
        scene.givenDescriptions = { earlier() + cues() }
        if let voice { scene.givenDescriptionVoice = voice }
        return scene
    }

    /// The scene with its descriptions spoken in `voice`.
    public func describing(voice: Voice) -> Scene {
        var scene = self
        scene.givenDescriptionVoice = voice
        return scene
    }

    /// The scene's descriptions in time order: those given with `described`, its storyboard's,
    /// and, for a storyboard beat that shows text or formulas with neither narration nor a
    /// description over it, the reading of what it shows (the formula's spoken words).
    public var descriptionCues: [DescriptionCue] {
        if let extendedTimeline { return extendedTimeline.descriptions.map(\.cue) }
        var cues = storyboardDescriptions.map { DescriptionCue($0.text, at: $0.time) } + givenDescriptions()
        let spoken = narration?.spokenLines ?? []
        for beat in visualBeats {
            guard let reading = beat.reading, !isCovered(beat, by: spoken, cues: cues) else { continue }
            cues.append(DescriptionCue(reading, at: beat.start))
        }
        return cues.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// Whether narration or a description covers `beat`: a line spoken during it, or a
    /// description at a moment of it (from its start, before its end; at it, for a beat of no length).
    func isCovered(_ beat: Storyboard.VisualBeat, by lines: [Narration.SpokenLine], cues: [DescriptionCue]) -> Bool {
        lines.contains { $0.start <= beat.end && $0.end >= beat.start }
            || cues.contains { $0.time >= beat.start && ($0.time < beat.end || $0.time == beat.start) }
    }

    /// Whether the scene has anything to describe.
    public var hasDescriptions: Bool { !descriptionCues.isEmpty }

    /// The voice descriptions are spoken in: the one given, else the narration's (in another
    /// language, its table's) with a lower pitch, so listeners tell them apart.
    public var descriptionVoice: Voice {
        if let givenDescriptionVoice { return givenDescriptionVoice }
        var voice = StringTable.active.flatMap(Voice.init(table:)) ?? narration?.voice ?? .english
        if voice.engine == .espeak { voice.pitch = max(0, voice.pitch - 18) }
        return voice
    }

    /// The descriptions spoken and placed: in an extended scene, where its holds put them;
    /// otherwise each in the first silence after its moment, or over what follows when none
    /// holds it (`fits` false). Throws the first that cannot be spoken, naming it.
    package func spokenDescriptions() throws(AudioError) -> [SpokenDescription] {
        if let extendedTimeline { return extendedTimeline.descriptions }
        return try placeDescriptions(extendedAt: nil).descriptions
    }

    /// Plans the descriptions around the narration, holding the picture at `rate` when given.
    func placeDescriptions(extendedAt rate: FrameRate?) throws(AudioError) -> (plan: DescriptionPlan, descriptions: [SpokenDescription]) {
        let cues = descriptionCues
        let lines = try narration?.prepare() ?? []
        let voice = descriptionVoice
        let table = StringTable.active
        var said: [String] = [], sounds: [AudioBuffer] = []
        for cue in cues {
            guard cue.time.isFinite, cue.time >= 0, cue.time <= Self.maximumDuration else {
                throw .descriptionTimeOutOfRange(scene: name, time: cue.time)
            }
            let text = try Narration.readingMath(table?.translate(cue.text) ?? cue.text)
            said.append(text)
            sounds.append(try Sound.speech(text, voice: voice).samples())
        }
        let frames = (rate ?? FrameRate(numerator: 60)!).frameCount(forDuration: duration)
        let end = rate?.audioSample(ofFrame: frames) ?? AudioClock.sample(at: duration)
        let plan = DescriptionPlan(times: cues.map { AudioClock.sample(at: $0.time) }, lengths: sounds.map(\.frameCount),
                                   busy: lines.map { $0.startSample..<($0.startSample + $0.sound.frameCount) }, end: end,
                                   extendedAt: rate, frameCount: frames)
        let spoken = cues.indices.map { k in
            SpokenDescription(cue: cues[k], text: said[k], sound: sounds[k], startSample: plan.starts[k], fits: plan.fits[k])
        }
        return (plan, spoken)
    }

    /// The extended version of the scene at `rate` (WCAG's extended audio description): where a
    /// description finds no silence long enough, the picture and its sound hold, on a frame
    /// boundary, while it is spoken, then go on. Narration, sound cues, sections and captions
    /// move with the holds; no description is spoken over the narration. Frames are still a
    /// pure function of their index. Render it at `rate`.
    public func extended(at rate: FrameRate) throws(AudioError) -> Scene {
        guard extendedTimeline == nil else { return self }
        let (plan, placed) = try placeDescriptions(extendedAt: rate)
        var scene = self
        // What each describes, at its moment in the extended timeline.
        let descriptions = placed.map {
            SpokenDescription(cue: DescriptionCue($0.cue.text, at: AudioClock.seconds(atSample: plan.outputSample(AudioClock.sample(at: $0.cue.time)))),
                              text: $0.text, sound: $0.sound, startSample: $0.startSample, fits: $0.fits)
        }
        scene.extendedTimeline = ExtendedTimeline(rate: rate, plan: plan, descriptions: descriptions)
        let total = rate.frameCount(forDuration: duration) + plan.heldFrames
        scene.length = { rate.time(ofFrame: total) }
        let make = makeCursor
        let held = plan.heldFrames
        scene.makeCursor = {
            SceneCursor(wrapping: make()) { frame in
                Frame(index: plan.sceneFrame(frame.index), rate: frame.rate, count: max(1, frame.count - held), size: frame.size, seed: frame.seed)
            }
        }
        @Sendable func moved(_ time: Double) -> Double { AudioClock.seconds(atSample: plan.outputSample(AudioClock.sample(at: time))) }
        if let narration {
            let lines = narration.spokenLines.map { line in
                let shift = plan.outputSample(line.startSample) - line.startSample
                return Narration.SpokenLine(text: line.text, sound: line.sound, startSample: line.startSample + shift,
                                            words: line.words.map { ($0.text, $0.offset, $0.sample + shift) })
            }
            scene.narration = Narration(placed: lines, like: narration)
        }
        let cues = self.cues
        scene.cues = { cues().map { SoundCue($0.sound, at: moved($0.time), gain: $0.gain) } }
        scene.sections = sections.map { Storyboard.Section(name: $0.name, start: moved($0.start), end: moved($0.end)) }
        scene.slides = slides.map { Storyboard.Slide(name: $0.name, start: moved($0.start), end: moved($0.end), loops: $0.loops) }
        scene.visualBeats = visualBeats.map {
            Storyboard.VisualBeat(start: moved($0.start), end: moved($0.end), shows: $0.shows, reading: $0.reading, formulas: $0.formulas, code: $0.code)
        }
        return scene
    }

    /// The held frames of an extended scene, as (scene frame, frames added), in order.
    package var heldFrames: [(frame: Int, frames: Int)] { extendedTimeline?.plan.holds.map { ($0.frame, $0.frames) } ?? [] }
}

extension Scene {
    /// The beats that bring something new into view with neither narration nor a description
    /// over them (`beats`: the scene's storyboard beats unless given, e.g. found by looking at
    /// its frames). A text or formula a beat shows counts as described by its reading.
    public func undescribedBeats(_ beats: [Storyboard.VisualBeat]? = nil) -> [Storyboard.VisualBeat] {
        let lines = narration?.spokenLines ?? []
        let cues = descriptionCues
        return (beats ?? visualBeats).filter { !isCovered($0, by: lines, cues: cues) }
    }
}
