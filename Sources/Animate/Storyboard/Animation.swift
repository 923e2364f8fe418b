import Foundation

/// What a beat does to things: show, hide, draw on, write, move, turn, recolour, transform.
/// `Builder.play` gives it its start, duration and easing.
public struct Animation: Sendable {
    let apply: @Sendable (inout Storyboard.Builder, _ start: Double, _ duration: Double, _ easing: Easing) -> Void

    init(_ apply: @escaping @Sendable (inout Storyboard.Builder, Double, Double, Easing) -> Void) { self.apply = apply }

    /// Fades `thing` in, arriving from `shift` away and from `scale` times its size.
    public static func fadeIn(_ thing: Thing, shift: CGSize = .zero, scale: CGFloat = 1) -> Animation {
        Animation { b, start, d, easing in
            if shift != .zero, let p = b.value(thing, \.position, at: start) {
                b.change(thing, \.position, to: CGPoint(x: p.x - shift.width, y: p.y - shift.height), start: start, duration: 0, easing: .linear)
                b.change(thing, \.position, to: p, start: start, duration: d, easing: easing)
            }
            if scale != 1, let s = b.value(thing, \.scale, at: start) {
                b.change(thing, \.scale, to: s * scale, start: start, duration: 0, easing: .linear)
                b.change(thing, \.scale, to: s, start: start, duration: d, easing: easing)
            }
            b.change(thing, \.opacity, to: 0, start: start, duration: 0, easing: .linear)
            b.change(thing, \.opacity, to: 1, start: start, duration: d, easing: easing)
        }
    }

    /// Fades `thing` out, leaving towards `shift` and ending at `scale` times its size.
    public static func fadeOut(_ thing: Thing, shift: CGSize = .zero, scale: CGFloat = 1) -> Animation {
        Animation { b, start, d, easing in
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
    /// Create). Text and formulas are written instead.
    public static func create(_ thing: Thing) -> Animation {
        Animation { b, start, d, easing in
            b.change(thing, \.opacity, to: 1, start: start, duration: 0, easing: .linear)
            guard b.things.indices.contains(thing.id) else { return }
            if case .shape = b.things[thing.id].content {
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
    public static func write(_ thing: Thing) -> Animation { create(thing) }

    /// Moves `thing`'s centre to `point`.
    public static func move(_ thing: Thing, to point: CGPoint) -> Animation {
        Animation { b, start, d, easing in b.change(thing, \.position, to: point, start: start, duration: d, easing: easing) }
    }

    /// Moves `thing` by `offset`.
    public static func shift(_ thing: Thing, by offset: CGSize) -> Animation {
        Animation { b, start, d, easing in
            guard let p = b.value(thing, \.position, at: start) else { return }
            b.change(thing, \.position, to: CGPoint(x: p.x + offset.width, y: p.y + offset.height), start: start, duration: d, easing: easing)
        }
    }

    /// Scales `thing` to `factor` times its size as added.
    public static func scale(_ thing: Thing, to factor: CGFloat) -> Animation {
        Animation { b, start, d, easing in b.change(thing, \.scale, to: factor, start: start, duration: d, easing: easing) }
    }

    /// Turns `thing` to `angle` (clockwise on screen) about its centre.
    public static func rotate(_ thing: Thing, to angle: Angle) -> Animation {
        Animation { b, start, d, easing in b.change(thing, \.rotation, to: angle.radians, start: start, duration: d, easing: easing) }
    }

    /// Changes `thing`'s fill (and a text's or formula's colour) to `color`, blended in OKLab.
    public static func fill(_ thing: Thing, _ color: Color) -> Animation {
        Animation { b, start, d, easing in b.change(thing, \.fill, to: color, start: start, duration: d, easing: easing) }
    }

    /// Changes `thing`'s stroke colour, and its line width when given.
    public static func stroke(_ thing: Thing, _ color: Color, lineWidth: CGFloat? = nil) -> Animation {
        Animation { b, start, d, easing in
            b.change(thing, \.stroke, to: color, start: start, duration: d, easing: easing)
            if let lineWidth { b.change(thing, \.lineWidth, to: lineWidth, start: start, duration: d, easing: easing) }
        }
    }

    /// Draws attention to `thing`: it grows by a fifth and back (Manim's Indicate).
    public static func indicate(_ thing: Thing, scale factor: CGFloat = 1.2) -> Animation {
        Animation { b, start, d, easing in
            guard let s = b.value(thing, \.scale, at: start) else { return }
            b.change(thing, \.scale, to: s * factor, start: start, duration: d / 2, easing: easing)
            b.change(thing, \.scale, to: s, start: start + d / 2, duration: d / 2, easing: easing)
        }
    }

    /// Turns `thing`'s outline into `target`'s (as each is at the beat's start and end), its
    /// colour blending in OKLab; then `target` is shown in its place and `thing` hidden.
    public static func transform(_ thing: Thing, into target: Thing) -> Animation {
        Animation { b, start, d, easing in
            guard let (from, fromColor) = b.outline(thing, at: start), let (to, toColor) = b.outline(target, at: start + d) else { return }
            b.morphs.append(Storyboard.MorphBeat(start: start, end: start + d, morph: PathMorph(from: from, to: to), from: thing, to: target,
                                                 fromColor: fromColor, toColor: toColor, easing: easing))
            b.change(thing, \.opacity, to: 0, start: start + d, duration: 0, easing: .linear)
            b.change(target, \.opacity, to: 1, start: start + d, duration: 0, easing: .linear)
        }
    }
}
