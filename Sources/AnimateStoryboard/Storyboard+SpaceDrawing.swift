import AnimateSpace
import AnimateTimeline
import Foundation

extension Storyboard {
    /// The space `id` as it is at `time`: its camera where the beats have moved it, then each of
    /// its parts that shows, moved, turned, scaled, faded and drawn on as far as its beats say
    /// (a part being transformed into another drawn as the blend of the two).
    func space(_ base: Space, id: Int, at time: Double) -> Space {
        var space = base
        let values = Trackers(trackers: trackers, time: time)
        if let tracks = spaces[id] {
            space.camera = tracks.pose(at: time) { Self.center(of: $0, in: things, trackers: trackers, at: $1) }.camera(from: base.camera)
            for (i, light) in tracks.lights.enumerated() where space.lights.indices.contains(i) {
                space.lights[i].position = light.value(at: time).position
            }
        }
        let morphs = spaceMorphs.filter { $0.start <= time && time < $0.end }
        for index in things.indices where things[index].group == id {
            guard case .spacePart(let made) = things[index].content else { continue }
            let part = made.space(values)
            if let m = morphs.first(where: { $0.from.id == index }), case .spacePart(let other) = things[m.to.id].content {
                let target = other.space(values)
                // The target as it will stand, shown at the source's opacity and drawing.
                let p = m.easing((time - m.start) / max(m.end - m.start, 1e-9))
                let from = items(of: part, things[index], at: time, opacity: nil)
                let to = items(of: target, things[m.to.id], at: time, opacity: things[index].opacity.value(at: time))
                if let blend = Space.morph(from, to, p) { space.append(blend) }
                continue
            }
            if morphs.contains(where: { $0.to.id == index }) { continue }
            space.append(items(of: part, things[index], at: time, opacity: nil))
        }
        return space
    }

    /// Where the part `id` of a space has its middle at `time` (nil for anything else).
    static func center(of id: Int, in things: [ThingTracks], trackers: [Track<Double>], at time: Double) -> Vector3? {
        guard things.indices.contains(id), case .spacePart(let made) = things[id].content else { return nil }
        let part = made.space(Trackers(trackers: trackers, time: time))
        return placement(of: part, things[id], at: time).apply(part.center)
    }

    /// How a part's scale and motions place it at `time`.
    static func placement(of part: Space, _ thing: ThingTracks, at time: Double) -> Affine3 {
        var map = Affine3.identity
        let scale = Double(thing.scale.value(at: time))
        if scale != 1 { map = .scaling(scale, about: part.center) }
        if !thing.motions.isEmpty { map = map.then(Motion3D.map(thing.motions, at: time)) }
        return map
    }

    /// A part's items at `time`: scaled about its centre, moved and turned, drawn on and faded
    /// (at `opacity` instead of its own when given).
    private func items(of part: Space, _ thing: ThingTracks, at time: Double, opacity: Double?) -> [Space.Item] {
        let shown = opacity ?? thing.opacity.value(at: time)
        guard shown > 0 else { return [] }
        let map = Self.placement(of: part, thing, at: time)
        return Space.faded(Space.drawn(part.items(movedBy: map), fraction: thing.drawn.value(at: time)), opacity: shown)
    }
}
