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
        // The pixels `rect` covers, at the context's scale.
        let device = rect.applying(t).standardized
        let box = CGRect(x: device.minX.rounded(.down), y: device.minY.rounded(.down),
                         width: device.maxX.rounded(.up) - device.minX.rounded(.down), height: device.maxY.rounded(.up) - device.minY.rounded(.down))
        guard box.width >= 1, box.height >= 1, box.width <= 16384, box.height <= 16384, box.width * box.height <= 67_108_864 else { return }
        let samples = 2
        let middle = CGPoint(x: rect.midX, y: rect.midY)
        // The same space drawn the same way as a frame before (a still, a pause): its pixels again.
        let key = SpaceDrawing.Key(space: space, rect: rect, transform: t)
        if let drawn = SpaceDrawing.recent(key) {
            composite(devicePixels: drawn.pixels, width: drawn.width, height: drawn.height, x: Int(box.minX), y: Int(box.minY))
            for (formula, point) in drawn.labels { draw(formula, at: point) }
            return
        }
        let raster = DepthRasterPool.take(width: Int(box.width), height: Int(box.height), samples: samples)
        // User space to samples.
        let toSamples = t.concatenating(CGAffineTransform(translationX: -box.minX, y: -box.minY))
            .concatenating(CGAffineTransform(scaleX: CGFloat(samples), y: CGFloat(samples)))
        let pointScale = Float((abs(t.a * t.d - t.b * t.c)).squareRoot()) * Float(samples)
        space.render(into: raster, middle: middle, toSamples: toSamples, pointScale: pointScale)
        let pixels = raster.resolve()
        let labels = space.visibleLabels(in: raster, middle: middle, toSamples: toSamples)
        DepthRasterPool.giveBack(raster)
        SpaceDrawing.keep(key, SpaceDrawing(pixels: pixels, width: raster.width, height: raster.height, labels: labels))
        composite(devicePixels: pixels, width: raster.width, height: raster.height, x: Int(box.minX), y: Int(box.minY))
        for (formula, point) in labels { draw(formula, at: point) }
    }
}

extension Space {
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
    func visibleLabels(in raster: DepthRaster, middle: CGPoint, toSamples: CGAffineTransform) -> [(Formula, CGPoint)] {
        var out: [(Formula, CGPoint)] = []
        for item in items {
            guard case let .label(formula, p) = item else { continue }
            var v = camera.view(p)
            v.z += 1e-3 * max(camera.focalDistance, 1)
            guard v.isFinite, camera.isOrthographic || v.z < camera.focalDistance * 0.999 else { continue }
            let k = camera.perspective(v.z) * camera.zoom * Double(camera.unit)
            let point = CGPoint(x: middle.x + CGFloat(v.x * k), y: middle.y - CGFloat(v.y * k))
            let s = point.applying(toSamples)
            // Far off the canvas (or not a number): nowhere to draw it.
            guard abs(s.x) < 1e9, abs(s.y) < 1e9 else { continue }
            let x = Int(s.x.rounded(.down)), y = Int(s.y.rounded(.down))
            if x >= 0, y >= 0, x < raster.sampleWidth, y < raster.sampleHeight, raster.depths[y * raster.sampleWidth + x] > Float(camera.depth(v.z)) {
                continue
            }
            out.append((formula, point))
        }
        return out
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

    /// Everything, opaque first (the depth kept), then the see-through triangles farthest first.
    func render(into raster: DepthRaster, middle: CGPoint, toSamples: CGAffineTransform, pointScale: Float) {
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
        // Lines and dots stand a little in front of a surface they lie on.
        let lift = 1e-3 * max(camera.focalDistance, 1)
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
                        raster.fill(a, b, c, blend: false)
                    } else {
                        seeThrough.append((min(a.depth, b.depth, c.depth), a, b, c))
                    }
                }
            case let .line(from, to, colour, width, joined):
                guard var a = corner(from, lift: lift), var b = corner(to, lift: lift) else { continue }
                let premultiplied = SIMD4(Float(colour.red), Float(colour.green), Float(colour.blue), 1) * Float(colour.opacity)
                a.color = premultiplied
                b.color = premultiplied
                let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
                guard length > 0 else { continue }
                let half = Float(width) * pointScale / 2
                let nx = -dy / length * half, ny = dx / length * half
                if joined {
                    let ex = dx / length * half, ey = dy / length * half
                    a.x -= ex; a.y -= ey; b.x += ex; b.y += ey
                }
                var a1 = a, a2 = a, b1 = b, b2 = b
                a1.x += nx; a1.y += ny; a2.x -= nx; a2.y -= ny
                b1.x += nx; b1.y += ny; b2.x -= nx; b2.y -= ny
                let blend = colour.opacity < 1
                raster.fill(a1, b1, b2, blend: blend)
                raster.fill(a1, b2, a2, blend: blend)
            case .label:
                continue
            case let .dot(at, radius, colour):
                guard var c = corner(at, lift: lift) else { continue }
                c.color = SIMD4(Float(colour.red), Float(colour.green), Float(colour.blue), 1) * Float(colour.opacity)
                dots.append((c, Float(radius) * pointScale, colour.opacity < 1))
            }
        }
        // A dot is a disc facing the camera: shown whole where its centre is seen, hidden where
        // it is not (a surface it lies on does not cut it in half).
        for dot in dots {
            guard abs(dot.center.x) < 1e9, abs(dot.center.y) < 1e9, dot.radius.isFinite, dot.radius < 1e6 else { continue }
            let x = Int(dot.center.x), y = Int(dot.center.y)
            if x >= 0, y >= 0, x < raster.sampleWidth, y < raster.sampleHeight, raster.depths[y * raster.sampleWidth + x] > dot.center.depth { continue }
            let c = dot.center
            let n = 32
            for i in 0..<n {
                let a0 = Double(i) / Double(n) * 2 * .pi, a1 = Double(i + 1) / Double(n) * 2 * .pi
                var p = c, q = c
                p.x += dot.radius * Float(PortableMath.cos(a0)); p.y += dot.radius * Float(PortableMath.sin(a0))
                q.x += dot.radius * Float(PortableMath.cos(a1)); q.y += dot.radius * Float(PortableMath.sin(a1))
                raster.fill(c, p, q, blend: dot.blend, testsDepth: false)
            }
        }
        // Farthest first; ties in the order they were added.
        for t in seeThrough.enumerated().sorted(by: { ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset) }).map(\.element) {
            raster.fill(t.a, t.b, t.c, blend: true)
        }
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
    let width: Int
    let height: Int
    let labels: [(Formula, CGPoint)]

    /// The last few drawings (a render draws one space a frame, on a few threads).
    private static let kept = Mutex<[(Key, SpaceDrawing)]>([])

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
