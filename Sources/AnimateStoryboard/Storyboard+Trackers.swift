public import AnimateDrawing
import AnimateTimeline
import Foundation

extension Storyboard {
    /// The storyboard's trackers as a thing drawn by a closure reads them: `trackers[t]` is the
    /// value of tracker `t` at the time being drawn (Manim's `ValueTracker.get_value()`).
    public struct Trackers: Sendable {
        let trackers: [Track<Double>]
        /// The time being drawn, in seconds.
        public let time: Double

        /// `tracker`'s value now.
        public subscript(_ tracker: Tracker) -> Double {
            trackers.indices.contains(tracker.id) ? trackers[tracker.id].value(at: time) : 0
        }
    }

    /// The camera: where the middle of the view looks, how far it zooms in, how it is turned.
    struct Camera: Sendable {
        var center: Track<CGPoint>
        var zoom = Track<CGFloat>(1)
        var rotation = Track<Double>(0)
        /// Spans during which the camera's centre follows a thing (gliding to it first), in start order.
        var follows: [Follow] = []

        struct Follow: Sendable {
            let start: Double
            let glide: Double
            let end: Double
            let thing: Thing
            let easing: Easing
        }

        /// Where the camera looks at `time`: its centre track, or the thing of the last follow
        /// begun by then, unless a pan began after that follow.
        func center(at time: Double, things: [ThingTracks]) -> CGPoint {
            guard let f = follows.last(where: { $0.start <= time }), things.indices.contains(f.thing.id),
                  (center.lastStart(by: time) ?? -.infinity) < f.start else { return center.value(at: time) }
            let position = things[f.thing.id].position
            guard time < f.start + f.glide else { return position.value(at: min(time, f.end)) }
            let p = f.easing((time - f.start) / max(f.glide, 1e-9))
            return CGPoint.interpolate(center.value(at: f.start), position.value(at: f.start + f.glide), p)
        }

        /// Makes the centre track hold where the camera looks at `time`, so that a pan begun
        /// then starts from there (after a follow, from the thing it followed).
        mutating func settle(at time: Double, things: [ThingTracks]) {
            let looking = center(at: time, things: things)
            if looking != center.value(at: time) { center.change(to: looking, start: time, end: time, easing: .linear) }
        }
    }
}

extension Storyboard.Builder {
    /// A number to animate with `.set(_:to:)` and read in things drawn by closures.
    public mutating func tracker(_ initial: Double = 0) -> Tracker {
        trackers.append(Track(initial))
        return Tracker(id: trackers.count - 1)
    }

    /// Adds a thing drawn by `draw` from the trackers' values (in canvas points, under the
    /// camera): a dot that follows a tracker, a label that shows its value. Visible from the start
    /// unless `visible` is false.
    public mutating func add(visible: Bool = true, _ draw: @escaping @Sendable (inout GraphicsContext, Storyboard.Trackers) -> Void) -> Thing {
        add(ThingTracks(content: .drawing(draw), center: .zero, position: Track(.zero), opacity: Track(visible ? 1 : 0),
                        fill: Track(.black), stroke: Track(.black), lineWidth: Track(1), hasStroke: false, hasFill: true))
    }

    /// Keeps `thing` where it is on the screen whatever the camera does (a title, a caption).
    public mutating func pin(_ thing: Thing) {
        if things.indices.contains(thing.id) { things[thing.id].fixed = true }
    }
}
