public import AnimateDrawing
public import Foundation

extension Mesh {
    /// A polyhedron from its corners and faces, each face the indices of its corners in order
    /// around it (Manim's Polyhedron): each face flat (triangles fanned from its first corner,
    /// turned to face outwards), each edge once. Faces naming corners that do not exist, or
    /// fewer than three, are left out.
    public static func polyhedron(vertices: [Vector3], faces: [[Int]], color: Color = Manim.blue) -> Mesh {
        var mesh = Mesh(positions: [], normals: [], colors: [], indices: [], edges: [])
        guard !vertices.isEmpty else { return mesh }
        let middle = vertices.reduce(Vector3.zero, +) / Double(vertices.count)
        var drawn = Set<[Int]>()
        for face in faces {
            guard face.count >= 3, face.allSatisfy({ vertices.indices.contains($0) }) else { continue }
            var corners = face
            let p = corners.map { vertices[$0] }
            let centre = p.reduce(Vector3.zero, +) / Double(p.count)
            var normal = Vector3.zero
            // Newell's normal: sound for any simple polygon, whatever its first corners.
            for i in p.indices {
                let a = p[i], b = p[(i + 1) % p.count]
                normal = normal + Vector3((a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y))
            }
            normal = normal.normalized
            guard normal != .zero else { continue }
            if normal.dot(centre - middle) < 0 {
                corners.reverse()
                normal = -normal
            }
            let k = Int32(mesh.positions.count)
            for c in corners {
                mesh.positions.append(vertices[c])
                mesh.normals.append(normal)
                mesh.colors.append(color)
            }
            for i in 1..<(corners.count - 1) { mesh.indices += [k, k + Int32(i), k + Int32(i) + 1] }
            for i in corners.indices {
                let a = corners[i], b = corners[(i + 1) % corners.count]
                guard drawn.insert([min(a, b), max(a, b)]).inserted else { continue }
                mesh.edges += [k + Int32(i), k + Int32((i + 1) % corners.count)]
            }
        }
        return mesh
    }

    /// The regular tetrahedron with edges `edgeLength` long about `center` (Manim's Tetrahedron).
    public static func tetrahedron(center: Vector3 = .zero, edgeLength: Double = 1, color: Color = Manim.blue) -> Mesh {
        let corners = [Vector3(1, 1, 1), Vector3(1, -1, -1), Vector3(-1, 1, -1), Vector3(-1, -1, 1)]
        return platonic(corners, faceDirections: corners.map { -$0 }, edge: 8.0.squareRoot(), edgeLength: edgeLength, center: center, color: color)
    }

    /// The regular octahedron (Manim's Octahedron).
    public static func octahedron(center: Vector3 = .zero, edgeLength: Double = 1, color: Color = Manim.blue) -> Mesh {
        let corners = [Vector3.right, -.right, .up, -.up, .out, -.out]
        let directions = [-1.0, 1].flatMap { x in [-1.0, 1].flatMap { y in [-1.0, 1].map { z in Vector3(x, y, z) } } }
        return platonic(corners, faceDirections: directions, edge: 2.0.squareRoot(), edgeLength: edgeLength, center: center, color: color)
    }

    /// The regular icosahedron (Manim's Icosahedron).
    public static func icosahedron(center: Vector3 = .zero, edgeLength: Double = 1, color: Color = Manim.blue) -> Mesh {
        platonic(icosahedronCorners, faceDirections: dodecahedronCorners, edge: 2, edgeLength: edgeLength, center: center, color: color)
    }

    /// The regular dodecahedron (Manim's Dodecahedron).
    public static func dodecahedron(center: Vector3 = .zero, edgeLength: Double = 1, color: Color = Manim.blue) -> Mesh {
        platonic(dodecahedronCorners, faceDirections: icosahedronCorners, edge: 2 / golden, edgeLength: edgeLength, center: center, color: color)
    }

    private static let golden = (1 + 5.0.squareRoot()) / 2

    private static var icosahedronCorners: [Vector3] {
        [-1.0, 1].flatMap { a in [-golden, golden].flatMap { b in [Vector3(0, a, b), Vector3(a, b, 0), Vector3(b, 0, a)] } }
    }

    private static var dodecahedronCorners: [Vector3] {
        let cube = [-1.0, 1].flatMap { x in [-1.0, 1].flatMap { y in [-1.0, 1].map { z in Vector3(x, y, z) } } }
        let rest = [-1.0, 1].flatMap { a in [-golden, golden].flatMap { b in
            [Vector3(0, b, a / golden), Vector3(a / golden, 0, b), Vector3(b, a / golden, 0)] } }
        return cube + rest
    }

    /// A regular solid from its corners (edges `edge` long) and the directions its faces face (its
    /// dual's corners): each face the corners furthest along one direction, in order around it.
    private static func platonic(_ corners: [Vector3], faceDirections: [Vector3], edge: Double, edgeLength: Double, center: Vector3,
                                 color: Color) -> Mesh {
        let scale = edgeLength.isFinite && edgeLength > 0 ? edgeLength / edge : 1 / edge
        let vertices = corners.map { center + $0 * scale }
        let faces: [[Int]] = faceDirections.map { n in
            let reach = corners.map { $0.dot(n) }
            let far = reach.max() ?? 0
            let face = corners.indices.filter { reach[$0] > far - 1e-9 * (1 + abs(far)) }
            // Around the face's middle, by angle in its plane.
            let middle = face.map { corners[$0] }.reduce(Vector3.zero, +) / Double(max(face.count, 1))
            let u = (corners[face[0]] - middle).normalized, v = n.normalized.cross(u)
            return face.sorted { a, b in
                let pa = corners[a] - middle, pb = corners[b] - middle
                return atan2(pa.dot(v), pa.dot(u)) < atan2(pb.dot(v), pb.dot(u))
            }
        }
        return polyhedron(vertices: vertices, faces: faces, color: color)
    }

    /// The mesh turned by `angle` about the line along `axis` through `point` (counterclockwise
    /// looking down the axis), its normals with it.
    public func rotated(by angle: Angle, axis: Vector3 = .out, about point: Vector3 = .zero) -> Mesh {
        mapped(.rotation(angle.radians, axis: axis, about: point))
    }

    /// The mesh moved by `offset`.
    public func shifted(by offset: Vector3) -> Mesh { mapped(.translation(offset)) }

    /// The mesh scaled by `factor` about `point`.
    public func scaled(by factor: Double, about point: Vector3 = .zero) -> Mesh { mapped(.scaling(factor, about: point)) }

    private func mapped(_ map: Affine3) -> Mesh {
        var m = self
        m.positions = positions.map(map.apply)
        m.normals = normals.map { map.linear($0).normalized }
        return m
    }
}
