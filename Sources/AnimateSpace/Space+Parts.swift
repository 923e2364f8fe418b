public import AnimateDrawing
import Foundation

/// What a storyboard does to a part of a space (a thing in 3D): move, turn and scale it, fade it,
/// draw it on, turn it into another of the same make.
extension Space {
    /// Every point the items lie on, in order.
    private func forEachPoint(_ body: (Vector3) -> Void) {
        for item in items {
            switch item {
            case .mesh(let mesh, _, _, _): mesh.positions.forEach(body)
            case let .line(a, b, _, _, _, _): body(a); body(b)
            case let .dot(p, _, _): body(p)
            case let .label(_, p, _): body(p)
            case let .flat(points, _, _): points.forEach(body)
            case let .picture(_, corners, _): corners.forEach(body)
            }
        }
    }

    /// The middle of the box around every point of the items (the origin when there is none).
    package var center: Vector3 {
        var low = Vector3(.infinity, .infinity, .infinity), high = Vector3(-.infinity, -.infinity, -.infinity)
        forEachPoint { p in
            guard p.isFinite else { return }
            low = Vector3(min(low.x, p.x), min(low.y, p.y), min(low.z, p.z))
            high = Vector3(max(high.x, p.x), max(high.y, p.y), max(high.z, p.z))
        }
        return low.x <= high.x ? (low + high) / 2 : .zero
    }

    /// The radius of the ball about `center` holding every point.
    package var radius: Double {
        let c = center
        var r = 0.0
        forEachPoint { p in if p.isFinite { r = max(r, (p - c).length) } }
        return r
    }

    /// The items moved by `map` (normals turned with them).
    package func items(movedBy map: Affine3) -> [Item] {
        guard map != .identity else { return items }
        return items.map { item in
            switch item {
            case let .mesh(mesh, opacity, shaded, flat):
                var m = mesh
                m.positions = mesh.positions.map(map.apply)
                m.normals = mesh.normals.map { map.linear($0).normalized }
                return .mesh(m, opacity: opacity, shaded: shaded, flat: flat)
            case let .line(a, b, colour, width, joined, dashed):
                return .line(from: map.apply(a), to: map.apply(b), color: colour, width: width, joined: joined, dashedBehind: dashed)
            case let .dot(p, radius, colour):
                return .dot(at: map.apply(p), radius: radius, color: colour)
            case let .label(formula, p, opacity):
                return .label(formula, at: map.apply(p), opacity: opacity)
            case let .flat(points, ends, colour):
                return .flat(points: points.map(map.apply), ends: ends, color: colour)
            case let .picture(picture, corners, opacity):
                return .picture(picture, corners: corners.map(map.apply), opacity: opacity)
            }
        }
    }

    /// Items as `opacity` of them shows (a fade): surfaces turn see-through, lines, dots and
    /// labels fainter.
    package static func faded(_ items: [Item], opacity: Double) -> [Item] {
        let k = min(max(opacity.isFinite ? opacity : 1, 0), 1)
        guard k < 1 else { return items }
        return items.map { item in
            switch item {
            case let .mesh(mesh, o, shaded, flat): return .mesh(mesh, opacity: o * k, shaded: shaded, flat: flat)
            case let .line(a, b, colour, width, joined, dashed):
                return .line(from: a, to: b, color: colour.opacity(colour.opacity * k), width: width, joined: joined, dashedBehind: dashed)
            case let .dot(p, radius, colour): return .dot(at: p, radius: radius, color: colour.opacity(colour.opacity * k))
            case let .label(formula, p, o): return .label(formula, at: p, opacity: o * k)
            case let .flat(points, ends, colour): return .flat(points: points, ends: ends, color: colour.opacity(colour.opacity * k))
            case let .picture(picture, corners, o): return .picture(picture, corners: corners, opacity: o * k)
            }
        }
    }

