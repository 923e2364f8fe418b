public import AnimateDrawing
public import AnimateSpace
public import Foundation
import AnimateAudio
package import AnimateVideo

/// A video file placed on a scene's timeline and drawn like an image: a screen recording, a
/// piece of footage, a talking head in a corner. Its frame at any scene time is exact (the frame
/// whose presentation interval holds the clip's time, with the file's own colour matrix and
/// range), the same alone or in a run, on any thread or shard; frames drawn in order are each
/// decoded once.
///
/// ```swift
/// let recording = VideoClip("terminal.mp4", start: 2).trimmed(from: 1, to: 7).rate(1.5)
/// Scene(name: "demo", description: "A recording beside its code", duration: 8) { context, frame in
///     context.draw(recording, at: frame.time, in: CGRect(x: 960, y: 200, width: 800, height: 450))
/// }
/// .playing(recording)
/// ```
public struct VideoClip: Sendable, Hashable {
    /// The file: MP4, MOV, MKV, WebM (H.264, HEVC, VP9, AV1, ProRes; VP9 and ProRes 4444 with
    /// alpha), animated GIF, APNG or WebP.
    public var path: String
    /// The scene time at which the clip starts playing (its `from` point shows then).
    public package(set) var start: Double
    /// The part of the clip played: from `from` seconds to `to` (its end when nil).
    public package(set) var from: Double = 0
    public package(set) var to: Double?
    /// Clip seconds played per scene second (2 plays twice as fast).
    public package(set) var speed: Double = 1
    /// Whether it starts again from `from` when it reaches `to` (else it holds its last frame).
    public package(set) var loops = false
    /// Whether it plays backwards, from `to` to `from`.
    public package(set) var reversed = false
    /// A single clip time shown throughout (a freeze frame).
    public package(set) var frozenAt: Double?
    /// The sound's linear gain, and its fades in and out in seconds of scene time.
    public package(set) var volume: Double = 1
    public package(set) var fadeIn: Double = 0
    public package(set) var fadeOut: Double = 0
    /// Whether its sound is turned down while the narration speaks.
    public package(set) var ducksUnderNarration = false

    /// The clip at `path`, playing from scene time `start`.
    public init(_ path: String, start: Double = 0) {
        self.path = path
        self.start = start
    }

    /// The clip at `path`, which `make` writes there when it is first opened and the file is
    /// not there yet (a clip a lesson renders for itself, made only when drawn or heard).
    public init(_ path: String, start: Double = 0, makingWith make: @escaping @Sendable () -> Void) {
        self.init(path, start: start)
        VideoClips.shared.setMaker(make, for: path)
    }

    /// Only `from` to `to` seconds of the clip.
    public func trimmed(from: Double, to: Double? = nil) -> VideoClip { var c = self; c.from = from; c.to = to; return c }
    /// Played `speed` times as fast (0.5: slow motion).
    public func rate(_ speed: Double) -> VideoClip { var c = self; c.speed = speed; return c }
    /// Played over and over.
    public func looping(_ loops: Bool = true) -> VideoClip { var c = self; c.loops = loops; return c }
    /// Played backwards.
    public func backwards(_ reversed: Bool = true) -> VideoClip { var c = self; c.reversed = reversed; return c }
    /// Holding the frame at clip time `time`.
    public func frozen(at time: Double) -> VideoClip { var c = self; c.frozenAt = time; return c }
    /// Its sound at `gain`, faded in and out over `fadeIn` and `fadeOut` seconds, turned down
    /// under the narration when `ducking`.
    public func sound(volume gain: Double = 1, fadeIn: Double = 0, fadeOut: Double = 0, ducking: Bool = false) -> VideoClip {
        var c = self; c.volume = gain; c.fadeIn = fadeIn; c.fadeOut = fadeOut; c.ducksUnderNarration = ducking; return c
    }
    /// Starting at scene time `time`.
    public func starting(at time: Double) -> VideoClip { var c = self; c.start = time; return c }

    /// The clip's file, opened and indexed once a process (nil with the reason when it cannot be).
    var source: Result<ClipSource, ClipError> { VideoClips.shared.source(path) }

    /// Its picture's size in pixels (zero when it cannot be opened).
    public var size: CGSize {
        guard case .success(let s) = source else { return .zero }
        return CGSize(width: s.width, height: s.height)
    }

