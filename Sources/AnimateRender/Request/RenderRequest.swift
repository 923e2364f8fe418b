public import AnimateDrawing
public import AnimateScene
public import AnimateTimeline
public import AnimateVideo
import Foundation
import AnimateStoryboard

/// One validated description of a render: what to draw (scene, size, frame rate, timeline,
/// frames) and where it goes (`output`, with its encoding settings).
///
/// The initializer applies every rule a render follows, so a request that exists is one that
/// can be rendered: sizes in range and even for 4:2:0 video, frame ranges inside the timeline,
/// GIF frame rates capped to what GIF can play, one frame chosen for a PNG still. A rule broken
/// throws a `RenderError` whose message is the command line's.
public struct RenderRequest: Sendable {
    /// The highest frame rate accepted.
    public static let maximumFrameRate = 240
    /// The lowest frame rate accepted: one frame an hour. A frame's sound spans its whole length,
    /// so a slower rate would ask for hours of sound per frame.
    public static let minimumFrameRate = FrameRate(numerator: 1, denominator: 3600)!
    /// The widths and heights accepted.
    public static let sizeLimits = 2...8192
    /// The drawing thread counts accepted.
    public static let threadLimits = 1...256
    /// The longest timeline accepted, in seconds.
    public static let maximumDuration: Double = Scene.maximumDuration
    /// The fastest rate a GIF is rendered at: its delays are whole hundredths of a second, and
    /// browsers slow down delays under two.
    public static let maximumGIFFrameRate = FrameRate(numerator: 50)!

    public let scene: Scene
    public let width: Int
    public let height: Int
    /// The frame rate, exact; frame `n` shows time `n / rate` of the scene.
    public let rate: FrameRate
    /// The timeline's duration in seconds.
    public let duration: Double
    /// Frames in the scene's timeline at this rate (defines `Frame.progress`).
    public let timelineFrames: Int
    /// The range of frame indices to render.
    public let frames: ClosedRange<Int>
    /// Render every `step`-th frame of `frames` (1: all of them).
    public let step: Int
    /// Seed for the scene's random numbers.
    public let seed: UInt64
    /// The part of the frames this request renders, when it is one shard of a render.
    public let shard: Shard?
    /// A sound file under the scene's own sounds.
    public let soundtrack: Soundtrack?
    /// Where the frames go; nil for requests whose frames go to a sink of the caller's (hashes,
    /// contact sheets, previews).
    public let output: Output?
    /// How video is encoded.
    public let encoding: EncodingSettings
    /// Worker threads drawing frames.
    public let threads: Int
    /// Threads drawing each frame, a band of its rows each (`Bitmap.drawingThreads`): those of the
    /// render's threads that have no frame of their own (a still, fewer frames than threads,
    /// fewer workers than threads to fit the memory). The bytes are the same for any count.
    public let threadsPerFrame: Int
    /// Each worker keeps what it made of its last frame (pixels and YUV samples, and a background
    /// gradient drawn the same way twice) and copies what did not change instead of computing it
    /// again. The output is the same bytes either way; false saves about 10 bytes a pixel per worker.
    public var reusesPreviousFrame: Bool
    /// Where the scene's audio description goes in a file with sound: a second, tagged sound
    /// stream (the default), mixed into the one, or nowhere.
    public var audioDescription: AudioDescriptionOutput = .track
    /// What the request changed from what was asked, one sentence each, for the user to read
    /// (e.g. a GIF asked for at 60 fps is rendered at 50).
    public let notes: [String]
    /// The memory the render may use, as planned when the request was made (the caller's
    /// maximum, else what this process may use); nil when it cannot be read.
    package let memoryBudget: Int?

