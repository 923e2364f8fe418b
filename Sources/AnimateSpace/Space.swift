public import AnimateDrawing
public import AnimateFormula
public import Foundation

/// A lesson's three-dimensional space: surfaces, lines and dots seen through a camera and lit by
/// lights, drawn into a two-dimensional context with each pixel showing what is nearest (a depth
/// buffer), so a line through a surface is hidden where it passes behind it and surfaces cross at
/// their intersection.
///
/// ```swift
/// var space = Space(camera: Camera3D(phi: .degrees(75), theta: .degrees(-30)))
/// space.add(.surface(u: -3...3, v: -3...3) { u, v in Vector3(u, v, sin(u) * cos(v)) })
/// space.addLine(from: Vector3(0, 0, -2), to: Vector3(0, 0, 2), color: .yellow)
/// context.draw(space, in: CGRect(x: 0, y: 0, width: 1920, height: 1080))
/// ```
public struct Space: Sendable, Hashable {
    public var camera: Camera3D
    public var lights: [Light]
    /// The light every surface gets whatever its angle, 0...1.
    public var ambient: Double
    package var items: [Item] = []

    package enum Item: Sendable, Hashable {
        case mesh(Mesh, opacity: Double, shaded: Bool, flat: Bool)
        /// A line; `joined`: a piece of a curve, its ends reaching half its width further so the
        /// pieces meet without a notch; `dashedBehind`: drawn dashed where something hides it.
        case line(from: Vector3, to: Vector3, color: Color, width: CGFloat, joined: Bool, dashedBehind: Bool)
        case dot(at: Vector3, radius: CGFloat, color: Color)
        case label(Formula, at: Vector3, opacity: Double)
        /// A filled outline lying flat in a plane (a glyph of a formula laid in space): its
        /// contours' points in space, `ends[k]` one past contour k's last point.
        case flat(points: [Vector3], ends: [Int], color: Color)
        /// A picture lying flat: its corners (top left, top right, bottom right, bottom left).
        case picture(Picture, corners: [Vector3], opacity: Double)
    }

    /// An image laid in space (a video clip's frame): compared by its size and pixels.
    package struct Picture: Sendable, Hashable {
        package let image: Image
        package init(_ image: Image) { self.image = image }
        package func hash(into hasher: inout Hasher) { hasher.combine(image.width); hasher.combine(image.height) }
    }

    /// What becomes of a line where something in front hides it.
    public enum Hidden: Sendable, Hashable {
        /// Not drawn.
        case invisible
        /// Drawn dashed (the textbook convention for a solid's hidden edges).
        case dashed
    }

    public init(camera: Camera3D = Camera3D(), lights: [Light] = [Light()], ambient: Double = 0.35) {
        self.camera = camera
        self.lights = lights
        self.ambient = ambient
    }

    /// Adds a surface or solid; `opacity` below 1 makes it see-through (drawn after the opaque
    /// things, farthest first); `shaded: false` shows its colours as they are, `flat` lights each
    /// triangle by its own face (facets, as Manim's Cairo renderer shows them) instead of smoothly
    /// from its corners' normals; `stroke` draws its grid (its `edges`) in that colour,
    /// `strokeWidth` points wide (Manim's `stroke_color`), its hidden part as `hidden` says.
    public mutating func add(_ mesh: Mesh, opacity: Double = 1, shaded: Bool = true, flat: Bool = false, stroke: Color? = nil,
                             strokeWidth: CGFloat = 1.35, hidden: Hidden = .invisible) {
        items.append(.mesh(mesh, opacity: min(max(opacity.isFinite ? opacity : 1, 0), 1), shaded: shaded, flat: flat))
        if let stroke {
            var k = 0
            while k + 1 < mesh.edges.count {
                let a = Int(mesh.edges[k]), b = Int(mesh.edges[k + 1])
                k += 2
                guard mesh.positions.indices.contains(a), mesh.positions.indices.contains(b) else { continue }
                addLine(from: mesh.positions[a], to: mesh.positions[b], color: stroke, width: strokeWidth, hidden: hidden)
            }
        }
    }

