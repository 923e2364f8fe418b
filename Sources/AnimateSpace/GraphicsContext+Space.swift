public import AnimateDrawing
import AnimateMath
import AnimateFormula
import Synchronization
public import Foundation

extension GraphicsContext {
    /// Draws `space` as its camera sees it, the middle of `rect` at the camera's centre: each
    /// pixel shows what is nearest there, edges anti-aliased over 2 x 2 samples a pixel.
    public func draw(_ space: Space, in rect: CGRect) {
        let t = transform
        // The pixels `rect` covers on the canvas, at the context's scale.
        let device = rect.applying(t).standardized
        let canvas = devicePixelSize
        guard device.minX.isFinite, device.minY.isFinite, device.maxX.isFinite, device.maxY.isFinite else { return }
        let x0 = max(device.minX.rounded(.down), 0), y0 = max(device.minY.rounded(.down), 0)
        let x1 = min(device.maxX.rounded(.up), CGFloat(canvas.width)), y1 = min(device.maxY.rounded(.up), CGFloat(canvas.height))
        guard x1 - x0 >= 1, y1 - y0 >= 1 else { return }
        let box = (x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
        let samples = 2
        let middle = CGPoint(x: rect.midX, y: rect.midY)
        // The same space drawn the same way as a frame before (a still, a pause): its pixels again.
        let key = SpaceDrawing.Key(space: space, rect: rect, transform: t)
        if let drawn = SpaceDrawing.recent(key) {
            composite(devicePixels: drawn.pixels, width: drawn.width, height: drawn.height, x: drawn.x, y: drawn.y)
            draw(drawn.labels)
            return
        }
        let raster = DepthRasterPool.take(width: box.width, height: box.height, samples: samples)
        defer { DepthRasterPool.giveBack(raster) }
        // User space to samples.
        let toSamples = t.concatenating(CGAffineTransform(translationX: -x0, y: -y0))
            .concatenating(CGAffineTransform(scaleX: CGFloat(samples), y: CGFloat(samples)))
        let pointScale = Float((abs(t.a * t.d - t.b * t.c)).squareRoot()) * Float(samples)
        let (triangles, opaque, polygons) = space.triangles(for: raster, middle: middle, toSamples: toSamples, pointScale: pointScale)
        let plan = raster.plan(triangles, polygons: polygons, polygonsAfter: opaque.count)
        let labels = space.visibleLabels(in: raster, opaque: opaque, polygons: polygons, middle: middle, toSamples: toSamples)
        let x = box.x + plan.x, y = box.y + plan.y
        // Kept for the frames after only when seen twice running (a still or a pause), so a
        // moving space is not copied for nothing.
        let keeps = SpaceDrawing.seenBefore(key)
        composite(pixelsAt: x, y: y, width: plan.width, height: plan.height) { pixels, stride in
            raster.draw(plan, into: pixels, stride: stride)
            guard keeps else { return }
            var kept = [UInt32](repeating: 0, count: plan.width * plan.height)
            kept.withUnsafeMutableBufferPointer { kept in
                for row in 0..<plan.height {
                    (kept.baseAddress! + row * plan.width).update(from: pixels + row * stride, count: plan.width)
                }
            }
            SpaceDrawing.keep(key, SpaceDrawing(pixels: kept, x: x, y: y, width: plan.width, height: plan.height, labels: labels))
        }
        draw(labels)
    }
}

extension GraphicsContext {
    /// Draws labels over a space, each at its opacity.
    fileprivate func draw(_ labels: [Space.Label]) {
        for label in labels {
            if label.opacity >= 1 {
                draw(label.formula, at: label.point)
            } else {
                var c = self
                c.opacity *= label.opacity
                c.draw(label.formula, at: label.point)
            }
        }
    }
}

extension Space {
    /// A label seen: its formula, where it goes on the canvas and how much it shows.
    struct Label: Sendable {
        let formula: Formula
        let point: CGPoint
        let opacity: Double
    }

