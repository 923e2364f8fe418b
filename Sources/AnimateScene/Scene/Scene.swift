public import AnimateDrawing
public import AnimateStoryboard
public import AnimateTimeline
package import AnimateViews
public import Foundation

/// A named animation: a description, a default duration and size, how to draw each frame, and
/// what it sounds like (a narration and sound cues).
///
/// Drawing must be a pure function of the frame (its index, time, size and seed) and, for
/// stateful scenes, of the state at that frame: then any frame renders the same alone or in a
/// run, on any number of threads.
public struct Scene: Sendable {
    /// For a scene that shows a view: where a touch track from outside the lesson goes (`--touches`).
    package var touchOverride: TouchTrackOverride?
    /// The command-line name.
    public package(set) var name: String
    /// One line for `animate list`.
    public let description: String
    /// Default size in pixels.
    public let size: CGSize
    var makeCursor: @Sendable () -> SceneCursor
    var length: @Sendable () -> Double
    /// The voice-over, if the scene has one (see `narrated(by:endingAfter:)`).
    public internal(set) var narration: Narration?
    /// The named parts of a long lesson (a storyboard's sections): `--section NAME` renders one.
    public internal(set) var sections: [Storyboard.Section] {
        get { storyboardParts().sections }
        set { let parts = storyboardParts(); storyboardParts = { var p = parts; p.sections = newValue; return p } }
    }
    /// Where a presentation of it stops (`Storyboard.slides`); one slide, the whole scene, for
    /// a scene drawn by a closure.
    public internal(set) var slides: [Storyboard.Slide] {
        get {
            var slides = storyboardParts().slides
            guard let last = slides.last else { return [Storyboard.Slide(name: name, start: 0, end: duration, loops: false)] }
            // The last runs to the scene's end (its tail too).
            slides[slides.count - 1] = Storyboard.Slide(name: last.name, start: last.start, end: max(last.end, duration), loops: last.loops)
            return slides
        }
        set { let parts = storyboardParts(); storyboardParts = { var p = parts; p.slides = newValue; return p } }
    }
    var cues: @Sendable () -> [SoundCue] = { [] }
    /// Descriptions given with `described`, and a storyboard's beats and descriptions.
    var givenDescriptions: @Sendable () -> [DescriptionCue] = { [] }
    /// A storyboard's sections, beats, descriptions and slides (read when first asked: a
    /// storyboard that waits for its narration is built once the narration is spoken).
    var storyboardParts: @Sendable () -> StoryboardParts = { StoryboardParts() }
    /// The beats of its storyboard that bring something new into view.
    package internal(set) var visualBeats: [Storyboard.VisualBeat] {
        get { storyboardParts().beats }
        set { let parts = storyboardParts(); storyboardParts = { var p = parts; p.beats = newValue; return p } }
    }
    var storyboardDescriptions: [Storyboard.Description] { storyboardParts().descriptions }
    var givenDescriptionVoice: Voice?
    /// In an extended scene (`extended(at:)`): its holds and descriptions, placed.
    package internal(set) var extendedTimeline: ExtendedTimeline?

    /// Default duration in seconds.
    public var duration: Double { length() }

    /// The longest timeline (and synthesized tone) accepted, in seconds.
    package static let maximumDuration: Double = 24 * 3600

    /// A scene drawn by a pure function of the frame. The default size is 1920x1080.
    public init(name: String, description: String, duration: Double, size: CGSize = CGSize(width: 1920, height: 1080),
                draw: @escaping @Sendable (inout GraphicsContext, Frame) -> Void) {
        self.name = name; self.description = description; self.size = size
        length = { duration }
        makeCursor = { SceneCursor(stateless: draw) }
    }

    /// A scene with state that evolves tick by tick, like a SwiftUI view whose `.onChange` of a
    /// `TimelineView` date updates `@State` counters.
    ///
    /// `update` runs once per tick, `tickRate` ticks per second of scene time (60 by default), in
    /// order, starting from `initialState`; the frame at time `t` is drawn from the state after
    /// `floor(t * tickRate)` ticks. Ticks follow scene time, not the render's frame rate, so 30 and
    /// 60 fps show the same motion. Drawing gets a copy of the state, so frames still render in parallel.
    public init<State: Sendable>(name: String, description: String, duration: Double,
                                 size: CGSize = CGSize(width: 1920, height: 1080),
                                 initialState: State, tickRate: FrameRate = FrameRate(numerator: 60)!,
                                 update: @escaping @Sendable (inout State, Tick) -> Void,
                                 draw: @escaping @Sendable (inout GraphicsContext, State, Frame) -> Void) {
        self.name = name; self.description = description; self.size = size
        length = { duration }
        makeCursor = {
            SceneCursor(stateful: StateStepper(initial: initialState, rate: tickRate, update: update), draw: draw)
        }
    }

