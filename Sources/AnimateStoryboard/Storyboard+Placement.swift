public import AnimateDrawing
public import Foundation
import AnimateTimeline

extension Storyboard {
    /// Where one thing goes beside another (Manim's `next_to` directions).
    public enum Side: Sendable, Hashable {
        case above, below, left, right
    }
}

extension Storyboard.Builder {
    /// Puts `thing` beside `other` (by the boxes of their ink, `gap` points apart, centred along
    /// that side) from now on; a thing not yet shown simply starts there.
    public mutating func place(_ thing: Thing, _ side: Storyboard.Side, of other: Thing, gap: CGFloat = 20) {
        guard let target = position(of: thing, side, of: other, gap: gap, at: now) else { return }
        change(thing, \.position, to: target, start: now, duration: 0, easing: .linear)
    }

    /// The position that puts `thing`'s ink box beside `other`'s at `time`.
    func position(of thing: Thing, _ side: Storyboard.Side, of other: Thing, gap: CGFloat, at time: Double) -> CGPoint? {
        guard let (mine, _) = outline(thing, at: time), let (theirs, _) = outline(other, at: time),
              let current = value(thing, \.position, at: time) else { return nil }
        let a = mine.boundingRect, b = theirs.boundingRect
        guard !a.isNull, !b.isNull else { return nil }
        let center: CGPoint
        switch side {
        case .above: center = CGPoint(x: b.midX, y: b.minY - gap - a.height / 2)
        case .below: center = CGPoint(x: b.midX, y: b.maxY + gap + a.height / 2)
        case .left: center = CGPoint(x: b.minX - gap - a.width / 2, y: b.midY)
        case .right: center = CGPoint(x: b.maxX + gap + a.width / 2, y: b.midY)
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

    /// Moves a thing so its ink box becomes `place(box)`.
    mutating func moveInk(of thing: Thing, _ place: (CGRect) -> CGRect) {
        let box = frame(of: thing)
        guard !box.isNull, let current = value(thing, \.position, at: now) else { return }
        let offset = box.offset(to: place(box))
        change(thing, \.position, to: CGPoint(x: current.x + offset.width, y: current.y + offset.height), start: now, duration: 0, easing: .linear)
    }
}

extension Storyboard.Animation {
    /// Moves `thing` beside `other` (where `other` is when the beat starts).
    public static func move(_ thing: Thing, _ side: Storyboard.Side, of other: Thing, gap: CGFloat = 20) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            guard let target = b.position(of: thing, side, of: other, gap: gap, at: start) else { return }
            b.change(thing, \.position, to: target, start: start, duration: d, easing: easing)
        }
    }
}
