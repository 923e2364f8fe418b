import AnimateCode
public import AnimateDrawing
import AnimateMath
import AnimateSpace
public import AnimateTimeline
public import Foundation

extension Storyboard {
/// What a beat does to things: show, hide, draw on, write, move, turn, recolour, transform.
/// `Builder.play` gives it its start, duration and easing. (Nested, so `Animation` stays free for
/// SwiftUI's timing curves.)
public struct Animation: Sendable {
    let apply: @Sendable (inout Storyboard.Builder, _ start: Double, _ duration: Double, _ easing: Easing) -> Void
    /// Its own duration, delay and easing inside a `play` (Manim's `run_time`, `lag` and `rate_func`).
    var ownDuration: Double?
    var ownDelay = 0.0
    var ownEasing: Easing?
    /// Placed against where another thing ends the beat: run after the rest of its play.
    var placesRelative = false

    init(_ apply: @escaping @Sendable (inout Storyboard.Builder, Double, Double, Easing) -> Void) { self.apply = apply }

    /// This animation taking `seconds` whatever the `play` around it says (Manim's `run_time`):
    /// `s.play(.write(title).duration(2), .fadeIn(dot))` writes for 2 s while the dot fades in
    /// over the play's 1 s; the play lasts until its last animation ends.
    public func duration(_ seconds: Double) -> Animation {
        var a = self
        a.ownDuration = seconds.isFinite ? max(seconds, 0) : nil
        return a
    }

    /// This animation starting `seconds` after the `play` begins.
    public func delay(_ seconds: Double) -> Animation {
        var a = self
        a.ownDelay = seconds.isFinite ? max(seconds, 0) : 0
        return a
    }

    /// This animation with its own easing (Manim's `rate_func`: `.smooth`, `.thereAndBack`, ...).
    public func easing(_ easing: Easing) -> Animation {
        var a = self
        a.ownEasing = easing
        return a
    }

    /// Runs the animation in a play that starts at `start` with `duration` and `easing` unless it
    /// has its own; returns when it ends.
    func run(in b: inout Storyboard.Builder, start: Double, duration: Double, easing: Easing) -> Double {
        let d = ownDuration ?? duration
        apply(&b, start + ownDelay, d, ownEasing ?? easing)
        return start + ownDelay + d
    }