    /// Seconds of scene time it plays for (until its `to` point; forever when it loops).
    public var length: Double {
        guard case .success(let s) = source else { return 0 }
        if frozenAt != nil || loops { return .infinity }
        return max(0, (min(to ?? s.duration, s.duration) - from)) / max(abs(speed), 1e-9)
    }

    /// The clip time shown at scene time `time`: `from` before the start, the last frame's after
    /// the end unless it loops.
    package func clipTime(at time: Double) -> Double {
        if let frozenAt { return frozenAt }
        let end = max(from, to ?? (try? source.get().duration) ?? from)
        let span = end - from
        var played = max(0, (time - start) * speed)
        if loops, span > 0 { played = played.truncatingRemainder(dividingBy: span) }
        played = min(played, max(0, span - 1e-6))
        return reversed ? end - 1e-6 - played : from + played
    }

    /// The frame showing at scene time `time` as an image (its pixels decoded when first drawn),
    /// or nil when the clip cannot be opened (the render then fails naming the file).
    public func image(at time: Double) -> Image? {
        switch source {
        case .success(let s): return VideoClips.shared.image(s, frame: s.frame(at: clipTime(at: time)))
        case .failure(let error):
            DecodedPictures.shared.failed(error)
            return nil
        }
    }
}

extension GraphicsContext {
    /// Draws the frame of `clip` showing at scene time `time` filling `rect` (scaled, clipped,
    /// faded, blurred like any drawing).
    public func draw(_ clip: VideoClip, at time: Double, in rect: CGRect) {
        guard let image = clip.image(at: time) else { return }
        draw(image, in: rect)
    }
}

/// The clips a process has opened, by path, and the images of their frames.
package final class VideoClips: @unchecked Sendable {
    package static let shared = VideoClips()
    private let lock = NSLock()
    private var sources: [String: Result<ClipSource, ClipError>] = [:]
    private var images: [ObjectIdentifier: [Int: Image]] = [:]

    private var makers: [String: @Sendable () -> Void] = [:]
    /// Opens one clip at a time (a clip made on demand is made once).
    private let opening = NSLock()

    func setMaker(_ make: @escaping @Sendable () -> Void, for path: String) {
        lock.withLock { makers[path] = make }
    }

    func source(_ path: String) -> Result<ClipSource, ClipError> {
        if let found = lock.withLock({ sources[path] }) { return found }
        opening.lock()
        defer { opening.unlock() }
        if let found = lock.withLock({ sources[path] }) { return found }
        if !FileManager.default.fileExists(atPath: path), let make = lock.withLock({ makers[path] }) { Self.runApart(make) }
        let opened = Result { () throws(ClipError) in try ClipSource(path: path) }
        lock.withLock { sources[path] = opened }
        return opened
    }

    /// Runs `make` on a thread of its own and waits: the thread that first draws a clip has a
    /// frame's context (its clock's date, its light or dark appearance, its scene's state), which
    /// the clip's own render must not see, or the file would depend on which frame opened it.
    private static func runApart(_ make: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { make(); done.signal() }
        thread.stackSize = 8 << 20
        thread.start()
        done.wait()
    }

    /// The image of frame `index` of `source`: one per frame, its pixels decoded when drawn and
    /// let go with the other decoded pictures when room is needed.
    func image(_ source: ClipSource, frame index: Int) -> Image? {
        let id = ObjectIdentifier(source)
        return lock.withLock {
            if let image = images[id]?[index] { return image }
            let image = Image(width: source.width, height: source.height, opaque: !source.hasAlpha) { try source.rgba(frame: index) }
            images[id, default: [:]][index] = image
            return image
        }
    }
}

extension Space {
    /// Adds the frame of `clip` showing at scene time `time` lying flat in space (see
    /// `addPicture(_:at:right:up:opacity:)`): a video on a wall or a floor, hidden where something
    /// is in front of it. In a storyboard, `s.add(in: space) { values, space in
    /// space.addClip(clip, at: values.time, center: ..., right: ..., up: ...) }`.
    public mutating func addClip(_ clip: VideoClip, at time: Double, center: Vector3, right: Vector3, up: Vector3, opacity: Double = 1) {
        addPicture(clip.image(at: time), at: center, right: right, up: up, opacity: opacity)
    }
}
