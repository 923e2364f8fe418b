public import AnimateDrawing
import AnimateMath
import Foundation

/// Triangles in space, with a position, a normal and a colour at each corner: what a surface, a
/// sphere or a solid is drawn from.
public struct Mesh: Sendable, Hashable {
    public var positions: [Vector3]
    public var normals: [Vector3]
    public var colors: [Color]
    /// Corners, three a triangle, as indices into the arrays above.
    public var indices: [Int32]
    /// Edges drawn when the mesh is stroked (a surface's grid), two indices each.
    public var edges: [Int32]

    public init(positions: [Vector3], normals: [Vector3], colors: [Color], indices: [Int32], edges: [Int32] = []) {
        self.positions = positions
        self.normals = normals
        self.colors = colors
        self.indices = indices
        self.edges = edges
    }

    public var triangleCount: Int { indices.count / 3 }

    /// The surface (u, v) -> point over `u` x `v`, cut into `resolution` quads each way (two
    /// triangles each), with normals from the surface's own derivatives. Coloured by `color` at
    /// each point (Manim's colour by height), else in a checkerboard of two colours (Manim's
    /// `checkerboard_colors`), blue by default.
    public static func surface(u: ClosedRange<Double>, v: ClosedRange<Double>, resolution: (u: Int, v: Int) = (32, 32),
                               checkerboard: (Color, Color) = (Manim.blueD, Manim.blueE), color: ((Vector3) -> Color)? = nil,
                               _ f: (Double, Double) -> Vector3) -> Mesh {
        let nu = min(max(resolution.u, 1), 1024), nv = min(max(resolution.v, 1), 1024)
        let du = (u.upperBound - u.lowerBound) / Double(nu), dv = (v.upperBound - v.lowerBound) / Double(nv)
        func point(_ i: Int, _ j: Int) -> (Double, Double) { (u.lowerBound + Double(i) * du, v.lowerBound + Double(j) * dv) }
        // Points and normals on the grid, shared by the quads around them.
        var grid: [Vector3] = [], normals: [Vector3] = []
        grid.reserveCapacity((nu + 1) * (nv + 1))
        let h = 1e-4
        for j in 0...nv {
            for i in 0...nu {
                let (a, b) = point(i, j)
                let p = f(a, b)
                grid.append(p)
                let su = (f(a + h * du, b) - f(a - h * du, b)), sv = (f(a, b + h * dv) - f(a, b - h * dv))
                var n = su.cross(sv).normalized
                if n == .zero {
                    // A pole: the normal of a point a little inside.
                    let inner = (a + (i == nu ? -0.5 : 0.5) * du, b + (j == nv ? -0.5 : 0.5) * dv)
                    n = (f(inner.0 + h * du, inner.1) - f(inner.0 - h * du, inner.1)).cross(f(inner.0, inner.1 + h * dv) - f(inner.0, inner.1 - h * dv)).normalized
                }
                normals.append(n)
            }
        }
        var mesh = Mesh(positions: [], normals: [], colors: [], indices: [])
        let row = nu + 1
        if let color {
            mesh.positions = grid
            mesh.normals = normals
            mesh.colors = grid.map(color)
            mesh.indices.reserveCapacity(nu * nv * 6)
            for j in 0..<nv {
                for i in 0..<nu {
                    let a = Int32(j * row + i), b = a + 1, c = a + Int32(row), d = c + 1
                    mesh.indices += [a, b, d, a, d, c]
                    mesh.edges += [a, b, a, c] + (i == nu - 1 ? [b, d] : []) + (j == nv - 1 ? [c, d] : [])
                }
            }
        } else {
            // Each quad its own corners, in its square's colour.
            mesh.positions.reserveCapacity(nu * nv * 4)
            for j in 0..<nv {
                for i in 0..<nu {
                    let corners = [j * row + i, j * row + i + 1, (j + 1) * row + i + 1, (j + 1) * row + i]
                    let base = Int32(mesh.positions.count)
                    let colour = (i + j) % 2 == 0 ? checkerboard.0 : checkerboard.1
                    for k in corners {
                        mesh.positions.append(grid[k])
                        mesh.normals.append(normals[k])
                        mesh.colors.append(colour)
                    }
                    mesh.indices += [base, base + 1, base + 2, base, base + 2, base + 3]
                    mesh.edges += [base, base + 1, base + 1, base + 2, base + 2, base + 3, base + 3, base]
                }
            }
        }
        return mesh
    }

    /// A sphere of `radius` about `center` (Manim's Sphere), its normals pointing out.
    public static func sphere(center: Vector3 = .zero, radius: Double = 1, resolution: (u: Int, v: Int) = (24, 12),
                              checkerboard: (Color, Color) = (Manim.blueD, Manim.blueE), color: ((Vector3) -> Color)? = nil) -> Mesh {
        var mesh = surface(u: 0...(2 * .pi), v: 0...(.pi), resolution: resolution, checkerboard: checkerboard, color: color) { u, v in
            center + Vector3(PortableMath.cos(u) * PortableMath.sin(v), PortableMath.sin(u) * PortableMath.sin(v), -PortableMath.cos(v)) * radius
        }
        mesh.normals = mesh.positions.map { ($0 - center).normalized }
        return mesh
    }

    /// The flat quadrilateral through four corners in order, in one colour.
    public static func quad(_ a: Vector3, _ b: Vector3, _ c: Vector3, _ d: Vector3, color: Color) -> Mesh {
        let n = (b - a).cross(d - a).normalized
        return Mesh(positions: [a, b, c, d], normals: [n, n, n, n], colors: [color, color, color, color], indices: [0, 1, 2, 0, 2, 3])
    }
}