    /// Items drawn on up to `fraction` (Manim's Create): each line growing from its start and
    /// each curve along itself, each surface's triangles coming in the order they were made (a
    /// surface sweeps in along its first parameter), dots growing from their centres, labels
    /// fading in over the last fifth, glyphs laid flat fading in one after another. Where there are both, lines are drawn first (by 0.7) and
    /// surfaces after (from 0.6), as a shape's outline comes before its fill: an arrow's tip
    /// and the axes' tips come as their lines arrive.
    package static func drawn(_ items: [Item], fraction: Double) -> [Item] {
        let f = min(max(fraction.isFinite ? fraction : 1, 0), 1)
        guard f < 1 else { return items }
        guard f > 0 else { return [] }
        // The pieces of a curve (lines joined to the next) are drawn one after another.
        var place = [(index: Int, count: Int)](repeating: (0, 1), count: items.count)
        var k = 0
        while k < items.count {
            guard case .line(_, _, _, _, true, _) = items[k] else { k += 1; continue }
            var end = k
            while end + 1 < items.count, case .line(_, _, _, _, true, _) = items[end + 1] { end += 1 }
            for i in k...end { place[i] = (i - k, end - k + 1) }
            k = end + 1
        }
        let hasLines = items.contains { if case .line = $0 { return true } else { return false } }
        let hasMeshes = items.contains { if case .mesh = $0 { return true } else { return false } }
        let lines = hasMeshes ? min(f / 0.7, 1) : f, meshes = hasLines ? max((f - 0.6) / 0.4, 0) : f
        let glyphs = items.reduce(0) { n, item in if case .flat = item { return n + 1 } else { return n } }
        var glyph = 0
        var out: [Item] = []
        for (i, item) in items.enumerated() {
            switch item {
            case let .mesh(mesh, opacity, shaded, flat):
                guard meshes > 0 else { continue }
                var m = mesh
                m.indices = Array(mesh.indices.prefix(Int((Double(mesh.triangleCount) * meshes).rounded(.up)) * 3))
                m.edges = []
                out.append(.mesh(m, opacity: opacity, shaded: shaded, flat: flat))
            case let .line(a, b, colour, width, joined, dashed):
                let part = min(max(lines * Double(place[i].count) - Double(place[i].index), 0), 1)
                if part > 0 {
                    out.append(.line(from: a, to: a + (b - a) * part, color: colour, width: width, joined: joined && part == 1, dashedBehind: dashed))
                }
            case let .dot(p, radius, colour):
                out.append(.dot(at: p, radius: radius * f, color: colour))
            case let .label(formula, p, opacity):
                if f > 0.8 { out.append(.label(formula, at: p, opacity: opacity * (f - 0.8) / 0.2)) }
            case let .flat(points, ends, colour):
                // Each glyph fades in over a share of the beat, overlapping the next as writing does.
                let shown = min(max((f - Double(glyph) / Double(glyphs) * 0.7) / 0.3, 0), 1)
                glyph += 1
                if shown > 0 { out.append(.flat(points: points, ends: ends, color: colour.opacity(colour.opacity * shown))) }
            case let .picture(picture, corners, opacity):
                out.append(.picture(picture, corners: corners, opacity: opacity * f))
            }
        }
        return out
    }

    /// Items a fraction `t` of the way from `a` to `b` when each is the same kind as its partner
    /// and surfaces have the same triangles (Manim's Transform between surfaces of one
    /// resolution): points, normals, colours, widths and opacities blend; a label whose formula
    /// changes switches halfway. Nil when they are not of one make.
    package static func morph(_ a: [Item], _ b: [Item], _ t: Double) -> [Item]? {
        guard a.count == b.count else { return nil }
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        func mix(_ p: Vector3, _ q: Vector3) -> Vector3 { p + (q - p) * t }
        func mix(_ c: Color, _ d: Color) -> Color { Color.interpolate(c, d, t) }
        var out: [Item] = []
        out.reserveCapacity(a.count)
        for (x, y) in zip(a, b) {
            switch (x, y) {
            case let (.mesh(m, o, shaded, flat), .mesh(n, p, _, _)):
                guard m.positions.count == n.positions.count, m.normals.count == n.normals.count, m.colors.count == n.colors.count,
                      m.indices == n.indices else { return nil }
                var k = m
                k.positions = zip(m.positions, n.positions).map { mix($0, $1) }
                k.normals = zip(m.normals, n.normals).map { mix($0, $1).normalized }
                k.colors = zip(m.colors, n.colors).map { mix($0, $1) }
                k.edges = t < 0.5 ? m.edges : n.edges
                out.append(.mesh(k, opacity: mix(o, p), shaded: shaded, flat: flat))
            case let (.line(a0, b0, c0, w0, j0, d0), .line(a1, b1, c1, w1, _, _)):
                out.append(.line(from: mix(a0, a1), to: mix(b0, b1), color: mix(c0, c1), width: CGFloat(mix(Double(w0), Double(w1))), joined: j0,
                                 dashedBehind: d0))
            case let (.dot(p0, r0, c0), .dot(p1, r1, c1)):
                out.append(.dot(at: mix(p0, p1), radius: CGFloat(mix(Double(r0), Double(r1))), color: mix(c0, c1)))
            case let (.label(f0, p0, o0), .label(f1, p1, o1)):
                out.append(.label(t < 0.5 ? f0 : f1, at: mix(p0, p1), opacity: mix(o0, o1)))
            case let (.flat(p0, e0, c0), .flat(p1, e1, c1)):
                // The same outline moved (a label carried along): point by point; else a switch halfway.
                if e0 == e1 {
                    out.append(.flat(points: zip(p0, p1).map { mix($0, $1) }, ends: e0, color: mix(c0, c1)))
                } else {
                    out.append(t < 0.5 ? .flat(points: p0, ends: e0, color: c0) : .flat(points: p1, ends: e1, color: c1))
                }
            case let (.picture(g0, k0, o0), .picture(g1, k1, o1)):
                out.append(.picture(t < 0.5 ? g0 : g1, corners: zip(k0, k1).map { mix($0, $1) }, opacity: mix(o0, o1)))
            default:
                return nil
            }
        }
        return out
    }

    /// Adds items as they are (another space's, moved or faded).
    package mutating func append(_ more: [Item]) { items += more }
}
