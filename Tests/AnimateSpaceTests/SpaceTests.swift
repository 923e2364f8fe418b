import AnimateDrawing
import AnimateFormula
import AnimateText
import AnimateSpace
import AnimateTestSupport
import Foundation
import Testing

/// Three-dimensional space drawn with a depth buffer: a line through a surface hidden exactly
/// where the surface is in front, planes crossing at their intersection, a sphere and a plane
/// hiding each other from several angles, Lambert shading, the same bytes every time.
@Suite struct SpaceTests {
    static let size = CGSize(width: 480, height: 360)

    static func render(_ space: Space, threads: Int = 1) -> Bitmap {
        var canvas = Bitmap(width: Int(size.width), height: Int(size.height))
        canvas.drawingThreads = threads
        canvas.drawsInBands = threads > 1
        canvas.draw { context, s in
            context.fill(Path(CGRect(origin: .zero, size: s)), with: .color(.black))
            context.draw(space, in: CGRect(origin: .zero, size: s))
        }
        return canvas
    }

    /// Which of red, green, blue (or black) a pixel mostly is.
    static func hue(_ b: Bitmap, _ p: CGPoint) -> Character {
        let c = b.premultipliedPixel(x: Int(p.x), y: Int(p.y))
        let m = max(c.x, c.y, c.z)
        if m < 60 { return "k" }
        return m == c.x ? "r" : m == c.y ? "g" : "b"
    }

