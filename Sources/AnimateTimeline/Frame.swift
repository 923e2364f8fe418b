public import Foundation

/// What a scene sees when it draws one frame: which frame, when, and how big.
public struct Frame: Sendable {
    /// Zero-based frame number.
    public let index: Int
    /// The exact frame rate.
    public let rate: FrameRate
    /// Total frames in the render's timeline (the scene's duration at this rate).
    public let count: Int
    /// The canvas size in pixels.
    public let size: CGSize
    /// The seed for this render's random numbers.
    public let seed: UInt64

    /// A frame of a timeline.
    public init(index: Int, rate: FrameRate, count: Int, size: CGSize, seed: UInt64 = 0) {
        self.index = index; self.rate = rate; self.count = count; self.size = size; self.seed = seed
    }

    /// Frames per second.
    public var fps: Double { rate.framesPerSecond }
    /// Time of this frame in seconds: exactly `index / fps`, rounded once.
    public var time: Double { rate.time(ofFrame: index) }
    /// The timeline's duration in seconds (`count / fps`).
    public var duration: Double { rate.time(ofFrame: count) }
    /// `time / duration`: 0 at the first frame, just below 1 at the last, so a loop that
    /// returns to its start at 1 joins seamlessly.
    public var progress: Double { count > 0 ? Double(index) / Double(count) : 0 }
}
