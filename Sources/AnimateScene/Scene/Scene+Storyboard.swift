public import AnimateDrawing
public import AnimateStoryboard
import Foundation
import AnimateTimeline

extension Scene {
    /// A scene that draws `storyboard` over `background` (else its style's: white, or black in
    /// Manim's style), lasting its beats and `tail` seconds more, its canvas scaled to fit the
    /// render's size.
    public init(name: String, description: String, background: Color? = nil, tail: Double = 0.5, storyboard: Storyboard) {
        let background = background ?? storyboard.style.background
        self.init(name: name, description: description, duration: storyboard.duration + max(tail, 0), size: storyboard.size) { context, frame in
            context.fill(Path(CGRect(origin: .zero, size: frame.size)), with: .color(background))
            let scale = min(frame.size.width / storyboard.size.width, frame.size.height / storyboard.size.height)
            var c = context
            c.translateBy(x: (frame.size.width - storyboard.size.width * scale) / 2, y: (frame.size.height - storyboard.size.height * scale) / 2)
            c.scaleBy(x: scale, y: scale)
            storyboard.draw(in: &c, at: frame.time)
        }
        let parts = StoryboardParts(storyboard)
        storyboardParts = { parts }
    }

    /// A narrated scene written as a storyboard whose beats wait for the narration
    /// (`s.wait(until: narration.start(of: 1))`): `build` runs once, when the scene is first
    /// needed, after the narration is spoken (in the language a render asks for). It lasts its
    /// beats and `tail` seconds more.
    public init(name: String, description: String, narration: Narration, style: Storyboard.Style = .standard, background: Color? = nil,
                tail: Double = 0.5, _ build: @escaping @Sendable (inout Storyboard.Builder) -> Void) {
        let box = StoryboardBox { ClipCollector.collecting { Storyboard(style: style, build) } }
        self.init(name: name, description: description, duration: 0) { context, frame in
            let storyboard = box.storyboard
            context.fill(Path(CGRect(origin: .zero, size: frame.size)), with: .color(background ?? storyboard.style.background))
            let scale = min(frame.size.width / storyboard.size.width, frame.size.height / storyboard.size.height)
            var c = context
            c.translateBy(x: (frame.size.width - storyboard.size.width * scale) / 2, y: (frame.size.height - storyboard.size.height * scale) / 2)
            c.scaleBy(x: scale, y: scale)
            storyboard.draw(in: &c, at: frame.time)
        }
        length = { box.storyboard.duration + max(tail, 0) }
        storyboardParts = { StoryboardParts(box.storyboard) }
        self.narration = narration
        // The sound of the clips it adds, once it is built.
        let scene = self
        cues = { box.clips.isEmpty ? [] : scene.playing(box.clips).soundCues }
    }

    /// A scene written as a storyboard: `build` adds things and plays beats on a 1920x1080 canvas,
    /// in `style`'s conventions (`.manim` for Manim's).
    public init(name: String, description: String, style: Storyboard.Style = .standard, background: Color? = nil, tail: Double = 0.5,
                _ build: (inout Storyboard.Builder) -> Void) {
        let (storyboard, clips) = ClipCollector.collecting { Storyboard(style: style, build) }
        self.init(name: name, description: description, background: background, tail: tail, storyboard: storyboard)
        if !clips.isEmpty { self = playing(clips) }
    }
}

/// A storyboard built once, when first asked for.
final class StoryboardBox: @unchecked Sendable {
    private let lock = NSLock()
    private var made: (storyboard: Storyboard, clips: [VideoClip])?
    private let make: @Sendable () -> (Storyboard, [VideoClip])

    init(_ make: @escaping @Sendable () -> (Storyboard, [VideoClip])) { self.make = make }

    private var built: (storyboard: Storyboard, clips: [VideoClip]) {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let (storyboard, clips) = make()
        made = (storyboard, clips)
        return (storyboard, clips)
    }

    var storyboard: Storyboard { built.storyboard }
    /// The video clips it adds.
    var clips: [VideoClip] { built.clips }
}