    /// What a corner at `view` (in the camera's frame) looks like under the lights (`lit`: their
    /// positions in the camera's frame): its colour, premultiplied.
    func shade(_ colour: Color, at view: Vector3, normal n: Vector3, rotation: Rotation3, lit: [Vector3], opacity: Double, shaded: Bool) -> SIMD4<Float> {
        let alpha = min(max(colour.opacity * opacity, 0), 1)
        var rgb = SIMD3(colour.red, colour.green, colour.blue)
        if shaded {
            var normal = rotation.apply(n).normalized
            let toEye = camera.isOrthographic ? Vector3.out : (Vector3(0, 0, camera.focalDistance) - view).normalized
            // Both sides of a surface are lit: the side seen faces the camera.
            if normal.dot(toEye) < 0 { normal = -normal }
            var diffuse = 0.0, highlight = 0.0
            for (light, position) in zip(lights, lit) {
                let l = (position - view).normalized
                diffuse += max(0, normal.dot(l)) * light.intensity
                if light.specular > 0 {
                    let h = (l + toEye).normalized
                    highlight += light.specular * Self.power(max(0, normal.dot(h)), light.shininess)
                }
            }
            rgb = rgb * (ambient + (1 - ambient) * min(diffuse, 1)) + SIMD3(repeating: highlight)
        }
        let c = SIMD4(Float(min(max(rgb.x, 0), 1)), Float(min(max(rgb.y, 0), 1)), Float(min(max(rgb.z, 0), 1)), 1) * Float(alpha)
        return c
    }

    /// The labels whose point is seen (nothing nearer at its sample), with where they go.
    func visibleLabels(in raster: DepthRaster, opaque: [DepthRaster.Triangle], polygons: [DepthRaster.Polygon], middle: CGPoint,
                       toSamples: CGAffineTransform) -> [Label] {
        var out: [Label] = []
        for item in items {
            guard case let .label(formula, p, opacity) = item, opacity > 0 else { continue }
            var v = camera.view(p)
            v.z += 1e-3 * max(camera.focalDistance, 1)
            guard v.isFinite, camera.isOrthographic || v.z < camera.focalDistance * 0.999 else { continue }
            let k = camera.perspective(v.z) * camera.zoom * Double(camera.unit)
            let point = CGPoint(x: middle.x + CGFloat(v.x * k), y: middle.y - CGFloat(v.y * k))
            let s = point.applying(toSamples)
            // Far off the canvas (or not a number): nowhere to draw it.
            guard abs(s.x) < 1e9, abs(s.y) < 1e9 else { continue }
            let x = Int(s.x.rounded(.down)), y = Int(s.y.rounded(.down))
            if x >= 0, y >= 0, x < raster.sampleWidth, y < raster.sampleHeight,
               raster.depth(atSample: x, y, among: opaque, polygons: polygons) > Float(camera.depth(v.z)) {
                continue
            }
            out.append(Label(formula: formula, point: point, opacity: opacity))
        }
        return out
    }

    /// The two triangles of a line from `a` to `b` `half` samples either side (reaching `half`
    /// beyond its ends when `extended`, so the pieces of a curve meet); none when it has no length.
    static func quad(_ a: DepthRaster.Corner, _ b: DepthRaster.Corner, half: Float, extended: Bool) -> [(DepthRaster.Triangle, DepthRaster.Triangle)] {
        var a = a, b = b
        let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return [] }
        let nx = -dy / length * half, ny = dx / length * half
        if extended {
            let ex = dx / length * half, ey = dy / length * half
            a.x -= ex; a.y -= ey; b.x += ex; b.y += ey
        }
        var a1 = a, a2 = a, b1 = b, b2 = b
        a1.x += nx; a1.y += ny; a2.x -= nx; a2.y -= ny
        b1.x += nx; b1.y += ny; b2.x -= nx; b2.y -= ny
        return [(DepthRaster.Triangle(a: a1, b: b1, c: b2, blend: false), DepthRaster.Triangle(a: a1, b: b2, c: a2, blend: false))]
    }