    /// Adds the curve t -> point over `t` as a line `width` points wide, in `segments` straight
    /// pieces (Manim's ParametricFunction in space; a circle: `{ Vector3(cos($0), sin($0), 0) }`).
    public mutating func addCurve(over t: ClosedRange<Double>, segments: Int = 128, color: Color = .white, width: CGFloat = 4,
                                  hidden: Hidden = .invisible, _ f: (Double) -> Vector3) {
        let n = min(max(segments, 1), 100_000)
        var last = f(t.lowerBound)
        for k in 1...n {
            let next = f(t.lowerBound + Double(k) / Double(n) * (t.upperBound - t.lowerBound))
            items.append(.line(from: last, to: next, color: color, width: width, joined: true, dashedBehind: hidden == .dashed))
            last = next
        }
    }

    /// Adds a straight line `width` points wide on the canvas, hidden where something is in front
    /// (or dashed there: `hidden: .dashed`).
    public mutating func addLine(from a: Vector3, to b: Vector3, color: Color = .white, width: CGFloat = 4, hidden: Hidden = .invisible) {
        items.append(.line(from: a, to: b, color: color, width: width, joined: false, dashedBehind: hidden == .dashed))
    }

    /// Adds a formula (or `Formula(text:)` for words) facing the camera, centred where `p` is
    /// seen, drawn over what is in front of nothing there and hidden where `p` is behind something.
    public mutating func addLabel(_ formula: Formula, at p: Vector3) {
        items.append(.label(formula, at: p, opacity: 1))
    }

    /// Adds `image` lying flat in space, centred on `p`, its top edge along `right` and its left
    /// edge along `up` (their lengths its width and height): a video clip's frame (`clip.image(at:)`)
    /// on a wall or a floor. It turns, hides and is hidden as anything in the space, and where its
    /// pixels are see-through what is behind it shows.
    public mutating func addPicture(_ image: Image?, at p: Vector3, right: Vector3, up: Vector3, opacity: Double = 1) {
        guard let image, p.isFinite, right.isFinite, up.isFinite, right != .zero, up != .zero else { return }
        let topLeft = p - right / 2 + up / 2
        items.append(.picture(Picture(image), corners: [topLeft, topLeft + right, topLeft + right - up, topLeft - up], opacity: opacity))
    }

    /// Adds a formula (or `Formula(text:)` for words) lying flat in space, centred on `p`, its
    /// baseline along `right` and its top towards `up` (a plane's two directions: `.right` and
    /// `.up` lay it on the floor, `.right` and `.out` stand it up facing -y), at its size in
    /// points where a unit is 135 points (Manim's frame at zoom 1). It turns, hides and is hidden
    /// as anything in the space; `addLabel(_:at:)` instead keeps a label facing the camera.
    public mutating func addLabel(_ formula: Formula, at p: Vector3, right: Vector3, up: Vector3) {
        let r = right.normalized, u = (up - r * up.dot(r)).normalized
        guard r != .zero, u != .zero, p.isFinite, let resolved = try? formula.resolved() else { return }
        let scale = 1.0 / 135, w = Double(resolved.size.width), h = Double(resolved.size.height)
        for glyph in resolved.glyphs where !glyph.path.isEmpty {
            var outline = Polylines()
            outline.append(glyph.path, transform: .identity, tolerance: 0.05)
            var points: [Vector3] = [], ends: [Int] = []
            points.reserveCapacity(outline.points.count)
            var start = 0
            for contour in outline.contours {
                if contour.end - start >= 3 {
                    for q in outline.points[start..<contour.end] {
                        points.append(p + r * ((Double(q.x) - w / 2) * scale) + u * ((h / 2 - Double(q.y)) * scale))
                    }
                    ends.append(points.count)
                }
                start = contour.end
            }
            if !ends.isEmpty { items.append(.flat(points: points, ends: ends, color: glyph.color)) }
        }
    }

    /// Adds a dot of `radius` points on the canvas.
    public mutating func addDot(at p: Vector3, radius: CGFloat = 8, color: Color = .white) {
        items.append(.dot(at: p, radius: radius, color: color))
    }
}

/// A point light: diffuse light falling off with the angle (Lambert) and a highlight where it
/// reflects towards the camera (Blinn-Phong).
public struct Light: Sendable, Hashable {
    public var position: Vector3
    public var intensity: Double
    /// The highlight's strength, 0 for none, and its tightness.
    public var specular: Double
    public var shininess: Double

    /// Manim's light: up, left and in front of its default view, at (-7, -9, 10).
    public init(position: Vector3 = Vector3(-7, -9, 10), intensity: Double = 1, specular: Double = 0.25, shininess: Double = 24) {
        self.position = position
        self.intensity = intensity
        self.specular = specular
        self.shininess = shininess
    }
}