    /// Fades `thing` in, arriving from `shift` away and from `scale` times its size.
    public static func fadeIn(_ thing: Thing, shift: CGSize = .zero, scale: CGFloat = 1) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            if shift != .zero, let p = b.value(thing, \.position, at: start) {
                b.change(thing, \.position, to: CGPoint(x: p.x - shift.width, y: p.y - shift.height), start: start, duration: 0, easing: .linear)
                b.change(thing, \.position, to: p, start: start, duration: d, easing: easing)
            }
            if scale != 1, let s = b.value(thing, \.scale, at: start) {
                b.change(thing, \.scale, to: s * scale, start: start, duration: 0, easing: .linear)
                b.change(thing, \.scale, to: s, start: start, duration: d, easing: easing)
            }
            b.show(thing, at: start)
            b.change(thing, \.opacity, to: 0, start: start, duration: 0, easing: .linear)
            b.change(thing, \.opacity, to: 1, start: start, duration: d, easing: easing)
        }
    }

    /// Fades `thing` out, leaving towards `shift` and ending at `scale` times its size.
    public static func fadeOut(_ thing: Thing, shift: CGSize = .zero, scale: CGFloat = 1) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            if shift != .zero, let p = b.value(thing, \.position, at: start) {
                b.change(thing, \.position, to: CGPoint(x: p.x + shift.width, y: p.y + shift.height), start: start, duration: d, easing: easing)
            }
            if scale != 1, let s = b.value(thing, \.scale, at: start) {
                b.change(thing, \.scale, to: s * scale, start: start, duration: d, easing: easing)
            }
            b.change(thing, \.opacity, to: 0, start: start, duration: d, easing: easing)
        }
    }

    /// Shows `thing` by drawing its outline on along the path, then fading its fill in (Manim's
    /// Create); a thing drawn by a closure has what it strokes drawn on and what it fills faded
    /// in. Text and formulas are written instead.
    public static func create(_ thing: Thing) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            b.show(thing, at: start)
            if let members = b.members(of: thing) {
                for m in members { create(m).apply(&b, start, d, easing) }
                return
            }
            guard b.things.indices.contains(thing.id) else { return }
            if case .spacePart = b.things[thing.id].content {
                // In space: surfaces sweep in and lines grow over the whole beat.
                b.change(thing, \.drawn, to: 0, start: start, duration: 0, easing: .linear)
                b.change(thing, \.drawn, to: 1, start: start, duration: d, easing: easing)
                return
            }
            if b.things[thing.id].drawsOn {
                b.change(thing, \.drawn, to: 0, start: start, duration: 0, easing: .linear)
                b.change(thing, \.filled, to: 0, start: start, duration: 0, easing: .linear)
                b.change(thing, \.drawn, to: 1, start: start, duration: d * 0.7, easing: easing)
                b.change(thing, \.filled, to: 1, start: start + d * 0.6, duration: d * 0.4, easing: easing)
            } else {
                b.change(thing, \.written, to: 0, start: start, duration: 0, easing: .linear)
                b.change(thing, \.written, to: 1, start: start, duration: d, easing: .linear)
            }
        }
    }

    /// Writes text or a formula glyph by glyph: each outline drawn, then filled (Manim's Write).
    /// A shape is created.
    public static func write(_ thing: Thing) -> Storyboard.Animation { create(thing) }

    /// Moves `thing`'s centre to `point` (a thing in a space: its middle to (`point.x`,
    /// `point.y`) in the space's units, at the height it has).
    public static func move(_ thing: Thing, to point: CGPoint) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            if let c = Storyboard.center(of: thing.id, in: b.things, trackers: b.trackers, at: start) {
                return move(thing, to: Vector3(Double(point.x), Double(point.y), c.z)).apply(&b, start, d, easing)
            }
            b.change(thing, \.position, to: point, start: start, duration: d, easing: easing)
        }
    }

    /// Moves `thing` by `offset` (a thing in a space: along x and y in the space's units).
    public static func shift(_ thing: Thing, by offset: CGSize) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            if Storyboard.center(of: thing.id, in: b.things, trackers: b.trackers, at: start) != nil {
                return shift(thing, by: Vector3(Double(offset.width), Double(offset.height), 0)).apply(&b, start, d, easing)
            }
            guard let p = b.value(thing, \.position, at: start) else { return }
            b.change(thing, \.position, to: CGPoint(x: p.x + offset.width, y: p.y + offset.height), start: start, duration: d, easing: easing)
        }
    }

    /// Scales `thing` to `factor` times its size as added.
    public static func scale(_ thing: Thing, to factor: CGFloat) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in b.change(thing, \.scale, to: factor, start: start, duration: d, easing: easing) }
    }

    /// Turns `thing` to `angle` (clockwise on screen) about its centre.
    public static func rotate(_ thing: Thing, to angle: Angle) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in b.change(thing, \.rotation, to: angle.radians, start: start, duration: d, easing: easing) }
    }

    /// Changes `thing`'s fill (and a text's or formula's colour) to `color`, blended in OKLab.
    public static func fill(_ thing: Thing, _ color: Color) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            if let members = b.members(of: thing) { for m in members { fill(m, color).apply(&b, start, d, easing) } }
            b.change(thing, \.fill, to: color, start: start, duration: d, easing: easing)
        }
    }

    /// Changes `thing`'s stroke colour, and its line width when given.
    public static func stroke(_ thing: Thing, _ color: Color, lineWidth: CGFloat? = nil) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            if let members = b.members(of: thing) { for m in members { stroke(m, color, lineWidth: lineWidth).apply(&b, start, d, easing) } }
            b.change(thing, \.stroke, to: color, start: start, duration: d, easing: easing)
            if let lineWidth { b.change(thing, \.lineWidth, to: lineWidth, start: start, duration: d, easing: easing) }
        }
    }

    /// Shows `thing` growing from nothing at its centre (Manim's GrowFromCenter).
    public static func grow(_ thing: Thing) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            guard let s = b.value(thing, \.scale, at: start) else { return }
            b.show(thing, at: start)
            b.change(thing, \.scale, to: 0, start: start, duration: 0, easing: .linear)
            b.change(thing, \.scale, to: s, start: start, duration: d, easing: easing)
        }
    }

    /// Moves `thing`'s centre along `path`, from its start to its end (Manim's MoveAlongPath).
    public static func move(_ thing: Thing, along path: Path) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            let end = path.trimmedPath(from: 0, to: 1).currentPoint ?? path.currentPoint ?? .zero
            b.change(thing, \.position, to: end, start: start, duration: d, easing: easing) { p in
                p <= 0 ? (Self.firstPoint(of: path) ?? end) : (path.trimmedPath(from: 0, to: CGFloat(p)).currentPoint ?? end)
            }
        }
    }

    /// Turns `thing` by `angle` about `point` (its centre travels the arc; Manim's Rotating). A
    /// thing in a space turns about the vertical line through (`point.x`, `point.y`), as
    /// `rotate(_:by:axis:about:)` turns it.
    public static func rotate(_ thing: Thing, by angle: Angle, about point: CGPoint) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            if b.things.indices.contains(thing.id), case .spacePart = b.things[thing.id].content {
                return rotate(thing, by: angle, axis: .out, about: Vector3(Double(point.x), Double(point.y), 0)).apply(&b, start, d, easing)
            }
            guard let p0 = b.value(thing, \.position, at: start), let r0 = b.value(thing, \.rotation, at: start) else { return }
            let turn = angle.radians
            @Sendable func around(_ p: Double) -> CGPoint {
                let c = PortableMath.cos(turn * p), s = PortableMath.sin(turn * p), dx = p0.x - point.x, dy = p0.y - point.y
                return CGPoint(x: point.x + dx * c - dy * s, y: point.y + dx * s + dy * c)
            }
            b.change(thing, \.position, to: around(1), start: start, duration: d, easing: easing, route: around)
            b.change(thing, \.rotation, to: r0 + turn, start: start, duration: d, easing: easing)
        }
    }

    private static func firstPoint(of path: Path) -> CGPoint? {
        for element in path.elements { if case .move(let p) = element { return p } }
        return nil
    }

    /// Draws attention to `thing`: it grows by a fifth and back (Manim's Indicate).
    public static func indicate(_ thing: Thing, scale factor: CGFloat = 1.2) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            guard let s = b.value(thing, \.scale, at: start) else { return }
            b.change(thing, \.scale, to: s * factor, start: start, duration: d / 2, easing: easing)
            b.change(thing, \.scale, to: s, start: start + d / 2, duration: d / 2, easing: easing)
        }
    }

    /// Turns a copy of `thing` into `target`, `thing` staying where it is (Manim's TransformFromCopy).
    public static func transformFromCopy(_ thing: Thing, into target: Thing) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            let count = b.morphs.count
            transform(thing, into: target).apply(&b, start, d, easing)
            guard b.morphs.count > count else { return }
            b.morphs[b.morphs.count - 1].keepsSource = true
            // The original was hidden by the transform at its end: shown again.
            b.change(thing, \.opacity, to: b.value(thing, \.opacity, at: start) ?? 1, start: start + d, duration: 0, easing: .linear)
        }
    }

    /// Turns `thing`'s outline into `target`'s (as each is at the beat's start and end), its
    /// colour blending in OKLab; then `target` is shown in its place and `thing` hidden. Between
    /// texts and formulas, glyph by glyph, aligned in reading order: the same characters move
    /// into place, others reshape into their partners, extra ones gather into (or grow out of)
    /// their neighbours (Manim's Transform between Tex objects).
    public static func transform(_ thing: Thing, into target: Thing) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            // Things in space: blended point by point when of one make (the same kinds of
            // items, surfaces with the same triangles), else one fades into the other.
            if b.things.indices.contains(thing.id), b.things.indices.contains(target.id),
               case .spacePart(let from) = b.things[thing.id].content, case .spacePart(let to) = b.things[target.id].content {
                let values = Storyboard.Trackers(trackers: b.trackers, time: start)
                if Space.morph(from.space(values).items, to.space(values).items, 0) != nil {
                    b.spaceMorphs.append(SpaceMorph(start: start, end: start + d, from: thing, to: target, easing: easing))
                    b.change(thing, \.opacity, to: 0, start: start + d, duration: 0, easing: .linear)
                    b.show(target, at: start + d)
                } else {
                    fadeOut(thing).apply(&b, start, d, easing)
                    fadeIn(target).apply(&b, start, d, easing)
                }
                return
            }
            // Groups: members paired by what they are (the same shape, text or formula, wherever
            // it is), then the rest in order; the extra ones fade.
            if let from = b.members(of: thing), let to = b.members(of: target) {
                for pair in b.pairs(from, to) {
                    switch pair {
                    case let (x?, y?): transform(x, into: y).apply(&b, start, d, easing)
                    case let (x?, nil): fadeOut(x).apply(&b, start, d, easing)
                    case let (nil, y?): fadeIn(y).apply(&b, start, d, easing)
                    default: break
                    }
                }
                b.show(target, at: start)
                b.change(thing, \.opacity, to: 0, start: start + d, duration: 0, easing: .linear)
                return
            }
            // Code into code: the edit played as a code transition, sliding from one's place to the other's.
            if b.things.indices.contains(thing.id), b.things.indices.contains(target.id),
               case .code(let old) = b.things[thing.id].content, case .code(let new) = b.things[target.id].content,
               let p0 = b.value(thing, \.position, at: start), let p1 = b.value(target, \.position, at: start + d) {
                let transition = CodeTransition(from: old, to: new)
                let c0 = b.things[thing.id].center, c1 = b.things[target.id].center
                let corner0 = p0 - c0, corner1 = p1 - c1
                let end = start + d
                _ = b.add(ThingTracks(content: .drawing({ context, values in
                    guard values.time >= start && values.time < end else { return }
                    let progress = easing((values.time - start) / max(d, 1e-9))
                    context.draw(transition, at: corner0 + (corner1 - corner0) * CGFloat(progress), progress: progress)
                }), center: .zero, position: Track(.zero), opacity: Track(1), fill: Track(.black), stroke: Track(.black), lineWidth: Track(1),
                hasStroke: false, hasFill: false))
                b.change(thing, \.opacity, to: 0, start: start, duration: 0, easing: .linear)
                b.show(target, at: end)
                return
            }
            // Text and formulas glyph by glyph: the same characters move into place, the rest
            // in order reshape into their partners (each glyph its own morph, no lumps).
            if let from = b.glyphs(of: thing, at: start), let to = b.glyphs(of: target, at: start + d) {
                let pairs = alignedPairs(from.map(\.key), to.map(\.key))
                morphGlyphs(pairs, from, to, thing: thing, target: target, in: &b, start: start, duration: d, easing: easing)
                return
            }
            guard let (from, _) = b.outline(thing, at: start), let (to, _) = b.outline(target, at: start + d) else { return }
            let a = b.things[thing.id], z = b.things[target.id]
            // What each side paints; a side without a fill (or stroke) fades the other's colour.
            func paints(_ t: ThingTracks, at time: Double) -> (fill: Color?, stroke: Color?, width: CGFloat) {
                let isShape: Bool
                if case .shape = t.content { isShape = true } else { isShape = false }
                return (t.hasFill ? t.fill.value(at: time) : nil, isShape && t.hasStroke ? t.stroke.value(at: time) : nil, t.lineWidth.value(at: time))
            }
            let pa = paints(a, at: start), pz = paints(z, at: start + d)
            func pair(_ x: Color?, _ y: Color?) -> (Color, Color) {
                (x ?? y?.opacity(0) ?? .clear, y ?? x?.opacity(0) ?? .clear)
            }
            b.morphs.append(Storyboard.MorphBeat(start: start, end: start + d, morph: PathMorph(from: from, to: to), from: thing, to: target,
                                                 fill: pair(pa.fill, pz.fill), stroke: pair(pa.stroke, pz.stroke),
                                                 lineWidth: (pa.stroke == nil ? pz.width : pa.width, pz.stroke == nil ? pa.width : pz.width),
                                                 easing: easing))
            b.change(thing, \.opacity, to: 0, start: start + d, duration: 0, easing: .linear)
            b.show(target, at: start + d)
        }
    }
}
}