    /// An outline lying flat in space as the raster fills it: its points in samples and its
    /// plane's depth over them (from the three points furthest apart), standing `lift` in front
    /// of a surface it lies on. Nil when a point is behind the camera or the plane is seen edge on.
    func flatPolygon(_ points: [Vector3], ends: [Int], color: Color, lift: Double,
                     corner: (Vector3, Double) -> DepthRaster.Corner?) -> DepthRaster.Polygon? {
        var projected: [DepthRaster.Corner] = []
        projected.reserveCapacity(points.count)
        for p in points {
            guard let c = corner(p, lift) else { return nil }
            projected.append(c)
        }
        guard let a = projected.first else { return nil }
        func d2(_ p: DepthRaster.Corner, _ q: DepthRaster.Corner) -> Float { (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y) }
        guard let b = projected.max(by: { d2(a, $0) < d2(a, $1) }) else { return nil }
        func area(_ c: DepthRaster.Corner) -> Double {
            abs(Double(b.x - a.x) * Double(c.y - a.y) - Double(b.y - a.y) * Double(c.x - a.x))
        }
        guard let c = projected.max(by: { area($0) < area($1) }), area(c) > 1e-3 else { return nil }
        // depth = p x + q y + r through the three corners (Cramer's rule).
        let (x0, y0, z0) = (Double(a.x), Double(a.y), Double(a.depth)), (x1, y1, z1) = (Double(b.x), Double(b.y), Double(b.depth))
        let (x2, y2, z2) = (Double(c.x), Double(c.y), Double(c.depth))
        let det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
        guard abs(det) > 1e-9 else { return nil }
        let p = ((z1 - z0) * (y2 - y0) - (z2 - z0) * (y1 - y0)) / det
        let q = ((x1 - x0) * (z2 - z0) - (x2 - x0) * (z1 - z0)) / det
        let r = z0 - p * x0 - q * y0
        let alpha = Float(min(max(color.opacity, 0), 1))
        let premultiplied = SIMD4(Float(color.red), Float(color.green), Float(color.blue), 1) * alpha
        return DepthRaster.Polygon(points: projected.map { SIMD2($0.x, $0.y) }, ends: ends, depth: SIMD3(Float(p), Float(q), Float(r)),
                                   color: premultiplied, blend: alpha < 1)
    }

    /// The projective map from sample coordinates to the unit square whose corners (0, 0),
    /// (1, 0), (1, 1), (0, 1) are seen at `quad`'s four points (Heckbert's square-to-quad, inverted):
    /// its rows, or nil for a quad seen edge on.
    static func squareToQuad(_ quad: [SIMD2<Float>]) -> (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)? {
        guard quad.count == 4 else { return nil }
        let (x0, y0) = (Double(quad[0].x), Double(quad[0].y)), (x1, y1) = (Double(quad[1].x), Double(quad[1].y))
        let (x2, y2) = (Double(quad[2].x), Double(quad[2].y)), (x3, y3) = (Double(quad[3].x), Double(quad[3].y))
        let sx = x0 - x1 + x2 - x3, sy = y0 - y1 + y2 - y3
        var a, b, c, d, e, f, g, h: Double
        if abs(sx) < 1e-9 && abs(sy) < 1e-9 {
            (a, b, c, d, e, f, g, h) = (x1 - x0, x3 - x0, x0, y1 - y0, y3 - y0, y0, 0, 0)
        } else {
            let dx1 = x1 - x2, dx2 = x3 - x2, dy1 = y1 - y2, dy2 = y3 - y2
            let den = dx1 * dy2 - dx2 * dy1
            guard abs(den) > 1e-12 else { return nil }
            g = (sx * dy2 - dx2 * sy) / den
            h = (dx1 * sy - sx * dy1) / den
            (a, b, c) = (x1 - x0 + g * x1, x3 - x0 + h * x3, x0)
            (d, e, f) = (y1 - y0 + g * y1, y3 - y0 + h * y3, y0)
        }
        // The inverse of [[a b c] [d e f] [g h 1]], by its adjugate (the scale does not matter).
        let m = (SIMD3(e - f * h, c * h - b, b * f - c * e), SIMD3(f * g - d, a - c * g, c * d - a * f), SIMD3(d * h - e * g, b * g - a * h, a * e - b * d))
        guard abs(a * m.0.x + b * m.1.x + c * m.2.x) > 1e-12 else { return nil }
        return (SIMD3<Float>(m.0), SIMD3<Float>(m.1), SIMD3<Float>(m.2))
    }

