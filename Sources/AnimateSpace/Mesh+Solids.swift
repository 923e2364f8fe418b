public import AnimateDrawing
import AnimateMath
public import Foundation

extension Mesh {
    /// A box `size` across (x, y and z) about `center` (Manim's Cube and Prism), each face flat.
    public static func box(center: Vector3 = .zero, size: Vector3 = Vector3(2, 2, 2), color: Color = Manim.blue) -> Mesh {
        let h = size / 2
        var mesh = Mesh(positions: [], normals: [], colors: [], indices: [], edges: [])
        // Each face: its normal and two directions along it.
        let faces: [(Vector3, Vector3, Vector3)] = [(.right, .up, .out), (-.right, .out, .up), (.up, .out, .right),
                                                     (-.up, .right, .out), (.out, .right, .up), (-.out, .up, .right)]
        for (n, u, v) in faces {
            let c = center + Vector3(n.x * h.x, n.y * h.y, n.z * h.z)
            let du = Vector3(u.x * h.x, u.y * h.y, u.z * h.z), dv = Vector3(v.x * h.x, v.y * h.y, v.z * h.z)
            let k = Int32(mesh.positions.count)
            mesh.positions += [c - du - dv, c + du - dv, c + du + dv, c - du + dv]
            mesh.normals += [n, n, n, n]
            mesh.colors += [color, color, color, color]
            mesh.indices += [k, k + 1, k + 2, k, k + 2, k + 3]
            mesh.edges += [k, k + 1, k + 1, k + 2, k + 2, k + 3, k + 3, k]
        }
        return mesh
    }

    /// The surface made by turning the curve t -> (r, z) about the z axis (a surface of
    /// revolution: vases, cones, paraboloids), in Manim's checkerboard unless coloured by point.
    public static func revolution(over t: ClosedRange<Double>, resolution: (t: Int, turn: Int) = (24, 32),
                                  checkerboard: (Color, Color) = (Manim.blueD, Manim.blueE), color: ((Vector3) -> Color)? = nil,
                                  _ profile: @escaping (Double) -> (r: Double, z: Double)) -> Mesh {
        surface(u: 0...(2 * .pi), v: t, resolution: (resolution.turn, resolution.t), checkerboard: checkerboard, color: color) { a, s in
            let (r, z) = profile(s)
            return Vector3(r * PortableMath.cos(a), r * PortableMath.sin(a), z)
        }
    }

    /// A cylinder of `radius` along z from `z.lowerBound` to `z.upperBound` about `center`'s axis,
    /// its ends closed.
    public static func cylinder(center: Vector3 = .zero, radius: Double = 1, height: Double = 2, resolution: Int = 32,
                                color: Color = Manim.blue) -> Mesh {
        var side = revolution(over: -height / 2...height / 2, resolution: (1, resolution), checkerboard: (color, color)) { (radius, $0) }
        side.positions = side.positions.map { $0 + center }
        for (z, n) in [(-height / 2, -Vector3.out), (height / 2, Vector3.out)] {
            let k = Int32(side.positions.count)
            side.positions.append(center + Vector3(0, 0, z))
            side.normals.append(n)
            side.colors.append(color)
            for i in 0..<resolution {
                let a = Double(i) / Double(resolution) * 2 * .pi, b = Double(i + 1) / Double(resolution) * 2 * .pi
                let m = Int32(side.positions.count)
                side.positions += [center + Vector3(radius * PortableMath.cos(a), radius * PortableMath.sin(a), z),
                                   center + Vector3(radius * PortableMath.cos(b), radius * PortableMath.sin(b), z)]
                side.normals += [n, n]
                side.colors += [color, color]
                side.indices += [k, m, m + 1]
            }
        }
        return side
    }

    /// A torus about the z axis through `center`: a tube of `minorRadius` around a circle of
    /// `majorRadius` (Manim's Torus).
    public static func torus(center: Vector3 = .zero, majorRadius: Double = 3, minorRadius: Double = 1, resolution: (u: Int, v: Int) = (48, 24),
                             checkerboard: (Color, Color) = (Manim.blueD, Manim.blueE)) -> Mesh {
        var mesh = surface(u: 0...(2 * .pi), v: 0...(2 * .pi), resolution: resolution, checkerboard: checkerboard) { u, v in
            let r = majorRadius + minorRadius * PortableMath.cos(v)
            return center + Vector3(r * PortableMath.cos(u), r * PortableMath.sin(u), minorRadius * PortableMath.sin(v))
        }
        // Outward from the tube's own centre line.
        mesh.normals = mesh.positions.map { p in
            let q = p - center, ring = Vector3(q.x, q.y, 0).normalized * majorRadius
            return (q - ring).normalized
        }
        return mesh
    }
}

extension Space {
    /// Adds an arrow from `a` to `b`: a line `width` points wide and a cone at its tip (Manim's
    /// Arrow3D), the cone `tipLength` units long.
    public mutating func addArrow(from a: Vector3, to b: Vector3, color: Color = .white, width: CGFloat = 4, tipLength: Double = 0.25,
                                  hidden: Hidden = .invisible) {
        let d = b - a, length = d.length
        guard length > 0, length.isFinite else { return }
        let tip = min(tipLength, length / 2), base = b - d / length * tip
        addLine(from: a, to: base, color: color, width: width, hidden: hidden)
        add(.cone(apex: b, base: base, radius: tip * 0.4, color: color), shaded: false)
    }

    /// Adds the vector field `f` as arrows at the points of a grid over `x` x `y` x `z` (each
    /// range sampled at `step`), each arrow `f(p)` long times `scale` (Manim's ArrowVectorField
    /// in space).
    public mutating func addVectorField(x: ClosedRange<Double>, y: ClosedRange<Double>, z: ClosedRange<Double> = 0...0, step: Double = 1,
                                        scale: Double = 0.5, color: Color = Manim.yellow, _ f: (Vector3) -> Vector3) {
        guard step > 0, step.isFinite else { return }
        func values(_ r: ClosedRange<Double>) -> [Double] {
            let n = Int(((r.upperBound - r.lowerBound) / step + 1e-9).rounded(.down))
            return n < 0 || n > 200 ? [] : (0...n).map { r.lowerBound + Double($0) * step }
        }
        for pz in values(z) {
            for py in values(y) {
                for px in values(x) {
                    let p = Vector3(px, py, pz), v = f(p) * scale
                    guard v.isFinite, v.length > 1e-9 else { continue }
                    addArrow(from: p, to: p + v, color: color, width: 3, tipLength: min(0.2, v.length / 3))
                }
            }
        }
    }
}
