public import AnimateDrawing
public import Foundation
public import AnimateText
public import AnimateFormula
import AnimateTimeline

extension Storyboard {
    /// The sides of the old placement calls; `Edge` (`.top`, `.bottom`, `.leading`, `.trailing`)
    /// is the one vocabulary now, as in `align` and SwiftUI.
    @available(*, deprecated, message: "use Edge: .top, .bottom, .leading, .trailing")
    public enum Side: Sendable, Hashable {
        case above, below, left, right

        var edge: Edge {
            switch self {
            case .above: return .top
            case .below: return .bottom
            case .left: return .leading
            case .right: return .trailing
            }
        }
    }
}

extension Storyboard.Builder {
    /// Puts `thing` on the `edge` side of `other` (by the boxes of their ink, `gap` points apart,
    /// centred along that side; Manim's `next_to`) from now on; a thing not yet shown simply
    /// starts there.
    public mutating func place(_ thing: Thing, _ edge: Edge, of other: Thing, gap: CGFloat = 20) {
        place(thing, edge, of: frame(of: other), gap: gap)
    }

    /// Puts `thing` on the `edge` side of `point`, `gap` points from it (Manim's `next_to` a point).
    public mutating func place(_ thing: Thing, _ edge: Edge, of point: CGPoint, gap: CGFloat = 20) {
        place(thing, edge, of: CGRect(origin: point, size: .zero), gap: gap)
    }

    /// Puts `thing`'s ink on the `edge` side of `box`, from now on.
    mutating func place(_ thing: Thing, _ edge: Edge, of box: CGRect, gap: CGFloat) {
        guard let target = position(of: thing, edge, of: box, gap: gap, at: now) else { return }
        change(thing, \.position, to: target, start: now, duration: 0, easing: .linear)
    }

    /// Adds text on the `edge` side of `other` (Manim's `Text(...).next_to(other, DOWN)`).
    public mutating func add(_ text: Text, _ edge: Edge, of other: Thing, gap: CGFloat = 20, visible: Bool = false) -> Thing {
        beside(add(text, at: .zero, visible: visible), edge, of: frame(of: other), gap: gap)
    }

    /// Adds text on the `edge` side of `point`.
    public mutating func add(_ text: Text, _ edge: Edge, of point: CGPoint, gap: CGFloat = 20, visible: Bool = false) -> Thing {
        beside(add(text, at: .zero, visible: visible), edge, of: CGRect(origin: point, size: .zero), gap: gap)
    }

    /// Adds a formula on the `edge` side of `other` (Manim's `MathTex(...).next_to(other, DOWN)`).
    public mutating func add(_ formula: Formula, _ edge: Edge, of other: Thing, gap: CGFloat = 20, visible: Bool = false) -> Thing {
        beside(add(formula, at: .zero, visible: visible), edge, of: frame(of: other), gap: gap)
    }

    /// Adds a formula on the `edge` side of `point`.
    public mutating func add(_ formula: Formula, _ edge: Edge, of point: CGPoint, gap: CGFloat = 20, visible: Bool = false) -> Thing {
        beside(add(formula, at: .zero, visible: visible), edge, of: CGRect(origin: point, size: .zero), gap: gap)
    }

    /// `thing`, just added, placed beside `box`.
    private mutating func beside(_ thing: Thing, _ edge: Edge, of box: CGRect, gap: CGFloat) -> Thing {
        place(thing, edge, of: box, gap: gap)
        return thing
    }

    @available(*, deprecated, message: "use Edge: .top, .bottom, .leading, .trailing")
    public mutating func place(_ thing: Thing, _ side: Storyboard.Side, of other: Thing, gap: CGFloat = 20) {
        place(thing, side.edge, of: other, gap: gap)
    }

    /// The position that puts `thing`'s ink box on the `edge` side of `box` at `time`.
    func position(of thing: Thing, _ edge: Edge, of box: CGRect, gap: CGFloat, at time: Double) -> CGPoint? {
        guard let (mine, _) = outline(thing, at: time), let current = value(thing, \.position, at: time) else { return nil }
        let a = mine.boundingRect, b = box
        guard !a.isNull, !b.isNull else { return nil }
        let center: CGPoint
        switch edge {
        case .top: center = CGPoint(x: b.midX, y: b.minY - gap - a.height / 2)
        case .bottom: center = CGPoint(x: b.midX, y: b.maxY + gap + a.height / 2)
        case .leading: center = CGPoint(x: b.minX - gap - a.width / 2, y: b.midY)
        case .trailing: center = CGPoint(x: b.maxX + gap + a.width / 2, y: b.midY)
        }
        // The ink's centre need not be the position's point (a formula's box holds more than its ink).
        return current + (center - CGPoint(x: a.midX, y: a.midY))
    }

    /// Lines `thing`'s ink up with `other`'s on `edge` (Manim's align_to), from now on.
    public mutating func align(_ thing: Thing, _ edge: Edge, with other: Thing) {
        let theirs = frame(of: other)
        moveInk(of: thing) { mine in theirs.isNull ? mine : mine.aligned(edge, with: theirs) }
    }

    /// Centres `thing`'s ink on `other`'s, from now on.
    public mutating func center(_ thing: Thing, on other: Thing) {
        let theirs = frame(of: other)
        moveInk(of: thing) { mine in theirs.isNull ? mine : mine.centered(on: theirs) }
    }

