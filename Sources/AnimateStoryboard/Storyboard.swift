public import AnimateDrawing
public import AnimateTimeline
public import Foundation
import AnimateCode
import AnimateFormula
import AnimateSpace
import AnimateText

/// A lesson written as beats in order: things are added, then beats play animations on them
/// (together, lagged, one after another), wait, or wait for a moment of the narration. Built once;
/// `draw(in:at:)` then draws the state at any time directly, at the same cost whatever the time,
/// so a frame rendered alone is the frame of a render in order and the preview scrubs anywhere.
///
/// ```swift
/// let lesson = Storyboard { s in
///     let square = s.add(Path(CGRect(x: 860, y: 440, width: 200, height: 200)), fill: .blue)
///     let circle = s.add(Path(ellipseIn: CGRect(x: 850, y: 430, width: 220, height: 220)), fill: .red)
///     s.play(.create(square))
///     s.play(.transform(square, into: circle), duration: 1.5)
///     s.wait(1)
/// }
/// Scene(name: "morph", description: "A square becomes a circle", duration: lesson.duration) { context, frame in
///     context.fill(Path(CGRect(origin: .zero, size: frame.size)), with: .color(.white))
///     lesson.draw(in: &context, at: frame.time)
/// }
/// ```
public struct Storyboard: Sendable {
    var things: [ThingTracks] = []
    var morphs: [MorphBeat] = []
    var trackers: [Track<Double>] = []
    var camera: Camera
    var transitions: [TransitionBeat] = []
    /// The cameras of spaces, by the space's thing, and transforms between parts of spaces.
    var spaces: [Int: SpaceTracks] = [:]
    var spaceMorphs: [SpaceMorph] = []
    /// The beats that brought something new into view, in order.
    public let visualBeats: [VisualBeat]
    /// The descriptions the build closure gave, in time order.
    public let descriptions: [Description]
    /// Where a presentation stops: its sections and `slide()` marks (none when it has neither).
    public let slides: [Slide]
    /// The lesson's sections in order (none when the build closure names none).
    public let sections: [Section]
    /// The time after the last beat.
    public let duration: Double
    /// The canvas its things are placed on, in points.
    public let size: CGSize
    /// The conventions it was built with (`Builder.style`).
    public let style: Style

    /// A storyboard's conventions: the ink of text and formulas that name no colour, the easing
    /// of plays that name none, whether scaling a thing scales its strokes, and the background a
    /// scene draws it over. `.manim` is Manim's: white ink on black, `smooth`, strokes kept.
    public struct Style: Sendable {
        public var ink: Color
        public var easing: Easing
        public var scalesStrokes: Bool
        public var background: Color
        /// The size of text and formulas that name no font; nil: their own default.
        public var fontSize: CGFloat?

        public init(ink: Color = .black, easing: Easing = .easeInOut, scalesStrokes: Bool = true, background: Color = .white,
                    fontSize: CGFloat? = nil) {
            self.ink = ink
            self.easing = easing
            self.scalesStrokes = scalesStrokes
            self.background = background
            self.fontSize = fontSize
        }

        /// Black ink on white, SwiftUI's easeInOut, strokes scaled with their things.
        public static let standard = Style()
        /// Manim's: white ink on its black background, its `smooth` rate function, stroke widths
        /// kept when things scale (as Manim's are), text and formulas at its size 48.
        public static let manim = Style(ink: Manim.white, easing: .smooth, scalesStrokes: false, background: Manim.background,
                                        fontSize: Manim.fontSize(48))
    }

    /// Builds the storyboard by running `build` once, its things placed on a canvas of `size`
    /// points, in `style`'s conventions (which `build` may change first).
    public init(size: CGSize = CGSize(width: 1920, height: 1080), style: Style = .standard, _ build: (inout Builder) throws -> Void) rethrows {
        self.size = size
        var builder = Builder(size: size)
        builder.style = style
        try build(&builder)
        builder.finishVisualBeats()
        things = builder.things
        morphs = builder.morphs.sorted { $0.start < $1.start }
        trackers = builder.trackers
        camera = builder.camera
        transitions = builder.transitions
        spaces = builder.spaces
        spaceMorphs = builder.spaceMorphs
        self.style = builder.style
        visualBeats = builder.visualBeats
        descriptions = builder.descriptions
        duration = builder.now
        let starts = builder.sectionStarts
        sections = starts.enumerated().map { i, s in
            Section(name: s.name, start: s.start, end: i + 1 < starts.count ? starts[i + 1].start : builder.now)
        }
        slides = Self.slides(sections: sections, marks: builder.slideStarts, duration: builder.now)
    }

