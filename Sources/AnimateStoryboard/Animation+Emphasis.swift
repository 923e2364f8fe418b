public import AnimateDrawing
import AnimateMath
public import Foundation
import AnimateTimeline

extension Storyboard.Animation {
    /// Animates `tracker` to `value` (Manim's `tracker.animate.set_value`).
    public static func set(_ tracker: Tracker, to value: Double) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            guard b.trackers.indices.contains(tracker.id) else { return }
            b.trackers[tracker.id].change(to: value, start: start, end: start + d, easing: easing)
        }
    }

    /// Types a text out a glyph at a time, each appearing whole (a typewriter), or code a character
    /// at a time with its cursor; other things are created.
    public static func typewriter(_ thing: Thing) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, _ in
            guard b.things.indices.contains(thing.id) else { return }
            switch b.things[thing.id].content {
            case .text, .code: break
            default:
                create(thing).apply(&b, start, d, .linear)
                return
            }
            b.show(thing, at: start)
            b.change(thing, \.typed, to: 0, start: start, duration: 0, easing: .linear)
            b.change(thing, \.typed, to: 1, start: start, duration: d, easing: .linear)
        }
    }

    /// Draws a rectangle around `thing` (or its formula part), then takes it away (Manim's Circumscribe).
    public static func circumscribe(_ thing: Thing, part: String? = nil, color: Color = .yellow, margin: CGFloat = 12,
                                    lineWidth: CGFloat = 4) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            guard let (outline, _) = b.outline(thing, at: start, part: part), !outline.isEmpty else { return }
            let box = b.add(Path(roundedRect: outline.boundingRect.insetBy(dx: -margin, dy: -margin), cornerRadius: margin / 2),
                            stroke: color, lineWidth: lineWidth)
            create(box).apply(&b, start, d * 0.6, easing)
            fadeOut(box).apply(&b, start + d * 0.6, d * 0.4, easing)
        }
    }

    /// Lines burst out from `thing`'s centre and vanish (Manim's Flash).
    public static func flash(_ thing: Thing, color: Color = .yellow, rays: Int = 12, radius: CGFloat = 60, lineWidth: CGFloat = 4) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            guard let (outline, _) = b.outline(thing, at: start) else { return }
            let box = outline.boundingRect
            let c = box.isNull ? b.center : CGPoint(x: box.midX, y: box.midY)
            let inner = box.isNull ? 0 : max(box.width, box.height) / 2
            for k in 0..<max(rays, 1) {
                let a = Double(k) / Double(max(rays, 1)) * 2 * .pi
                let dx = CGFloat(PortableMath.cos(a)), dy = CGFloat(PortableMath.sin(a))
                let ray = b.add(Path { p in
                    p.move(to: CGPoint(x: c.x + dx * (inner + radius * 0.3), y: c.y + dy * (inner + radius * 0.3)))
                    p.addLine(to: CGPoint(x: c.x + dx * (inner + radius), y: c.y + dy * (inner + radius)))
                }, stroke: color, lineWidth: lineWidth)
                create(ray).apply(&b, start, d * 0.5, easing)
                fadeOut(ray, shift: CGSize(width: dx * radius * 0.3, height: dy * radius * 0.3)).apply(&b, start + d * 0.5, d * 0.5, easing)
            }
        }
    }

    /// Shakes `thing` side to side while it grows a little and back (Manim's Wiggle).
    public static func wiggle(_ thing: Thing, angle: Angle = .degrees(8), scale factor: CGFloat = 1.1, wiggles: Int = 6) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, _ in
            guard let r0 = b.value(thing, \.rotation, at: start), let s0 = b.value(thing, \.scale, at: start) else { return }
            let amplitude = angle.radians, n = Double(wiggles)
            b.change(thing, \.rotation, to: r0, start: start, duration: d, easing: .linear) { p in
                r0 + amplitude * PortableMath.sin(p * n * .pi) * PortableMath.sin(p * .pi)
            }
            b.change(thing, \.scale, to: s0, start: start, duration: d, easing: .linear) { p in
                s0 * (1 + (factor - 1) * CGFloat(PortableMath.sin(p * .pi)))
            }
        }
    }

    /// Draws a line under `thing` (or its formula part) from left to right; it stays.
    public static func underline(_ thing: Thing, part: String? = nil, color: Color = .yellow, gap: CGFloat = 8, lineWidth: CGFloat = 4) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            guard let (outline, _) = b.outline(thing, at: start, part: part), !outline.isEmpty else { return }
            let box = outline.boundingRect
            let line = b.add(Path { p in
                p.move(to: CGPoint(x: box.minX, y: box.maxY + gap))
                p.addLine(to: CGPoint(x: box.maxX, y: box.maxY + gap))
            }, stroke: color, lineWidth: lineWidth)
            create(line).apply(&b, start, d, easing)
        }
    }
}