    /// Moves `thing` the least that keeps its ink `margin` points inside the frame, from now on.
    public mutating func keepInside(_ thing: Thing, margin: CGFloat = 20) {
        let screen = CGRect(origin: .zero, size: size)
        moveInk(of: thing) { $0.kept(inside: screen, margin: margin) }
    }

    /// Moves `thing` against the canvas's `edge`, `margin` points in (Manim's `to_edge`; its
    /// default buffer, half a Manim unit, a sixteenth of the canvas's height), from now on.
    public mutating func toEdge(_ thing: Thing, _ edge: Edge, margin: CGFloat? = nil) {
        let screen = CGRect(origin: .zero, size: size), m = margin ?? size.height / 16
        moveInk(of: thing) { Self.against(screen, edge: edge, margin: m, box: $0) }
    }

    /// Moves `thing` into a corner of the canvas (`.topLeading`, `.bottomTrailing`...), `margin`
    /// points in (Manim's `to_corner`), from now on.
    public mutating func toCorner(_ thing: Thing, _ corner: UnitPoint, margin: CGFloat? = nil) {
        let screen = CGRect(origin: .zero, size: size), m = margin ?? size.height / 16
        moveInk(of: thing) { Self.inCorner(screen, corner, margin: m, box: $0) }
    }

    /// Scales `thing` to `factor` times its size as added, from now on (Manim's `scale` before a play).
    public mutating func scale(_ thing: Thing, to factor: CGFloat) {
        change(thing, \.scale, to: factor, start: now, duration: 0, easing: .linear)
    }

    static func against(_ screen: CGRect, edge: Edge, margin m: CGFloat, box: CGRect) -> CGRect {
        var r = box
        switch edge {
        case .top: r.origin.y = screen.minY + m
        case .bottom: r.origin.y = screen.maxY - m - r.height
        case .leading: r.origin.x = screen.minX + m
        case .trailing: r.origin.x = screen.maxX - m - r.width
        }
        return r
    }

    static func inCorner(_ screen: CGRect, _ corner: UnitPoint, margin m: CGFloat, box: CGRect) -> CGRect {
        let inner = screen.insetBy(dx: m, dy: m)
        return CGRect(x: inner.minX + corner.x * (inner.width - box.width), y: inner.minY + corner.y * (inner.height - box.height),
                      width: box.width, height: box.height)
    }

    /// Moves a thing so its ink box becomes `place(box)`.
    mutating func moveInk(of thing: Thing, _ place: (CGRect) -> CGRect) {
        let box = frame(of: thing)
        guard !box.isNull, let current = value(thing, \.position, at: now) else { return }
        let offset = box.offset(to: place(box))
        change(thing, \.position, to: CGPoint(x: current.x + offset.width, y: current.y + offset.height), start: now, duration: 0, easing: .linear)
    }
}

extension Storyboard.Animation {
    /// Moves `thing` to the `edge` side of `other`, where `other` is when the beat ends (after
    /// what the same play does to it, whatever their order).
    public static func move(_ thing: Thing, _ edge: Edge, of other: Thing, gap: CGFloat = 20) -> Storyboard.Animation {
        var animation = Storyboard.Animation { b, start, d, easing in
            guard let target = b.position(of: thing, edge, of: b.frame(of: other, at: start + d), gap: gap, at: start) else { return }
            b.change(thing, \.position, to: target, start: start, duration: d, easing: easing)
        }
        animation.placesRelative = true
        return animation
    }

    @available(*, deprecated, message: "use Edge: .top, .bottom, .leading, .trailing")
    public static func move(_ thing: Thing, _ side: Storyboard.Side, of other: Thing, gap: CGFloat = 20) -> Storyboard.Animation {
        move(thing, side.edge, of: other, gap: gap)
    }

    /// Moves `thing` against the canvas's `edge` (Manim's `animate.to_edge`).
    public static func move(_ thing: Thing, toEdge edge: Edge, margin: CGFloat? = nil) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            let screen = CGRect(origin: .zero, size: b.size), m = margin ?? b.size.height / 16
            b.moveInk(of: thing, at: start, duration: d, easing: easing) { Storyboard.Builder.against(screen, edge: edge, margin: m, box: $0) }
        }
    }

    /// Moves `thing` into a corner of the canvas (Manim's `animate.to_corner`).
    public static func move(_ thing: Thing, toCorner corner: UnitPoint, margin: CGFloat? = nil) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            let screen = CGRect(origin: .zero, size: b.size), m = margin ?? b.size.height / 16
            b.moveInk(of: thing, at: start, duration: d, easing: easing) { Storyboard.Builder.inCorner(screen, corner, margin: m, box: $0) }
        }
    }
}

extension Storyboard.Builder {
    /// The box of `thing`'s ink at `time`.
    func frame(of thing: Thing, at time: Double) -> CGRect {
        guard let (path, _) = outline(thing, at: time) else { return .null }
        return path.boundingRect
    }

    /// Moves a thing over a beat so its ink box (as the beat starts) becomes `place(box)`.
    mutating func moveInk(of thing: Thing, at start: Double, duration: Double, easing: Easing, _ place: (CGRect) -> CGRect) {
        let box = frame(of: thing, at: start)
        guard !box.isNull, let current = value(thing, \.position, at: start) else { return }
        let offset = box.offset(to: place(box))
        change(thing, \.position, to: CGPoint(x: current.x + offset.width, y: current.y + offset.height), start: start, duration: duration, easing: easing)
    }
}