    /// A stateful scene whose state is made afresh for each run (`makeState`) and whose frames are
    /// prepared in order before they are drawn (`prepare`): a view scene's models and canvases.
    package init<State: Sendable>(name: String, description: String, duration: Double, size: CGSize,
                                  makeState: @escaping @Sendable () -> State, tickRate: FrameRate = FrameRate(numerator: 60)!,
                                  update: @escaping @Sendable (inout State, Tick) -> Void,
                                  prepare: @escaping @Sendable (State, Frame) -> State,
                                  draw: @escaping @Sendable (inout GraphicsContext, State, Frame) -> Void) {
        self.name = name; self.description = description; self.size = size
        length = { duration }
        makeCursor = {
            SceneCursor(stateful: StateStepper(makeInitial: makeState, rate: tickRate, update: update), preparing: prepare, draw: draw)
        }
    }

    /// The scene with `narration` as its voice-over; with `tail`, the scene lasts until `tail`
    /// seconds after the narration ends (its real length, known once it is spoken).
    public func narrated(by narration: Narration, endingAfter tail: Double? = nil) -> Scene {
        var scene = self
        scene.narration = narration
        if let tail { scene.length = { narration.duration + tail } }
        return scene
    }

    /// The scene with sounds at times of its timeline. `cues` is called when a render mixes the
    /// sound, after the narration is spoken, so cues can follow it (`narration.time(of: "three")`).
    public func sounds(_ cues: @escaping @Sendable () -> [SoundCue]) -> Scene {
        var scene = self
        let earlier = self.cues
        scene.cues = { earlier() + cues() }
        return scene
    }

    /// The scene's sound cues.
    public var soundCues: [SoundCue] { cues() }

    /// Whether the scene makes any sound of its own.
    public var hasSound: Bool { narration != nil || !cues().isEmpty }

    /// The scene with `overlay` drawn over each frame after the scene's own drawing.
    public func overlaid(_ overlay: @escaping @Sendable (inout GraphicsContext, Frame) -> Void) -> Scene {
        var scene = self
        let make = makeCursor
        scene.makeCursor = { SceneCursor(wrapping: make(), overlay: overlay) }
        return scene
    }

    /// A cursor that prepares frames in increasing order (state is advanced sequentially).
    package func cursor() -> SceneCursor { makeCursor() }

    /// Renders one frame into `canvas` (cleared to transparent first). For stateful scenes this
    /// replays the ticks up to the frame; use a `cursor()` for runs of frames.
    public func render(_ frame: Frame, into canvas: inout Bitmap) {
        cursor().drawer(for: frame).render(into: &canvas)
    }
}

/// What a scene keeps of its storyboard.
struct StoryboardParts: Sendable {
    var sections: [Storyboard.Section] = []
    var beats: [Storyboard.VisualBeat] = []
    var descriptions: [Storyboard.Description] = []
    var slides: [Storyboard.Slide] = []

    init() {}

    init(_ storyboard: Storyboard) {
        sections = storyboard.sections; beats = storyboard.visualBeats; descriptions = storyboard.descriptions; slides = storyboard.slides
    }
}

/// One step of a stateful scene's `update`, as a game loop's tick: ticks come `tickRate` times
/// a second of scene time, whatever the render's frame rate, so a state is the same at the same
/// time in a 30 and a 60 fps render.
public struct Tick: Sendable {
    /// Zero-based tick number.
    public let index: Int
    /// Scene time of the tick, in seconds.
    public let time: Double
    /// Seconds per tick.
    public let interval: Double
    /// The size of the frames the ticks lead to, in pixels (a view scene lays its views out in
    /// the window those frames show).
    public var size: CGSize = .zero
}

/// Everything needed to draw one frame, detached from the cursor (safe to use on another thread).
package struct FrameDrawer: Sendable {
    let frame: Frame
    let body: @Sendable (inout GraphicsContext, Frame) -> Void

    /// Draws the frame into an existing context (to compose scenes, or draw one inside another).
    package func draw(in context: inout GraphicsContext) {
        FrameClock.at(time: frame.time) { body(&context, frame) }
    }

    /// Clears `canvas` to transparent and draws the frame.
    package func render(into canvas: inout Bitmap) {
        canvas.clear(.clear)
        FrameClock.at(time: frame.time) { canvas.draw { context, _ in body(&context, frame) } }
    }
}