    /// x to the power `y`: by squaring for whole powers (a few multiplications), else `pow`.
    static func power(_ x: Double, _ y: Double) -> Double {
        guard y >= 0, y <= 1024, y == y.rounded() else { return PortableMath.pow(x, y) }
        var result = 1.0, base = x, n = Int(y)
        while n > 0 {
            if n & 1 == 1 { result *= base }
            base *= base
            n >>= 1
        }
        return result
    }

    /// The triangles to draw, in order: the opaque ones (the depth kept) and lines as they were
    /// added, the dots whose centre is seen, then the see-through triangles farthest first; and
    /// the first part alone (what hides a point).
    func triangles(for raster: DepthRaster, middle: CGPoint, toSamples: CGAffineTransform, pointScale: Float)
        -> (all: [DepthRaster.Triangle], opaque: [DepthRaster.Triangle], polygons: [DepthRaster.Polygon]) {
        var out: [DepthRaster.Triangle] = []
        out.reserveCapacity(items.reduce(0) { n, item in
            switch item {
            case let .mesh(mesh, _, _, _): return n + mesh.indices.count / 3
            case .line: return n + 2
            default: return n
            }
        })
        // The camera's rotation and the lights in its frame, once a drawing.
        let rotation = camera.rotation, center = camera.center
        let lit = lights.map { rotation.apply($0.position - center) }
        func view(_ p: Vector3) -> Vector3 { rotation.apply(p - center) }
        func corner(_ p: Vector3, lift: Double = 0) -> DepthRaster.Corner? { corner(view: view(p), lift: lift) }
        func corner(view: Vector3, lift: Double = 0) -> DepthRaster.Corner? {
            var v = view
            v.z += lift
            guard v.isFinite, camera.isOrthographic || v.z < camera.focalDistance * 0.999 else { return nil }
            let k = camera.perspective(v.z) * camera.zoom * Double(camera.unit)
            let s = CGPoint(x: middle.x + CGFloat(v.x * k), y: middle.y - CGFloat(v.y * k)).applying(toSamples)
            return DepthRaster.Corner(x: Float(s.x), y: Float(s.y), depth: Float(camera.depth(v.z)), color: .zero)
        }
        var seeThrough: [(depth: Float, a: DepthRaster.Corner, b: DepthRaster.Corner, c: DepthRaster.Corner)] = []
        var dots: [(center: DepthRaster.Corner, radius: Float, blend: Bool)] = []
        var polygons: [DepthRaster.Polygon] = []
        var hiddenDashes: [DepthRaster.Triangle] = []
        // Lines and dots stand a little in front of a surface they lie on.
        let lift = 1e-3 * max(camera.focalDistance, 1)
        // Lines that lie on each other (a vector along an axis) show the one added last: each
        // stands a little further forward than the lines before it (up to half the lift more).
        let lineCount = items.reduce(0) { n, item in if case .line = item { return n + 1 } else { return n } }
        var lines = 0
        for item in items {
            switch item {
            case let .mesh(mesh, opacity, shaded, flat):
                guard mesh.positions.count == mesh.normals.count, mesh.positions.count == mesh.colors.count else { continue }
                var corners: [DepthRaster.Corner?] = []
                corners.reserveCapacity(mesh.positions.count)
                for i in mesh.positions.indices {
                    let v = view(mesh.positions[i])
                    var c = corner(view: v)
                    if !flat {
                        c?.color = shade(mesh.colors[i], at: v, normal: mesh.normals[i], rotation: rotation, lit: lit, opacity: opacity, shaded: shaded)
                    }
                    corners.append(c)
                }
                var k = 0
                while k + 2 < mesh.indices.count {
                    let i = Int(mesh.indices[k]), j = Int(mesh.indices[k + 1]), l = Int(mesh.indices[k + 2])
                    k += 3
                    guard corners.indices.contains(i), corners.indices.contains(j), corners.indices.contains(l),
                          var a = corners[i], var b = corners[j], var c = corners[l] else { continue }
                    if flat {
                        // One colour for the face: its own normal, lit at its centre, in its first corner's colour.
                        let p = mesh.positions[i], q = mesh.positions[j], r = mesh.positions[l]
                        let centre = (p + q + r) / 3
                        let colour = shade(mesh.colors[i], at: view(centre), normal: (q - p).cross(r - p), rotation: rotation, lit: lit,
                                           opacity: opacity, shaded: shaded)
                        (a.color, b.color, c.color) = (colour, colour, colour)
                    }
                    if a.color.w >= 1 && b.color.w >= 1 && c.color.w >= 1 {
                        out.append(DepthRaster.Triangle(a: a, b: b, c: c, blend: false))
                    } else {
                        seeThrough.append((min(a.depth, b.depth, c.depth), a, b, c))
                    }
                }
            case let .line(from, to, colour, width, joined, dashed):
                let forward = lift * (1 + 0.5 * Double(lines) / Double(max(lineCount, 1)))
                lines += 1
                guard let a = corner(from, lift: forward), let b = corner(to, lift: forward) else { continue }
                let premultiplied = SIMD4(Float(colour.red), Float(colour.green), Float(colour.blue), 1) * Float(colour.opacity)
                let half = Float(width) * pointScale / 2
                for (p, q) in Self.quad(a, b, half: half, extended: joined) {
                    var (p, q) = (p, q)
                    (p.a.color, p.b.color, p.c.color, q.a.color, q.b.color, q.c.color) =
                        (premultiplied, premultiplied, premultiplied, premultiplied, premultiplied, premultiplied)
                    p.blend = colour.opacity < 1; q.blend = p.blend
                    out.append(p); out.append(q)
                }
                guard dashed else { continue }
                // Dashes along the line, 8 points on and 6 off on the canvas, drawn where it is hidden.
                let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                let period = 14 * pointScale
                guard length > 0, length.isFinite, period > 0, length / period < 10_000 else { continue }
                var start: Float = 0
                while start < length {
                    let t0 = Double(start / length), t1 = Double(min(start + 8 * pointScale, length) / length)
                    start += period
                    guard let c = corner(from + (to - from) * t0, lift: forward), let d = corner(from + (to - from) * t1, lift: forward) else { continue }
                    for (p, q) in Self.quad(c, d, half: half, extended: false) {
                        var (p, q) = (p, q)
                        (p.a.color, p.b.color, p.c.color, q.a.color, q.b.color, q.c.color) =
                            (premultiplied, premultiplied, premultiplied, premultiplied, premultiplied, premultiplied)
                        (p.behind, q.behind) = (true, true)
                        hiddenDashes.append(p); hiddenDashes.append(q)
                    }
                }
            case .label:
                continue
            case let .flat(points, ends, colour):
                if let polygon = flatPolygon(points, ends: ends, color: colour, lift: lift, corner: { corner($0, lift: $1) }) {
                    polygons.append(polygon)
                }
            case let .picture(picture, corners, opacity):
                guard opacity > 0, corners.count == 4,
                      var polygon = flatPolygon(corners, ends: [4], color: Color(white: 1, opacity: min(opacity, 1)), lift: lift,
                                                corner: { corner($0, lift: $1) }),
                      let map = Self.squareToQuad(polygon.points) else { continue }
                // Texel coordinates: the unit square's, scaled to the picture.
                let w = Float(picture.image.width), h = Float(picture.image.height)
                polygon.texture = DepthRaster.Texture(rgba: picture.image.rgba, width: picture.image.width, height: picture.image.height,
                                                      map: (map.0 * w, map.1 * h, map.2))
                polygon.blend = true
                polygons.append(polygon)
            case let .dot(at, radius, colour):
                guard var c = corner(at, lift: lift) else { continue }
                c.color = SIMD4(Float(colour.red), Float(colour.green), Float(colour.blue), 1) * Float(colour.opacity)
                dots.append((c, Float(radius) * pointScale, colour.opacity < 1))
            }
        }
        let opaque = out
        // A dot is a disc facing the camera: shown whole where its centre is seen, hidden where
        // it is not (a surface it lies on does not cut it in half).
        for dot in dots {
            guard abs(dot.center.x) < 1e9, abs(dot.center.y) < 1e9, dot.radius.isFinite, dot.radius < 1e6 else { continue }
            let x = Int(dot.center.x.rounded(.down)), y = Int(dot.center.y.rounded(.down))
            if x >= 0, y >= 0, x < raster.sampleWidth, y < raster.sampleHeight,
               raster.depth(atSample: x, y, among: opaque, polygons: polygons) > dot.center.depth { continue }
            let c = dot.center
            let n = 32
            for i in 0..<n {
                let a0 = Double(i) / Double(n) * 2 * .pi, a1 = Double(i + 1) / Double(n) * 2 * .pi
                var p = c, q = c
                p.x += dot.radius * Float(PortableMath.cos(a0)); p.y += dot.radius * Float(PortableMath.sin(a0))
                q.x += dot.radius * Float(PortableMath.cos(a1)); q.y += dot.radius * Float(PortableMath.sin(a1))
                out.append(DepthRaster.Triangle(a: c, b: p, c: q, blend: dot.blend, testsDepth: false))
            }
        }
        // Dashes of hidden lines, over what hides them.
        out += hiddenDashes
        // Farthest first; ties in the order they were added.
        for t in seeThrough.enumerated().sorted(by: { ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset) }).map(\.element) {
            out.append(DepthRaster.Triangle(a: t.a, b: t.b, c: t.c, blend: true))
        }
        return (out, opaque, polygons)
    }
}

