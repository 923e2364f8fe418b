import AnimateDrawing
import AnimateMath
import AnimateSpace
import AnimateTimeline
import Foundation

/// A space's camera as beats move it: its angles (radians), zoom, centre and distance.
struct CameraPose: Interpolatable, Sendable {
    var phi: Double
    var theta: Double
    var gamma: Double
    var zoom: Double
    var center: Vector3
    var focalDistance: Double

    init(_ camera: Camera3D) {
        phi = camera.phi.radians
        theta = camera.theta.radians
        gamma = camera.gamma.radians
        zoom = camera.zoom
        center = camera.center
        focalDistance = camera.focalDistance
    }

    /// `base` seen from this pose (its projection, unit and perspective kept).
    func camera(from base: Camera3D) -> Camera3D {
        var c = base
        c.phi = .radians(phi)
        c.theta = .radians(theta)
        c.gamma = .radians(gamma)
        c.zoom = zoom
        c.center = center
        c.focalDistance = focalDistance
        return c
    }

    static func interpolate(_ a: CameraPose, _ b: CameraPose, _ t: Double) -> CameraPose {
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        var p = a
        p.phi = mix(a.phi, b.phi)
        p.theta = mix(a.theta, b.theta)
        p.gamma = mix(a.gamma, b.gamma)
        // Zoom and distance multiply: blended on a log scale, so a zoom from 1 to 4 passes 2 halfway.
        p.zoom = a.zoom > 0 && b.zoom > 0 ? a.zoom * PortableMath.pow(b.zoom / a.zoom, t) : mix(a.zoom, b.zoom)
        p.center = a.center + (b.center - a.center) * t
        p.focalDistance = mix(a.focalDistance, b.focalDistance)
        return p
    }
}

/// Where a light is, as beats move it.
struct LightSpot: Interpolatable, Sendable {
    var position: Vector3

    static func interpolate(_ a: LightSpot, _ b: LightSpot, _ t: Double) -> LightSpot {
        LightSpot(position: a.position + (b.position - a.position) * t)
    }
}

/// What beats do to a space (a `Storyboard.Builder.add(space:)` thing): its camera's moves and
/// its ambient turns (Manim's `begin_ambient_camera_rotation`).
struct SpaceTracks: Sendable {
    var camera: Track<CameraPose>
    /// Where each of its lights is.
    var lights: [Track<LightSpot>] = []
    /// Turns of the camera about the vertical axis at `rate` radians a second from `start` until `end`.
    var spins: [(start: Double, end: Double, rate: Double)] = []
    /// Spans during which the camera's centre follows a part (gliding to it first), in start order.
    var follows: [(start: Double, glide: Double, end: Double, part: Int, easing: Easing)] = []

    /// The camera's pose at `time`: its moves, the turns made by then, and the part it follows
    /// (its centre where `center(part, time)` puts it); after a follow ends the camera stays on
    /// where the part ended until the camera moves again.
    func pose(at time: Double, center: (Int, Double) -> Vector3?) -> CameraPose {
        var p = camera.value(at: time)
        for spin in spins where time > spin.start && time < spin.end {
            // A spin that ended was folded into the camera track when it stopped.
            p.theta += spin.rate * (time - spin.start)
        }
        if let follow = follows.last(where: { $0.start <= time }), (camera.lastStart(by: time) ?? -.infinity) <= follow.start {
            let at = min(time, follow.end)
            if let target = center(follow.part, at) {
                let glide = follow.glide > 0 ? min((at - follow.start) / follow.glide, 1) : 1
                let k = glide >= 1 ? 1 : follow.easing(glide)
                p.center = p.center + (target - p.center) * k
            }
        }
        return p
    }
}

/// A move or turn of a thing in space over a beat.
struct Motion3D: Sendable {
    enum Kind: Sendable {
        case rotate(angle: Double, axis: Vector3, about: Vector3)
        case shift(Vector3)
    }
    let start: Double
    let duration: Double
    let easing: Easing
    let kind: Kind

    /// The map at `progress` (eased) of the way.
    func map(_ progress: Double) -> Affine3 {
        switch kind {
        case let .rotate(angle, axis, about): return .rotation(angle * progress, axis: axis, about: about)
        case let .shift(v): return .translation(v * progress)
        }
    }

    /// All of `motions` (in start order) as done by `time`.
    static func map(_ motions: [Motion3D], at time: Double) -> Affine3 {
        var m = Affine3.identity
        for motion in motions where time >= motion.start {
            let p = motion.duration > 0 ? min((time - motion.start) / motion.duration, 1) : 1
            m = m.then(motion.map(p >= 1 ? 1 : motion.easing(p)))
        }
        return m
    }
}

/// What a part of a space holds: the same throughout, or made from the trackers' values at each
/// moment (a surface whose formula has a parameter a beat moves).
struct SpacePart: Sendable {
    let fixed: Space?
    let made: (@Sendable (Storyboard.Trackers) -> Space)?

    init(_ space: Space) { fixed = space; made = nil }
    init(_ make: @escaping @Sendable (Storyboard.Trackers) -> Space) { fixed = nil; made = make }

    /// What it holds when the trackers have `values`.
    func space(_ values: Storyboard.Trackers) -> Space { fixed ?? made?(values) ?? Space() }
}

/// A transform of one part of a space into another of the same make during `start...end`.
struct SpaceMorph: Sendable {
    let start: Double
    let end: Double
    let from: Thing
    let to: Thing
    let easing: Easing
}