    /// A transform of one thing's outline into another's, during `start...end`: fill and stroke
    /// each blend from the first thing's to the second's (a side without one fades it).
    struct MorphBeat: Sendable {
        let start: Double
        let end: Double
        let morph: PathMorph
        let from: Thing
        let to: Thing
        let fill: (from: Color, to: Color)
        let stroke: (from: Color, to: Color)
        let lineWidth: (from: CGFloat, to: CGFloat)
        let easing: Easing
        /// The first thing stays where it is while a copy of it becomes the second (TransformFromCopy).
        var keepsSource = false
    }

    /// Reads every property of every thing at `time`, as drawing does before it draws (benchmarks);
    /// returns a sum of the values so the work is not optimised away.
    package func evaluate(at time: Double) -> Double {
        var sum = 0.0
        _ = cameraTransform(at: time)
        for t in things {
            let p = t.position.value(at: time)
            sum += Double(p.x + p.y) + Double(t.scale.value(at: time)) + t.rotation.value(at: time) + t.opacity.value(at: time)
            sum += t.fill.value(at: time).red + t.stroke.value(at: time).green + Double(t.lineWidth.value(at: time))
            sum += t.drawn.value(at: time) + t.filled.value(at: time) + t.written.value(at: time)
        }
        for m in morphs where m.start <= time && time < m.end { sum += 1 }
        return sum
    }

    /// Draws every thing as it is at `time` (seconds), in the order they were added, through the
    /// camera (pinned things over it), and sections' transitions.
    public func draw(in context: inout GraphicsContext, at time: Double) {
        if transitions.isEmpty { drawMoment(in: &context, at: time) } else { drawWithTransitions(in: &context, at: time) }
    }

    /// The things at `time`, without transitions.
    func drawMoment(in context: inout GraphicsContext, at time: Double) {
        let screen = context
        context.concatenate(cameraTransform(at: time))
        var morphing = Set<Int>()
        for m in morphs where m.start <= time && time < m.end {
            if !m.keepsSource { morphing.insert(m.from.id) }
            morphing.insert(m.to.id)
            let p = m.easing((time - m.start) / max(m.end - m.start, 1e-9))
            let path = m.morph.path(at: p)
            let fill = Color.interpolate(m.fill.from, m.fill.to, p), stroke = Color.interpolate(m.stroke.from, m.stroke.to, p)
            if fill.opacity > 0 { context.fill(path, with: .color(fill)) }
            let width = CGFloat.interpolate(m.lineWidth.from, m.lineWidth.to, p)
            if stroke.opacity > 0 && width > 0 { context.stroke(path, with: .color(stroke), lineWidth: width) }
        }
        let values = Trackers(trackers: trackers, time: time)
        for (index, thing) in things.enumerated() where !morphing.contains(index) && thing.group == nil {
            draw(thing, id: index, in: thing.fixed ? screen : context, at: time, values: values, hidden: morphing, scaled: 1)
        }
        context = screen
    }

    /// Bitmap points to the view: the camera's centre to the middle, zoomed and turned about it.
    func cameraTransform(at time: Double) -> CGAffineTransform {
        let center = camera.center(at: time, things: things)
        let zoom = camera.zoom.value(at: time), angle = camera.rotation.value(at: time)
        if zoom == 1 && angle == 0 && center == CGPoint(x: size.width / 2, y: size.height / 2) { return .identity }
        return CGAffineTransform(translationX: -center.x, y: -center.y)
            .concatenating(CGAffineTransform(rotationAngle: -angle))
            .concatenating(CGAffineTransform(scaleX: zoom, y: zoom))
            .concatenating(CGAffineTransform(translationX: size.width / 2, y: size.height / 2))
    }

