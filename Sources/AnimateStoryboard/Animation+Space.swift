public import AnimateDrawing
public import AnimateSpace
import AnimateTimeline
import Foundation

extension Storyboard.Animation {
    /// Turns a thing in space by `angle` about the line along `axis` through `point`, or through
    /// its own middle (Manim's `Rotate`: counterclockwise looking down the axis). A thing on the
    /// canvas turns counterclockwise about its centre.
    public static func rotate(_ thing: Thing, by angle: Angle, axis: Vector3 = .out, about point: Vector3? = nil) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            guard let center = Storyboard.center(of: thing.id, in: b.things, trackers: b.trackers, at: start) else {
                if let turned = b.value(thing, \.rotation, at: start), angle.radians.isFinite {
                    b.change(thing, \.rotation, to: turned - angle.radians, start: start, duration: d, easing: easing)
                }
                return
            }
            let about = point ?? center
            b.things[thing.id].motions.append(Motion3D(start: start, duration: d, easing: easing,
                                                       kind: .rotate(angle: angle.radians, axis: axis, about: about)))
        }
    }

    /// Moves a thing in space so its middle comes to `point`.
    public static func move(_ thing: Thing, to point: Vector3) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            guard let center = Storyboard.center(of: thing.id, in: b.things, trackers: b.trackers, at: start) else { return }
            b.things[thing.id].motions.append(Motion3D(start: start, duration: d, easing: easing, kind: .shift(point - center)))
        }
    }

    /// Moves a thing in space by `offset`.
    public static func shift(_ thing: Thing, by offset: Vector3) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            guard Storyboard.center(of: thing.id, in: b.things, trackers: b.trackers, at: start) != nil else { return }
            b.things[thing.id].motions.append(Motion3D(start: start, duration: d, easing: easing, kind: .shift(offset)))
        }
    }

    /// Moves `space`'s camera to the angles, zoom, centre and distance given, keeping the rest
    /// (Manim's `move_camera`).
    public static func moveCamera(_ space: Thing, phi: Angle? = nil, theta: Angle? = nil, gamma: Angle? = nil, zoom: Double? = nil,
                                  center: Vector3? = nil, focalDistance: Double? = nil) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            guard b.spaces[space.id] != nil else { return }
            b.settleCamera(of: space.id, at: start)
            guard var pose = b.spaces[space.id]?.camera.value(at: start) else { return }
            if let phi, phi.radians.isFinite { pose.phi = phi.radians }
            if let theta, theta.radians.isFinite { pose.theta = theta.radians }
            if let gamma, gamma.radians.isFinite { pose.gamma = gamma.radians }
            if let zoom, zoom.isFinite, zoom > 0 { pose.zoom = zoom }
            if let center, center.x.isFinite, center.y.isFinite, center.z.isFinite { pose.center = center }
            if let focalDistance, focalDistance.isFinite, focalDistance > 0 { pose.focalDistance = focalDistance }
            b.spaces[space.id]?.camera.change(to: pose, start: start, end: start + d, easing: easing)
        }
    }

    /// Moves light `index` of `space` (in the order the space was given them) to `point`: its
    /// highlights and shading follow.
    public static func moveLight(_ space: Thing, to point: Vector3, index: Int = 0) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            guard let lights = b.spaces[space.id]?.lights, lights.indices.contains(index), point.x.isFinite, point.y.isFinite,
                  point.z.isFinite else { return }
            b.spaces[space.id]?.lights[index].change(to: LightSpot(position: point), start: start, end: start + d, easing: easing)
        }
    }

    /// Turns `space`'s camera about the vertical axis by `angle` (an orbit: positive turns it
    /// as Manim's growing theta does).
    public static func orbit(_ space: Thing, by angle: Angle) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            guard let pose = b.spaces[space.id]?.camera.value(at: start), angle.radians.isFinite else { return }
            moveCamera(space, theta: .radians(pose.theta + angle.radians)).apply(&b, start, d, easing)
        }
    }
}

extension Storyboard.Builder {
    /// For a thing in a space: its space's camera turned to frame it (centred on its middle,
    /// zoomed so it fills the frame's height but for `margin` points each side); true if it was one.
    mutating func frameInSpace(_ thing: Thing, margin: CGFloat, start: Double, duration d: Double, easing: Easing) -> Bool {
        guard things.indices.contains(thing.id), case .spacePart(let made) = things[thing.id].content, let space = things[thing.id].group,
              case .space(let base) = things[space].content,
              let center = Storyboard.center(of: thing.id, in: things, trackers: trackers, at: start) else { return false }
        let part = made.space(Storyboard.Trackers(trackers: trackers, time: start))
        settleCamera(of: space, at: start)
        guard var pose = spaces[space]?.camera.value(at: start) else { return false }
        let radius = part.radius * Double(things[thing.id].scale.value(at: start))
        pose.center = center
        if radius > 0, radius.isFinite {
            pose.zoom = max(Double(size.height / 2 - margin), 1) / (radius * Double(base.camera.unit))
        }
        spaces[space]?.camera.change(to: pose, start: start, end: start + d, easing: easing)
        return true
    }

    /// For a thing in a space: its space's camera following it; true if it was one.
    mutating func followInSpace(_ thing: Thing, start: Double, duration d: Double, easing: Easing) -> Bool {
        guard things.indices.contains(thing.id), case .spacePart = things[thing.id].content, let space = things[thing.id].group,
              spaces[space] != nil else { return false }
        spaces[space]?.follows.append((start: start, glide: d * 0.2, end: start + d, part: thing.id, easing: easing))
        spaces[space]?.follows.sort { $0.start < $1.start }
        return true
    }
}
