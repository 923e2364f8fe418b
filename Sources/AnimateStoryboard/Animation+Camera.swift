public import AnimateDrawing
public import Foundation

extension Storyboard.Animation {
    /// The camera looks at `point` (a pan).
    public static func camera(lookAt point: CGPoint) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            b.camera.settle(at: start, things: b.things)
            b.camera.center.change(to: point, start: start, end: start + d, easing: easing)
        }
    }

    /// The camera zooms to `zoom` (2: things twice as large).
    public static func camera(zoom: CGFloat) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in b.camera.zoom.change(to: zoom, start: start, end: start + d, easing: easing) }
    }

    /// The camera turns to `angle` (the picture turns the other way).
    public static func camera(rotation angle: Angle) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in b.camera.rotation.change(to: angle.radians, start: start, end: start + d, easing: easing) }
    }

    /// The camera frames `rect` (canvas points) with `margin` around it: centred on it, zoomed so
    /// it just fits.
    public static func camera(frame rect: CGRect, margin: CGFloat = 40) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            guard !rect.isNull, rect.width + 2 * margin > 0, rect.height + 2 * margin > 0 else { return }
            let zoom = min(b.size.width / (rect.width + 2 * margin), b.size.height / (rect.height + 2 * margin))
            b.camera.settle(at: start, things: b.things)
            b.camera.center.change(to: CGPoint(x: rect.midX, y: rect.midY), start: start, end: start + d, easing: easing)
            b.camera.zoom.change(to: zoom, start: start, end: start + d, easing: easing)
        }
    }

    /// The camera frames `thing` (or its formula part) as it is when the beat starts; for a
    /// thing in a space, that space's camera turns to it and zooms to fit it.
    public static func camera(frame thing: Thing, part: String? = nil, margin: CGFloat = 40) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            if b.frameInSpace(thing, margin: margin, start: start, duration: d, easing: easing) { return }
            guard let (outline, _) = b.outline(thing, at: start, part: part) else { return }
            camera(frame: outline.boundingRect, margin: margin).apply(&b, start, d, easing)
        }
    }

    /// The camera keeps `thing`'s centre in the middle of the view for the beat (gliding to it
    /// over the first fifth), then stays on where it ends, until another camera beat; for a thing
    /// in a space, that space's camera looks at its middle.
    public static func camera(follow thing: Thing) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            if b.followInSpace(thing, start: start, duration: d, easing: easing) { return }
            guard b.things.indices.contains(thing.id) else { return }
            b.camera.follows.append(Storyboard.Camera.Follow(start: start, glide: d * 0.2, end: start + d, thing: thing, easing: easing))
            b.camera.follows.sort { $0.start < $1.start }
        }
    }
}