    @Test func theCameraLooksAsManimsDoes() {
        let middle = CGPoint(x: 240, y: 180)
        let top = Camera3D()
        #expect(top.project(Vector3(1, 0, 0), middle: middle).point == CGPoint(x: 375, y: 180), "x to the right")
        #expect(top.project(Vector3(0, 1, 0), middle: middle).point == CGPoint(x: 240, y: 45), "y up, looking down")
        let side = Camera3D(phi: .degrees(90), isOrthographic: true)
        let up = side.project(Vector3(0, 0, 1), middle: middle).point
        #expect(abs(up.x - 240) < 1e-9 && abs(up.y - 45) < 1e-9, "z up from the side: \(up)")
        #expect(side.project(Vector3(0, -1, 0), middle: middle).depth > side.project(Vector3(0, 1, 0), middle: middle).depth,
                "the camera is on the -y side at theta -90°")
        // Perspective: what is nearer is larger.
        let tilted = Camera3D(phi: .degrees(90))
        let near = tilted.project(Vector3(1, -2, 0), middle: middle).point.x, far = tilted.project(Vector3(1, 2, 0), middle: middle).point.x
        #expect(near > far)
    }

    @Test func aLineThroughASurfaceIsHiddenWhereTheSurfaceIsInFront() {
        let camera = Camera3D(phi: .degrees(70), theta: .degrees(-90), isOrthographic: true, unit: 60)
        var space = Space(camera: camera)
        space.add(.quad(Vector3(-2, -2, 0), Vector3(2, -2, 0), Vector3(2, 2, 0), Vector3(-2, 2, 0), color: Color(red: 1, green: 0, blue: 0)), shaded: false)
        space.addLine(from: Vector3(0, 0, -2.5), to: Vector3(0, 0, 2.5), color: Color(red: 0, green: 1, blue: 0), width: 4)
        let b = Self.render(space)
        let middle = CGPoint(x: 240, y: 180)
        // Along the line: above the plane it shows; below it, hidden while the plane's near half
        // is in front, showing again below the plane's near edge.
        let edge = camera.project(Vector3(0, -2, 0), middle: middle).point.y
        var checked = 0
        for z in stride(from: -2.4, through: 2.4, by: 0.05) {
            let p = camera.project(Vector3(0, 0, z), middle: middle).point
            guard abs(p.y - edge) > 2, abs(p.y - 180) > 2 else { continue }
            let expected: Character = z > 0 || p.y > edge ? "g" : "r"
            #expect(Self.hue(b, p) == expected, "z \(z) at \(p): \(Self.hue(b, p))")
            checked += 1
        }
        #expect(checked > 80)
    }

    /// Ray casts of planes and spheres along the camera's view (orthographic): which is nearest.
    static func nearest(_ camera: Camera3D, _ p: CGPoint, middle: CGPoint, planes: [(point: Vector3, normal: Vector3, half: Double, hue: Character)],
                        spheres: [(center: Vector3, radius: Double, hue: Character)]) -> Character? {
        // The view ray through p: back-rotate the view point (x, y, z) for z along the sight line.
        let vx = Double(p.x - middle.x) / Double(camera.unit), vy = Double(middle.y - p.y) / Double(camera.unit)
        let probe = Camera3D(phi: camera.phi, theta: camera.theta, gamma: camera.gamma, isOrthographic: true, unit: 1)
        // Find the space direction of view x, y and z by projecting the basis (columns of the rotation).
        func back(_ v: Vector3) -> Vector3 {
            let ex = probe.project(Vector3(1, 0, 0), middle: .zero), ey = probe.project(Vector3(0, 1, 0), middle: .zero), ez = probe.project(Vector3(0, 0, 1), middle: .zero)
            let rows = [(Double(ex.point.x), -Double(ex.point.y), ex.depth), (Double(ey.point.x), -Double(ey.point.y), ey.depth), (Double(ez.point.x), -Double(ez.point.y), ez.depth)]
            return Vector3(rows[0].0 * v.x + rows[0].1 * v.y + rows[0].2 * v.z, rows[1].0 * v.x + rows[1].1 * v.y + rows[1].2 * v.z, rows[2].0 * v.x + rows[2].1 * v.y + rows[2].2 * v.z)
        }
        let origin = back(Vector3(vx, vy, 0)), direction = back(Vector3(0, 0, -1))   // from the viewer into the scene
        var best: (t: Double, hue: Character)?
        for plane in planes {
            let d = direction.dot(plane.normal)
            guard abs(d) > 1e-9 else { continue }
            let t = (plane.point - origin).dot(plane.normal) / d
            let hit = origin + direction * t - plane.point
            guard abs(hit.x) <= plane.half + 1e-9, abs(hit.y) <= plane.half + 1e-9, abs(hit.z) <= plane.half + 1e-9 else { continue }
            if best == nil || t < best!.t { best = (t, plane.hue) }
        }
        for s in spheres {
            let o = origin - s.center, b = o.dot(direction), c = o.dot(o) - s.radius * s.radius, disc = b * b - c
            guard disc >= 0 else { continue }
            let t = -b - disc.squareRoot()
            if best == nil || t < best!.t { best = (t, s.hue) }
        }
        return best?.hue
    }

    @Test func intersectingPlanesCrossAtTheirLine() {
        let camera = Camera3D(phi: .degrees(60), theta: .degrees(-50), isOrthographic: true, unit: 50)
        var space = Space(camera: camera)
        // z = 0 (red) and x = 0 (blue), each 4 units across.
        space.add(.quad(Vector3(-2, -2, 0), Vector3(2, -2, 0), Vector3(2, 2, 0), Vector3(-2, 2, 0), color: Color(red: 1, green: 0, blue: 0)), shaded: false)
        space.add(.quad(Vector3(0, -2, -2), Vector3(0, 2, -2), Vector3(0, 2, 2), Vector3(0, -2, 2), color: Color(red: 0, green: 0, blue: 1)), shaded: false)
        let b = Self.render(space)
        var agree = 0, disagree: [String] = []
        for y in stride(from: 4, to: 356, by: 7) {
            for x in stride(from: 4, to: 476, by: 7) {
                let p = CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5)
                // Away from every edge and the crossing: pixels a whole pixel from any change.
                let around = [(-1.5, 0.0), (1.5, 0), (0, -1.5), (0, 1.5)].map { Self.nearest(camera, CGPoint(x: p.x + $0.0, y: p.y + $0.1), middle: CGPoint(x: 240, y: 180),
                    planes: [(.zero, .out, 2, "r"), (.zero, .right, 2, "b")], spheres: []) }
                guard Set(around.map { $0.map(String.init) ?? "-" }).count == 1, let expected = around[0] else { continue }
                let got = Self.hue(b, p)
                if got == expected { agree += 1 } else { disagree.append("\(x),\(y): \(got) not \(expected)") }
            }
        }
        #expect(disagree.isEmpty, "\(disagree.prefix(10))")
        #expect(agree > 300)
    }

    @Test(arguments: [(70.0, -90.0), (110.0, -30.0), (45.0, 60.0), (170.0, 0.0)])
    func aSphereAndAPlaneHideEachOther(_ angles: (Double, Double)) {
        let camera = Camera3D(phi: .degrees(angles.0), theta: .degrees(angles.1), isOrthographic: true, unit: 50)
        var space = Space(camera: camera)
        space.add(.quad(Vector3(-2.5, -2.5, 0), Vector3(2.5, -2.5, 0), Vector3(2.5, 2.5, 0), Vector3(-2.5, 2.5, 0), color: Color(red: 1, green: 0, blue: 0)), shaded: false)
        space.add(.sphere(center: Vector3(0.5, 0, 0.3), radius: 1, resolution: (96, 48), checkerboard: (Color(red: 0, green: 1, blue: 0), Color(red: 0, green: 1, blue: 0))), shaded: false)
        let b = Self.render(space)
        var agree = 0, disagree: [String] = []
        for y in stride(from: 4, to: 356, by: 6) {
            for x in stride(from: 4, to: 476, by: 6) {
                let p = CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5)
                let around = [(-2.0, 0.0), (2, 0), (0, -2), (0, 2), (0, 0)].map { Self.nearest(camera, CGPoint(x: p.x + $0.0, y: p.y + $0.1), middle: CGPoint(x: 240, y: 180),
                    planes: [(.zero, .out, 2.5, "r")], spheres: [(Vector3(0.5, 0, 0.3), 1, "g")]) }
                guard Set(around.map { $0.map(String.init) ?? "-" }).count == 1, let expected = around[0] else { continue }
                let got = Self.hue(b, p)
                if got == expected { agree += 1 } else { disagree.append("\(x),\(y): \(got) not \(expected)") }
            }
        }
        #expect(disagree.isEmpty, "\(angles): \(disagree.prefix(10))")
        #expect(agree > 300)
    }

    @Test func aSpheresShadingIsLamberts() {
        let light = Vector3(3, 2, 6)
        var space = Space(camera: Camera3D(isOrthographic: true, unit: 150), lights: [Light(position: light, specular: 0)], ambient: 0)
        space.add(.sphere(radius: 1, resolution: (128, 64), checkerboard: (.white, .white)))
        let b = Self.render(space)
        var worst = 0.0, checked = 0
        for y in stride(from: 40, to: 320, by: 9) {
            for x in stride(from: 100, to: 380, by: 9) {
                let vx = (Double(x) + 0.5 - 240) / 150, vy = (180 - Double(y) - 0.5) / 150
                let r2 = vx * vx + vy * vy
                guard r2 < 0.9 else { continue }
                let p = Vector3(vx, vy, (1 - r2).squareRoot())
                let expected = max(0, p.dot((light - p).normalized)) * 255
                let got = Double(b.premultipliedPixel(x: x, y: y).x)
                worst = max(worst, abs(got - expected))
                checked += 1
            }
        }
        #expect(checked > 300 && worst <= 3, "worst \(worst) levels over \(checked) pixels")
    }

    @Test func theSameBytesEveryTimeAndOnEveryThreadCount() {
        var space = Space(camera: Camera3D(phi: .degrees(65), theta: .degrees(-40)))
        space.add(.surface(u: -2...2, v: -2...2, resolution: (24, 24)) { u, v in Vector3(u, v, 0.5 * sin(u) * cos(v)) })
        space.addLine(from: Vector3(-2, 0, -1), to: Vector3(2, 0, 1), color: .yellow)
        space.addDot(at: Vector3(0, 0, 1), color: .red)
        space.add(.sphere(center: Vector3(1, 1, 0.5), radius: 0.5), opacity: 0.5)
        let one = Self.render(space).rgba8()
        #expect(Self.render(space).rgba8() == one)
        #expect(Self.render(space, threads: 2).rgba8() == one)
        #expect(Set(one).count > 10)
    }

    /// ThreeDAxes: coordinates laid along their lengths, a surface coloured by height through a
    /// colour scale, and labels that face the camera, hidden behind what is in front of them.
    @Test func threeDAxesPlaceColourAndLabel() {
        var axes = ThreeDAxes(x: -2...2, y: -1...1, z: 0...4)
        axes.xLength = 8
        #expect(axes.point(1, 1, 1) == Vector3(2, 1, 1))
        let mesh = axes.surface(resolution: (8, 8), colorscale: [Color(red: 0, green: 0, blue: 1), Color(red: 1, green: 0, blue: 0)]) { x, _ in x }
        let low = mesh.positions.indices.min { mesh.positions[$0].z < mesh.positions[$1].z }!
        let high = mesh.positions.indices.max { mesh.positions[$0].z < mesh.positions[$1].z }!
        let (bottom, top) = (mesh.colors[low], mesh.colors[high])
        #expect(bottom.blue > 0.99 && bottom.red < 0.01 && top.red > 0.99 && top.blue < 0.01, "the scale's ends at the lowest and highest points")
        // A label at the origin, seen from above: shown alone, hidden under a plane above it.
        let camera = Camera3D(isOrthographic: true, unit: 60)
        var open = Space(camera: camera)
        open.addLabel(Formula(#"\blacksquare"#).font(.system(size: 40)).foregroundColor(Color(red: 0, green: 1, blue: 0)), at: .zero)
        var covered = open
        covered.add(.quad(Vector3(-2, -2, 1), Vector3(2, -2, 1), Vector3(2, 2, 1), Vector3(-2, 2, 1), color: Color(red: 1, green: 0, blue: 0)), shaded: false)
        #expect(Self.hue(Self.render(open), CGPoint(x: 240, y: 180)) == "g")
        #expect(Self.hue(Self.render(covered), CGPoint(x: 240, y: 180)) == "r", "the plane in front hides the label")
        // The axes draw lines, tips and names.
        var space = Space(camera: Camera3D(phi: .degrees(70), theta: .degrees(-30)))
        var drawn = ThreeDAxes(x: -2...2, y: -2...2, z: -1...1)
        drawn.xLabel = "x"
        space.add(drawn)
        #expect(totalCoverage(Self.render(space)) > 500)
    }

    /// Solids and conveniences: a box's six flat faces, a torus's outward normals, a surface of
    /// revolution, arrows of a vector field, flat shading one colour a facet.
    @Test func solidsArrowsAndFlatShading() {
        let box = Mesh.box(size: Vector3(2, 4, 6))
        #expect(box.positions.count == 24 && box.triangleCount == 12 && box.edges.count == 48)
        #expect(box.positions.map(\.x).max() == 1 && box.positions.map(\.y).max() == 2 && box.positions.map(\.z).min() == -3)
        let torus = Mesh.torus(majorRadius: 3, minorRadius: 1, resolution: (16, 8))
        for (p, n) in zip(torus.positions, torus.normals) {
            let ring = Vector3(p.x, p.y, 0).normalized * 3
            #expect(abs((p - ring).length - 1) < 1e-9 && n.dot(p - ring) > 0.99)
        }
        let tube = Mesh.revolution(over: 0...2, resolution: (4, 16)) { (1, $0) }
        #expect(tube.positions.allSatisfy { abs(($0.x * $0.x + $0.y * $0.y).squareRoot() - 1) < 1e-9 && $0.z >= 0 && $0.z <= 2 })
        var field = Space()
        field.addVectorField(x: -1...1, y: -1...1, step: 1) { p in p }
        #expect(field.items.count == 8 * 2, "an arrow (line and cone) at each grid point but the origin, whose vector is zero")
        // Flat: a sphere's facets each one colour; smooth: colours vary across a facet.
        func distinctColours(flat: Bool) -> Int {
            var space = Space(camera: Camera3D(isOrthographic: true, unit: 150), lights: [Light(position: Vector3(2, 3, 6), specular: 0)], ambient: 0.2)
            space.add(.sphere(radius: 1, resolution: (8, 4), checkerboard: (.white, .white)), flat: flat)
            let b = Self.render(space)
            return Set((170..<190).map { b.premultipliedPixel(x: $0, y: 150) }).count
        }
        #expect(distinctColours(flat: true) <= 2 && distinctColours(flat: false) > 5, "\(distinctColours(flat: true)) \(distinctColours(flat: false))")
    }

    /// Random spaces with every kind of bad geometry (points at and behind the camera, huge,
    /// not finite, degenerate triangles, bad indices, see-through and stroked meshes): each is
    /// drawn or left out, never a trap.
    @Test func anyGeometryIsDrawnOrLeftOut() {
        var g = SystemRandomNumberGenerator()
        let extremes: [Double] = [0, 1, -1, 19.99, 20, 25, 1e6, -1e6, 1e300, .nan, .infinity, -.infinity, 1e-300]
        func value() -> Double { Bool.random(using: &g) ? extremes.randomElement(using: &g)! : Double.random(in: -30...30, using: &g) }
        func point() -> Vector3 { Vector3(value(), value(), value()) }
        for _ in 0..<200 {
            var space = Space(camera: Camera3D(phi: .degrees(Double.random(in: 0...180, using: &g)), theta: .degrees(Double.random(in: -180...180, using: &g)),
                                               zoom: [1, 0, 1e-9, 1e9].randomElement(using: &g)!, isOrthographic: Bool.random(using: &g)))
            let n = Int.random(in: 0...12, using: &g)
            var mesh = Mesh(positions: (0..<n).map { _ in point() }, normals: (0..<n).map { _ in point() }, colors: (0..<n).map { _ in .red },
                            indices: (0..<(3 * n)).map { _ in Int32.random(in: -2...Int32(n + 2), using: &g) },
                            edges: (0..<(2 * n)).map { _ in Int32.random(in: -2...Int32(n + 2), using: &g) })
            if Bool.random(using: &g) { mesh.colors.removeAll() }
            space.add(mesh, opacity: [1, 0.5, .nan].randomElement(using: &g)!, flat: Bool.random(using: &g), stroke: Bool.random(using: &g) ? .white : nil)
            space.addLine(from: point(), to: point(), color: .yellow, width: [0, 4, 1e9, -3].randomElement(using: &g)!)
            space.addDot(at: point(), radius: [0, 8, 1e12].randomElement(using: &g)!)
            space.addCurve(over: -1...1, segments: 8) { _ in point() }
            space.addLabel(Formula("x"), at: point())
            space.addLabel(Formula(#"\frac{a}{b}"#), at: point(), right: point(), up: point())
            _ = Self.render(space)
        }
    }

    /// The box of the pixels brighter than `level` in red (nil: none).
    static func inkBox(_ b: Bitmap, level: UInt8 = 128) -> CGRect? {
        var box = CGRect.null
        for y in 0..<b.height {
            for x in 0..<b.width where b.premultipliedPixel(x: x, y: y).x > level {
                box = box.union(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return box.isNull ? nil : box
    }

    @Test func aFormulaLiesFlatWhereItIsPut() throws {
        // Looking straight down: a formula laid on the floor reads as it does on a page, its ink
        // where its box maps (135 points a unit, 60 pixels a unit here): a square with a small
        // one at its lower right, which would be elsewhere were it mirrored or turned.
        let formula = Formula(#"\blacksquare_{\blacksquare}"#).font(.system(size: 120)).foregroundColor(Color(red: 1, green: 0, blue: 0))
        let resolved = try formula.resolved()
        var space = Space(camera: Camera3D(isOrthographic: true, unit: 60))
        space.addLabel(formula, at: Vector3(1, 1, 0), right: .right, up: .up)
        let b = Self.render(space)
        let ink = try #require(Self.inkBox(b))
        let k = 60.0 / 135
        let inkInBox = resolved.glyphs.reduce(CGRect.null) { $0.union($1.bounds) }
        // Where the formula's ink lies in its box, mapped: its box centred on (1, 1) in space.
        let expected = CGRect(x: 240 + 60 + (Double(inkInBox.minX) - Double(resolved.size.width) / 2) * k,
                              y: 180 - 60 + (Double(inkInBox.minY) - Double(resolved.size.height) / 2) * k,
                              width: Double(inkInBox.width) * k, height: Double(inkInBox.height) * k)
        #expect(abs(ink.minX - expected.minX) <= 1.5 && abs(ink.maxX - expected.maxX) <= 1.5, "\(ink) against \(expected)")
        #expect(abs(ink.minY - expected.minY) <= 1.5 && abs(ink.maxY - expected.maxY) <= 1.5, "\(ink) against \(expected)")
        let small = try #require(resolved.glyphs.last?.bounds)
        let smallCentre = CGPoint(x: 240 + 60 + (Double(small.midX) - Double(resolved.size.width) / 2) * k,
                                  y: 180 - 60 + (Double(small.midY) - Double(resolved.size.height) / 2) * k)
        #expect(b.premultipliedPixel(x: Int(smallCentre.x), y: Int(smallCentre.y)).x > 200, "the small square at the lower right")
        #expect(b.premultipliedPixel(x: Int(ink.minX) + 2, y: Int(ink.minY) + 2).x > 200, "the big square at the top left")
        #expect(b.premultipliedPixel(x: Int(ink.maxX) - 2, y: Int(ink.minY) + 2).x < 30, "nothing at the top right: not mirrored")
        // Turned to stand up facing the camera from the side (x right, z up), seen from -y.
        var wall = Space(camera: Camera3D(phi: .degrees(90), isOrthographic: true, unit: 60))
        wall.addLabel(formula, at: Vector3(1, 0, 1), right: .right, up: .out)
        let standing = try #require(Self.inkBox(Self.render(wall)))
        #expect(abs(standing.midX - ink.midX) <= 1 && abs(standing.midY - ink.midY) <= 1 && abs(standing.width - ink.width) <= 1)
        // Seen edge on: nothing.
        var edge = Space(camera: Camera3D(phi: .degrees(90), isOrthographic: true, unit: 60))
        edge.addLabel(formula, at: .zero, right: .right, up: .up)
        #expect(Self.inkBox(Self.render(edge)) == nil)
    }

    @Test func aFormulaLaidFlatHidesAndIsHidden() {
        let red = Color(red: 1, green: 0, blue: 0), green = Color(red: 0, green: 1, blue: 0)
        let sheet = Mesh.quad(Vector3(-3, -2, 0), Vector3(3, -2, 0), Vector3(3, 2, 0), Vector3(-3, 2, 0), color: green)
        func picture(textAt z: Double) -> Bitmap {
            var space = Space(camera: Camera3D(phi: .degrees(30), theta: .degrees(-90), isOrthographic: true, unit: 60))
            space.add(sheet, shaded: false)
            space.addLabel(Formula("M").font(.system(size: 200)).foregroundColor(red), at: Vector3(0, 0, z), right: .right, up: .up)
            return Self.render(space)
        }
        #expect(Self.inkBox(picture(textAt: 0.3)) != nil, "above the sheet: seen")
        #expect(Self.inkBox(picture(textAt: -0.3)) == nil, "below it: hidden")
        #expect(Self.inkBox(picture(textAt: 0)) != nil, "on it: seen, as a line on a surface is")
        // A point label behind the text laid flat (a wall of text in front of it) is hidden.
        var space = Space(camera: Camera3D(phi: .degrees(90), isOrthographic: true, unit: 60))
        space.addLabel(Formula(#"\blacksquare"#).font(.system(size: 300)).foregroundColor(green), at: Vector3(0, -1, 0), right: .right, up: .out)
        space.addLabel(Formula("x").font(.system(size: 40)).foregroundColor(red), at: Vector3(0, 1, 0))
        #expect(Self.inkBox(Self.render(space), level: 100) == nil, "the point label behind the square is hidden")
    }

    @Test func hiddenLinesAreLeftOutOrDashed() {
        // Seen from above: a red sheet over a green line along x; the line leaves the sheet at x > 2.
        func picture(_ hidden: Space.Hidden) -> Bitmap {
            var space = Space(camera: Camera3D(isOrthographic: true, unit: 50))
            space.add(.quad(Vector3(-4, -1, 0), Vector3(2, -1, 0), Vector3(2, 1, 0), Vector3(-4, 1, 0), color: Color(red: 1, green: 0, blue: 0)), shaded: false)
            space.addLine(from: Vector3(-3, 0, -0.5), to: Vector3(4, 0, -0.5), color: Color(red: 0, green: 1, blue: 0), width: 4, hidden: hidden)
            return Self.render(space)
        }
        func greens(_ b: Bitmap, _ xs: StrideTo<Int>) -> (green: Int, of: Int) {
            var n = 0, total = 0
            for x in xs { total += 1; if b.premultipliedPixel(x: x, y: 180).y > 200 { n += 1 } }
            return (n, total)
        }
        // Under the sheet: x from -3 to 2 units is 90...340 on the canvas; beyond it 340...440.
        let plain = picture(.invisible), dashed = picture(.dashed)
        #expect(greens(plain, stride(from: 95, to: 335, by: 1)).green == 0, "hidden: not drawn")
        #expect(greens(plain, stride(from: 345, to: 435, by: 1)) == (90, 90), "seen: drawn whole")
        let under = greens(dashed, stride(from: 95, to: 335, by: 1))
        let share = Double(under.green) / Double(under.of)
        #expect(share > 0.45 && share < 0.7, "dashed where hidden, 8 on and 6 off: \(share)")
        #expect(greens(dashed, stride(from: 345, to: 435, by: 1)) == (90, 90), "seen: still drawn whole")
        // Dashes come and go along the hidden part: runs of green and red of a few pixels.
        var changes = 0, last = false
        for x in 95..<335 {
            let g = dashed.premultipliedPixel(x: x, y: 180).y > 200
            if x > 95 && g != last { changes += 1 }
            last = g
        }
        #expect(changes >= 30 && changes <= 40, "about 17 dashes in 240 pixels: \(changes) changes")
        // A line in front of the sheet is whole, dashed or not.
        var front = Space(camera: Camera3D(isOrthographic: true, unit: 50))
        front.add(.quad(Vector3(-4, -1, 0), Vector3(2, -1, 0), Vector3(2, 1, 0), Vector3(-4, 1, 0), color: Color(red: 1, green: 0, blue: 0)), shaded: false)
        front.addLine(from: Vector3(-3, 0, 0.5), to: Vector3(4, 0, 0.5), color: Color(red: 0, green: 1, blue: 0), width: 4, hidden: .dashed)
        #expect(greens(Self.render(front), stride(from: 95, to: 435, by: 1)) == (340, 340))
    }

    @Test(arguments: [("tetrahedron", 4, 6, 4), ("octahedron", 8, 12, 6), ("icosahedron", 20, 30, 12), ("dodecahedron", 12, 30, 20)])
    func platonicSolidsHaveTheirFacesEdgesAndCorners(_ solid: (String, Int, Int, Int)) {
        let mesh: Mesh
        switch solid.0 {
        case "tetrahedron": mesh = .tetrahedron(edgeLength: 2)
        case "octahedron": mesh = .octahedron(edgeLength: 2)
        case "icosahedron": mesh = .icosahedron(edgeLength: 2)
        default: mesh = .dodecahedron(edgeLength: 2)
        }
        let (faces, edges, corners) = (solid.1, solid.2, solid.3)
        #expect(mesh.edges.count / 2 == edges, "each edge once")
        #expect(Set(mesh.positions.map { [$0.x, $0.y, $0.z].map { ($0 * 1e6).rounded() } }).count == corners)
        // Every edge 2 long; every normal outwards, at right angles to its face.
        for k in stride(from: 0, to: mesh.edges.count, by: 2) {
            let length = (mesh.positions[Int(mesh.edges[k])] - mesh.positions[Int(mesh.edges[k + 1])]).length
            #expect(abs(length - 2) < 1e-9)
        }
        for k in stride(from: 0, to: mesh.indices.count, by: 3) {
            let a = mesh.positions[Int(mesh.indices[k])], b = mesh.positions[Int(mesh.indices[k + 1])], c = mesh.positions[Int(mesh.indices[k + 2])]
            let n = mesh.normals[Int(mesh.indices[k])]
            #expect((b - a).cross(c - a).normalized.dot(n) > 0.999999, "wound outwards")
            #expect(n.dot((a + b + c) / 3) > 0, "facing out from the middle")
        }
        #expect(Set(mesh.normals.map { [$0.x, $0.y, $0.z].map { ($0 * 1e6).rounded() } }).count == faces)
        // Turned a quarter about z: (1, 0, 0) goes to (0, 1, 0), and normals with it.
        let turned = Mesh.polyhedron(vertices: [Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1), .zero], faces: [[0, 1, 2]])
            .rotated(by: .degrees(90))
        #expect((turned.positions[0] - Vector3(0, 1, 0)).length < 1e-12)
        #expect(Mesh.polyhedron(vertices: [.zero], faces: [[0, 1, 2], [0]]).triangleCount == 0, "faces naming no corners are left out")
    }
}


extension SpaceTests {
    @Test func aPictureLiesInItsPlaneHidingAndHidden() throws {
        // A picture, red on its left half and green on its right, lying on the floor seen from
        // above; a blue box standing on its right half, in front of it.
        var rgba: [UInt8] = []
        for _ in 0..<4 { for x in 0..<8 { rgba += x < 4 ? [255, 0, 0, 255] : [0, 255, 0, 255] } }
        let image = try #require(Image(rgba: rgba, width: 8, height: 4))
        var space = Space(camera: Camera3D())
        space.addPicture(image, at: .zero, right: Vector3(4, 0, 0), up: Vector3(0, 2, 0))
        let middle = CGPoint(x: 240, y: 180)
        let left = Camera3D().project(Vector3(-1, 0, 0), middle: middle).point, right = Camera3D().project(Vector3(1.4, 0, 0), middle: middle).point
        let outside = Camera3D().project(Vector3(0, 1.2, 0), middle: middle).point   // inside the frame, beyond the picture
        let flat = Self.render(space)
        #expect(Self.hue(flat, left) == "r" && Self.hue(flat, right) == "g" && Self.hue(flat, outside) == "k")
        // The box in front hides the right half; below the floor it would not.
        var covered = space
        covered.add(Mesh.box(center: Vector3(1.4, 0, 0.5), size: Vector3(0.8, 0.8, 1), color: Color(red: 0, green: 0, blue: 1)), shaded: false)
        let hidden = Self.render(covered)
        #expect(Self.hue(hidden, left) == "r" && Self.hue(hidden, right) == "b")
        var under = space
        under.add(Mesh.box(center: Vector3(1.4, 0, -1), size: Vector3(0.8, 0.8, 1), color: Color(red: 0, green: 0, blue: 1)), shaded: false)
        #expect(Self.hue(Self.render(under), right) == "g", "a box under the floor is hidden by the picture")
    }
}