    /// A request with the defaults: the scene's size and duration, 60 fps, every frame.
    ///
    /// - `frames` selects frames of the timeline; `shard` then takes one contiguous part of them.
    /// - For a `.png` still, the frame is the one at `stillTime` seconds, or the one frame of
    ///   `frames`, else the middle frame.
    /// - `lowMemory` trades speed for peak memory: one drawing thread unless `threads` is given,
    ///   x264 slice threads, and nothing kept from the previous frame.
    /// - `soundtrack` plays under the scene's own sounds in an MP4; a shard is rendered without
    ///   sound (`SegmentJoin` adds it to the joined file). `burnsCaptions` draws the narration's
    ///   captions over the frames.
    public init(scene: Scene, output: Output? = nil, size: FrameSize? = nil,
                rate: FrameRate = FrameRate(numerator: 60)!, duration: Double? = nil,
                frames selection: FrameSelection? = nil, shard: Shard? = nil, stillTime: Double? = nil,
                step: Int = 1, seed: UInt64 = 0, threads: Int? = nil,
                encoding: EncodingSettings = EncodingSettings(), lowMemory: Bool = false,
                soundtrack: Soundtrack? = nil, burnsCaptions: Bool = false, captionStyle: CaptionStyle = .standard, maximumMemory: Int? = nil,
                section: String? = nil) throws(RenderError) {
        guard rate.framesPerSecond <= Double(Self.maximumFrameRate) else { throw .frameRateAboveMaximum(rate) }
        guard rate.framesPerSecond >= Self.minimumFrameRate.framesPerSecond else { throw .frameRateBelowMinimum(rate) }
        // Encoders keep time in 32-bit fractions.
        guard rate.numerator <= Int(Int32.max), rate.denominator <= Int(Int32.max) else { throw .frameRateOutOfRange(rate) }
        let size = size ?? FrameSize(width: Int(scene.size.width), height: Int(scene.size.height))
        guard Self.sizeLimits.contains(size.width), Self.sizeLimits.contains(size.height) else {
            throw .sizeOutOfRange(width: size.width, height: size.height)
        }
        if let duration {
            guard duration.isFinite, duration > 0 else { throw .invalidDuration }
            guard duration <= Self.maximumDuration else { throw .durationTooLong(duration) }
            guard duration * rate.framesPerSecond >= 0.5 else { throw .durationShorterThanOneFrame(duration, rate) }
        }
        if let threads, !Self.threadLimits.contains(threads) { throw .invalidThreads(threads) }
        guard step >= 1 else { throw .invalidStep(step) }
        try Self.check(encoding, output: output, size: size)
        if let stillTime { guard stillTime.isFinite, stillTime >= 0 else { throw .invalidStillTime } }
        if let soundtrack {
            guard soundtrack.offset.isFinite, abs(soundtrack.offset) <= Self.maximumDuration else { throw .invalidAudioOffset(soundtrack.offset) }
            guard soundtrack.gain.isFinite, (0...16).contains(soundtrack.gain) else { throw .invalidAudioGain(soundtrack.gain) }
        }
        if burnsCaptions, scene.narration == nil { throw .captionsNeedNarration(scene.name) }

        // A section of a storyboard scene: its frames, as if given with --frames.
        var selection = selection
        if let section {
            guard selection == nil, duration == nil else { throw .sectionWithFrames }
            guard let found = scene.sections.first(where: { $0.name == section }) else {
                throw .unknownSection(section, scene: scene.name, known: scene.sections.map(\.name))
            }
            selection = found.frames(at: rate)
        }
        let timeline = try TimelinePlan(output: output, rate: rate, duration: duration ?? scene.duration,
                                        selection: selection, shard: shard, stillTime: stillTime)
        if let extended = scene.extendedTimeline?.rate, extended != timeline.rate {
            throw .extendedAtAnotherRate(scene: scene.name, extended: extended.description, rendered: timeline.rate.description)
        }
        var notes = timeline.notes
        if soundtrack != nil, let output, output.format.videoContainer?.carriesSound != true {
            notes.append("--audio is ignored: \(output.format.rawValue.uppercased()) output has no sound.")
        } else if shard != nil, output?.format.videoContainer?.carriesSound == true, soundtrack != nil || scene.hasSound {
            let audio = soundtrack.map { " (give it `--audio \(($0.path as NSString).lastPathComponent)`)" } ?? ""
            notes.append("A shard is rendered without sound; `concat` adds the whole soundtrack to the joined file\(audio).")
        }

        var encoding = encoding
        if lowMemory { encoding.sliceThreads = true }
        self.scene = burnsCaptions ? scene.burningCaptions(style: captionStyle) : scene
        self.width = size.width
        self.height = size.height
        self.rate = timeline.rate
        self.duration = timeline.duration
        self.timelineFrames = timeline.timelineFrames
        self.frames = timeline.frames
        self.step = step
        self.seed = seed
        self.shard = shard
        self.soundtrack = soundtrack
        self.output = output
        self.encoding = encoding
        let selected = timeline.frames
        let frameCount = Swift.max(1, selected.count / step + (selected.count % step == 0 ? 0 : 1))  // no overflow at any step
        let budget = maximumMemory ?? MemoryBudget.available()
        let plan = try WorkerPlan(size: size, frameCount: frameCount, threads: threads, lowMemory: lowMemory,
                                  output: output, encoding: encoding, budget: budget)
        if let note = plan.note { notes.append(note) }
        self.threads = plan.workers
        self.threadsPerFrame = plan.threadsPerFrame
        self.reusesPreviousFrame = !lowMemory
        self.notes = notes
        memoryBudget = budget
    }

    /// The frame size.
    public var size: FrameSize { FrameSize(width: width, height: height) }

    /// The frame indices this request renders, in order.
    public var frameIndices: [Int] { Array(stride(from: frames.lowerBound, through: frames.upperBound, by: step)) }

    /// The `Frame` a scene sees for frame `index`.
    public func frame(_ index: Int) -> Frame {
        Frame(index: index, rate: rate, count: timelineFrames, size: CGSize(width: width, height: height), seed: seed)
    }

    /// Renders frame `index` into `canvas` (which must be `width x height`).
    public func render(_ index: Int, into canvas: inout Bitmap) {
        scene.render(frame(index), into: &canvas)
    }
}
