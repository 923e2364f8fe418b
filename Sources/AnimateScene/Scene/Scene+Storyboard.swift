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
        // The storyboard and the video clips it adds.
        let box = Once { ClipCollector.collecting { Storyboard(style: style, build) } }
        self.init(name: name, description: description, duration: 0) { context, frame in
            let storyboard = box.value.0
            context.fill(Path(CGRect(origin: .zero, size: frame.size)), with: .color(background ?? storyboard.style.background))
            let scale = min(frame.size.width / storyboard.size.width, frame.size.height / storyboard.size.height)
            var c = context
            c.translateBy(x: (frame.size.width - storyboard.size.width * scale) / 2, y: (frame.size.height - storyboard.size.height * scale) / 2)
            c.scaleBy(x: scale, y: scale)
            storyboard.draw(in: &c, at: frame.time)
        }
        length = { box.value.0.duration + max(tail, 0) }
        storyboardParts = { StoryboardParts(box.value.0) }
        self.narration = narration
        // The sound of the clips it adds, once it is built.
        let scene = self
        cues = { box.value.1.isEmpty ? [] : scene.playing(box.value.1).soundCues }
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

/// A value made once, when first asked for (other threads asking meanwhile wait for it): a
/// storyboard that waits for its narration, the descriptions a view scene's labels give.
final class Once<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var made: Value?
    private let make: () -> Value

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}
