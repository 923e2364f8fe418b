import Foundation

/// Everything that defines a render: the scene, its timeline, the frames to draw, and the output.
public struct RenderRequest: Sendable {
    public var scene: Scene
    public var width: Int
    public var height: Int
    public var rate: FrameRate
    /// Frames in the scene's timeline at this rate (defines `Frame.progress`).
    public var timelineFrames: Int
    /// The range of frame indices to render.
    public var frames: ClosedRange<Int>
    /// Render every `step`-th frame of `frames` (1: all of them).
    public var step: Int = 1
    /// The duration the timeline was made from, in seconds.
    public private(set) var duration: Double
    public var seed: UInt64
    public var format: OutputFormat
    /// Output path (for a PNG sequence, containing a `%05d`-style pattern).
    public var output: URL
    public var video: VideoSettings
    /// Worker threads drawing frames.
    public var threads: Int
    /// Each worker keeps what it made of its last frame (pixels and YUV samples, and a background
    /// gradient drawn the same way twice: about 10 bytes a pixel) and copies what did not change
    /// instead of computing it again. The output is the same bytes either way; false saves the
    /// memory (`--low-memory`).
    public var reusesPreviousFrame = true

    /// A request with the defaults: the scene's size and duration, 60 fps, every frame.
    public init(scene: Scene, output: URL, format: OutputFormat = .mp4, rate: FrameRate = FrameRate(numerator: 60)!,
                width: Int? = nil, height: Int? = nil, duration: Double? = nil, seed: UInt64 = 0, threads: Int? = nil) {
        self.scene = scene
        self.width = width ?? Int(scene.size.width)
        self.height = height ?? Int(scene.size.height)
        self.rate = rate
        self.duration = duration ?? scene.duration
        self.timelineFrames = rate.frameCount(forDuration: duration ?? scene.duration)
        self.frames = 0...(timelineFrames - 1)
        self.seed = seed
        self.format = format
        self.output = output
        self.video = VideoSettings(width: self.width, height: self.height, rateNumerator: rate.numerator,
                                   rateDenominator: rate.denominator)
        self.threads = threads ?? ProcessInfo.processInfo.activeProcessorCount
    }

    /// The frame indices this request renders, in order.
    public var frameIndices: [Int] { Array(stride(from: frames.lowerBound, through: frames.upperBound, by: max(step, 1))) }

    /// The `Frame` a scene sees for frame `index`.
    public func frame(_ index: Int) -> Frame {
        Frame(index: index, rate: rate, count: timelineFrames, size: CGSize(width: width, height: height), seed: seed)
    }

    /// Renders frame `index` into `canvas` (which must be `width x height`).
    public func render(_ index: Int, into canvas: inout Canvas) {
        scene.render(frame(index), into: &canvas)
    }
}
