public import AnimateSpace
import AnimateDrawing
import AnimateTimeline
import Foundation

extension Storyboard.Builder {
    /// Adds a three-dimensional space made from the trackers' values at each moment (a camera
    /// angle, a parameter of a surface), drawn over the whole canvas; beats move it by setting
    /// the trackers, and every frame stays a function of its time.
    ///
    /// ```swift
    /// let theta = s.tracker(-30)
    /// _ = s.add(space: { v in
    ///     var space = Space(camera: Camera3D(phi: .degrees(75), theta: .degrees(v[theta])))
    ///     space.add(ThreeDAxes())
    ///     return space
    /// })
    /// s.play(.set(theta, to: 60), duration: 4)
    /// ```
    public mutating func add(visible: Bool = true, space: @escaping @Sendable (Storyboard.Trackers) -> Space) -> Thing {
        let canvas = CGRect(origin: .zero, size: size)
        return add(visible: visible) { context, values in context.draw(space(values), in: canvas) }
    }

    /// Adds a three-dimensional space drawn over the whole canvas: its camera, lights and what it
    /// holds throughout. Its things are added with `add(in:)`; beats create, fade, move, turn and
    /// transform them in space (`.rotate(_:by:axis:)`, `.move(_:to:)` with a `Vector3`), and move
    /// its camera (`.moveCamera`, `.orbit`, `beginAmbientRotation`, `.camera(frame:)` and
    /// `.camera(follow:)` on one of its things).
    ///
    /// ```swift
    /// let space = s.add(space: Space(camera: Camera3D(phi: .degrees(75), theta: .degrees(-30))))
    /// let axes = s.add(in: space) { $0.add(ThreeDAxes()) }
    /// let ball = s.add(in: space) { $0.add(.sphere(radius: 1.5)) }
    /// s.play(.create(axes), .fadeIn(ball))
    /// s.play(.rotate(ball, by: .degrees(90), axis: .right), .moveCamera(space, phi: .degrees(60)))
    /// ```
    public mutating func add(space: Space, visible: Bool = true) -> Thing {
        let thing = add(ThingTracks(content: .space(space), center: .zero, position: Track(.zero), opacity: Track(visible ? 1 : 0),
                                    fill: Track(.black), stroke: Track(.black), lineWidth: Track(1), hasStroke: false, hasFill: true))
        spaces[thing.id] = SpaceTracks(camera: Track(CameraPose(space.camera)), lights: space.lights.map { Track(LightSpot(position: $0.position)) })
        return thing
    }

    /// Adds a thing to `space` (a space added with `add(space:)`): what `build` adds to an empty
    /// space (a surface, axes, a curve, dots, labels), created, faded, moved, turned and
    /// transformed as one. Hidden until a beat shows it unless `visible`. Nothing is drawn for a
    /// `space` that is not one.
    public mutating func add(in space: Thing, visible: Bool = false, _ build: (inout Space) -> Void) -> Thing {
        var part = Space()
        build(&part)
        return add(SpacePart(part), in: space, visible: visible)
    }

    /// Adds a thing to `space` made from the trackers' values at each moment (a surface whose
    /// formula has a parameter a beat moves: `s.add(in: space) { v, space in space.add(.surface(...)
    /// { u, w in Vector3(u, w, v[a] * u * w) }) }`), created, faded, moved, turned and
    /// transformed as a thing like any other.
    public mutating func add(in space: Thing, visible: Bool = false,
                             _ build: @escaping @Sendable (Storyboard.Trackers, inout Space) -> Void) -> Thing {
        add(SpacePart { values in
            var part = Space()
            build(values, &part)
            return part
        }, in: space, visible: visible)
    }

    private mutating func add(_ part: SpacePart, in space: Thing, visible: Bool) -> Thing {
        let thing = add(ThingTracks(content: .spacePart(part), center: .zero, position: Track(.zero), opacity: Track(visible ? 1 : 0),
                                    fill: Track(.black), stroke: Track(.black), lineWidth: Track(1), hasStroke: false, hasFill: true))
        if things.indices.contains(space.id), case .space = things[space.id].content { things[thing.id].group = space.id }
        return thing
    }

    /// Starts turning `space`'s camera about the vertical axis at `rate` radians a second (Manim's
    /// `begin_ambient_camera_rotation`) while beats go on, until `stopAmbientRotation`.
    public mutating func beginAmbientRotation(_ space: Thing, rate: Double = 0.02) {
        guard spaces[space.id] != nil, rate.isFinite else { return }
        stopAmbientRotation(space)
        spaces[space.id]?.spins.append((start: now, end: .infinity, rate: rate))
    }

    /// Stops `space`'s ambient turn where it has got to.
    public mutating func stopAmbientRotation(_ space: Thing) {
        guard var tracks = spaces[space.id], let i = tracks.spins.lastIndex(where: { $0.end == .infinity }) else { return }
        let spin = tracks.spins[i]
        tracks.spins[i].end = now
        // What it turned is kept by the camera from now on.
        var pose = tracks.camera.value(at: now)
        pose.theta += spin.rate * max(now - spin.start, 0)
        tracks.camera.change(to: pose, start: now, end: now, easing: .linear)
        spaces[space.id] = tracks
    }

    /// The camera of `space` settled at `time`: a centre a follow left it on kept by the camera
    /// track, so a later move starts from there.
    mutating func settleCamera(of space: Int, at time: Double) {
        guard let tracks = spaces[space], tracks.follows.contains(where: { $0.start <= time }) else { return }
        let things = self.things
        var settled = tracks.camera.value(at: time)
        let trackers = self.trackers
        settled.center = tracks.pose(at: time) { Storyboard.center(of: $0, in: things, trackers: trackers, at: $1) }.center
        spaces[space]?.camera.change(to: settled, start: time, end: time, easing: .linear)
    }
}