    /// Draws a thing; `scaled` is how much the groups holding it scale it (strokes keep their
    /// width through scaling unless the style says otherwise).
    private func draw(_ thing: ThingTracks, id: Int, in context: GraphicsContext, at time: Double, values: Trackers, hidden: Set<Int>, scaled: CGFloat) {
        let opacity = thing.opacity.value(at: time)
        guard opacity > 0 else { return }
        var c = context
        c.opacity *= min(opacity, 1)
        let position = thing.position.value(at: time)
        c.translateBy(x: position.x, y: position.y)
        let angle = thing.rotation.value(at: time)
        if angle != 0 { c.rotate(by: .radians(angle)) }
        let scale = thing.scale.value(at: time)
        if scale != 1 { c.scaleBy(x: scale, y: scale) }
        let strokeScale = style.scalesStrokes ? 1 : 1 / max(abs(scale * scaled), 1e-6)
        c.translateBy(x: -thing.center.x, y: -thing.center.y)
        let drawn = thing.drawn.value(at: time), filled = thing.filled.value(at: time), written = thing.written.value(at: time)
        let typed = thing.typed.value(at: time)
        let fill = thing.fill.value(at: time), stroke = thing.stroke.value(at: time)
        switch thing.content {
        case .shape(let path):
            if thing.hasFill && filled > 0 { c.fill(path, with: .color(fill.opacity(min(filled, 1)))) }
            let width = thing.lineWidth.value(at: time)
            if drawn > 0 && (thing.hasStroke || drawn < 1 || filled < 1) {
                let outline = drawn >= 1 ? path : path.trimmedPath(from: 0, to: drawn)
                // An outline drawn on before its fill shows in the fill's colour when it has no stroke of its own.
                let colour = thing.hasStroke ? stroke : fill.opacity(1 - min(filled, 1))
                var strokeStyle = thing.strokeStyle ?? StrokeStyle()
                strokeStyle.lineWidth = (thing.hasStroke ? width : max(width, 2)) * strokeScale
                if strokeScale != 1 { strokeStyle.dash = strokeStyle.dash.map { $0 * strokeScale }; strokeStyle.dashPhase *= strokeScale }
                c.stroke(outline, with: .color(colour), style: strokeStyle)
            }
        case .drawing(let body):
            // Created: what the closure strokes drawn on, what it fills faded in.
            if drawn < 1 || filled < 1 {
                c.strokeTrim = CGFloat(max(drawn, 0))
                c.fillFade = max(filled, 0)
            }
            body(&c, values)
        case .group(let members):
            for m in members where things.indices.contains(m.id) && !hidden.contains(m.id) {
                draw(things[m.id], id: m.id, in: c, at: time, values: values, hidden: hidden, scaled: scaled * scale)
            }
        case .space(let base):
            c.draw(space(base, id: id, at: time), in: CGRect(origin: .zero, size: size))
        case .spacePart:
            // Drawn by its space.
            break
        case .text(let text):
            let resolved = c.resolve(text)
            if typed < 1 {
                let glyphs = resolved.glyphs(in: CGSize(width: CGFloat.infinity, height: .infinity))
                for g in glyphs.prefix(Int((Double(glyphs.count) * max(typed, 0)).rounded(.down))) where !g.path.isEmpty {
                    c.fill(g.path, with: .color(fill))
                }
            } else if written >= 1 {
                c.draw(resolved, at: .zero, anchor: .topLeading)
            } else {
                let glyphs = resolved.glyphs(in: CGSize(width: CGFloat.infinity, height: .infinity)).map { ($0.path, fill) }
                Self.write(glyphs, progress: written, in: c)
            }
        case .code(let code):
            // Typed: the first characters, in order. Written: the background, then each glyph
            // (line numbers too) drawn on and filled, in reading order.
            var block = code
            if written < 1 {
                block.typedCharacters = 0
            } else if typed < 1 {
                block.typedCharacters = Int((Double(code.layout.characterCount) * max(typed, 0)).rounded(.down))
            }
            c.draw(block, at: .zero)
            if written < 1 {
                Self.write(code.glyphs(includingLineNumbers: true).map { ($0.path, $0.color) }, progress: written, in: c)
            }
        case .formula(let formula):
            guard let resolved = try? formula.resolved() else { c.draw(formula, at: .zero, anchor: .topLeading); return }
            if written >= 1 {
                c.draw(resolved, at: .zero, anchor: .topLeading)
            } else {
                Self.write(resolved.glyphsInSourceOrder.map { ($0.path, $0.color) }, progress: written, in: c)
            }
        }
    }

    /// Writes glyphs in order, as a hand does: each glyph's outline drawn on, then filled,
    /// lagged so about five are under way at once.
    static func write(_ glyphs: [(path: Path, color: Color)], progress: Double, in context: GraphicsContext) {
        let n = Double(max(glyphs.count, 1))
        let span = min(1, 5 / n)
        for (i, glyph) in glyphs.enumerated() where !glyph.path.isEmpty {
            let begin = Double(i) / n * (1 - span)
            let p = min(max((progress - begin) / span, 0), 1)
            guard p > 0 else { break }
            if p < 1 {
                let outline = glyph.path.trimmedPath(from: 0, to: min(p * 2, 1))
                context.stroke(outline, with: .color(glyph.color.opacity(1 - max(0, p * 2 - 1))), lineWidth: 1.2)
            }
            if p > 0.5 { context.fill(glyph.path, with: .color(glyph.color.opacity(min((p - 0.5) * 2, 1)))) }
        }
    }
}