/// Prepares frames of a scene in order: for stateful scenes it advances the state to each
/// frame's tick and snapshots it. Not thread-safe; call from one thread, frames in any order
/// (going back replays from the start).
package final class SceneCursor {
    private let prepare: (Frame) -> FrameDrawer

    init(stateless draw: @escaping @Sendable (inout GraphicsContext, Frame) -> Void) {
        prepare = { FrameDrawer(frame: $0, body: draw) }
    }

    /// Draws, for each frame, the frame of `inner` that `map` gives its index (a timeline with
    /// held frames), at that frame's time.
    init(wrapping inner: SceneCursor, mapping map: @escaping @Sendable (Frame) -> Frame) {
        prepare = { frame in
            let drawer = inner.drawer(for: map(frame))
            return FrameDrawer(frame: frame) { context, _ in
                FrameClock.at(time: drawer.frame.time) { drawer.body(&context, drawer.frame) }
            }
        }
    }

    init(wrapping inner: SceneCursor, overlay: @escaping @Sendable (inout GraphicsContext, Frame) -> Void) {
        prepare = { frame in
            let drawer = inner.drawer(for: frame)
            return FrameDrawer(frame: frame) { context, f in
                drawer.body(&context, f)
                overlay(&context, f)
            }
        }
    }

    convenience init<State: Sendable>(stateful stepper: StateStepper<State>, draw: @escaping @Sendable (inout GraphicsContext, State, Frame) -> Void) {
        self.init(stateful: stepper, preparing: nil, draw: draw)
    }

    /// `preparing` turns the state a frame's ticks reached into the frame's own, in order on the
    /// cursor's thread (work that must not run on the drawing threads).
    init<State: Sendable>(stateful stepper: StateStepper<State>, preparing: (@Sendable (State, Frame) -> State)?,
                          draw: @escaping @Sendable (inout GraphicsContext, State, Frame) -> Void) {
        let stepping = Stepping(stepper)
        prepare = { frame in
            let reached = stepping.stepper.state(at: frame)
            let state = preparing.map { preparing in FrameClock.at(time: frame.time) { preparing(reached, frame) } } ?? reached
            return FrameDrawer(frame: frame) { context, f in draw(&context, state, f) }
        }
    }

    /// The drawer for `frame`.
    package func drawer(for frame: Frame) -> FrameDrawer { prepare(frame) }
}

/// Advances a state through ticks at an exact rational rate.
struct StateStepper<State: Sendable> {
    /// The state before the first tick: made afresh for each cursor and each replay from the
    /// start, so objects a state holds (a view's models) are never shared by two runs.
    let makeInitial: @Sendable () -> State
    let rate: FrameRate
    let update: @Sendable (inout State, Tick) -> Void
    private var state: State
    private var ticks = 0

    init(initial: State, rate: FrameRate, update: @escaping @Sendable (inout State, Tick) -> Void) {
        self.init(makeInitial: { initial }, rate: rate, update: update)
    }

    init(makeInitial: @escaping @Sendable () -> State, rate: FrameRate, update: @escaping @Sendable (inout State, Tick) -> Void) {
        self.makeInitial = makeInitial; self.rate = rate; self.update = update
        state = makeInitial()
    }

    /// Ticks completed at the time of `frame`: floor(index * frameDen * tickNum / (frameNum * tickDen)), exactly.
    static func ticks(at frame: Frame, rate: FrameRate) -> Int {
        let numerator = frame.index.multipliedFullWidth(by: frame.rate.denominator * rate.numerator)
        let denominator = frame.rate.numerator * rate.denominator
        let (q, _) = denominator.dividingFullWidth((high: numerator.high, low: numerator.low))
        return q
    }

    /// The frame size the ticks so far were made for.
    private var size: CGSize?

    mutating func state(at frame: Frame) -> State {
        let target = Self.ticks(at: frame, rate: rate)
        // Back in time, or frames of another size (whose window the views fill otherwise): from the start.
        if target < ticks || (size != nil && size != frame.size) { state = makeInitial(); ticks = 0 }
        size = frame.size
        let interval = Double(rate.denominator) / Double(rate.numerator)
        while ticks < target {
            let time = rate.time(ofFrame: ticks)
            FrameClock.at(time: time) { update(&state, Tick(index: ticks, time: time, interval: interval, size: frame.size)) }
            ticks += 1
        }
        return state
    }
}

/// A cursor's stepper: advanced only by the cursor that owns it, on its thread (frames are
/// prepared in order there), so it needs no lock.
private final class Stepping<State: Sendable>: @unchecked Sendable {
    var stepper: StateStepper<State>
    init(_ stepper: StateStepper<State>) { self.stepper = stepper }
}