/// A space's drawing kept for the next frames: a still or a pause draws its pixels again
/// instead of rasterizing the same space. Keyed by everything that decides the pixels (the
/// space itself, the rectangle and the context's transform), so what is reused is exactly what
/// would be drawn.
struct SpaceDrawing: Sendable {
    struct Key: Hashable, Sendable {
        let space: Space
        let rect: CGRect
        let transform: [CGFloat]

        init(space: Space, rect: CGRect, transform t: CGAffineTransform) {
            self.space = space
            self.rect = rect
            transform = [t.a, t.b, t.c, t.d, t.tx, t.ty]
        }

        static func == (a: Key, b: Key) -> Bool { a.rect == b.rect && a.transform == b.transform && a.space == b.space }
        func hash(into h: inout Hasher) {
            h.combine(rect.origin.x); h.combine(rect.origin.y); h.combine(rect.width); h.combine(rect.height)
            h.combine(transform)
            h.combine(space)
        }
    }

    let pixels: [UInt32]
    let x: Int
    let y: Int
    let width: Int
    let height: Int
    let labels: [Space.Label]

    /// The last few drawings (a render draws one space a frame, on a few threads).
    private static let kept = Mutex<[(Key, SpaceDrawing)]>([])
    /// The last few spaces drawn, to tell a space seen again.
    private static let seen = Mutex<[Key]>([])

    /// Whether `key` was among the last few drawn; notes it as drawn.
    static func seenBefore(_ key: Key) -> Bool {
        seen.withLock { list in
            let found = list.contains(key)
            list.removeAll { $0 == key }
            list.insert(key, at: 0)
            if list.count > 4 { list.removeLast(list.count - 4) }
            return found
        }
    }

    static func recent(_ key: Key) -> SpaceDrawing? {
        kept.withLock { list in list.first { $0.0 == key }?.1 }
    }

    static func keep(_ key: Key, _ drawing: SpaceDrawing) {
        kept.withLock { list in
            list.removeAll { $0.0 == key }
            list.insert((key, drawing), at: 0)
            if list.count > 4 { list.removeLast(list.count - 4) }
        }
    }
}
