public import AnimateDrawing
import AnimateDiagrams
import AnimateFormula
import AnimateMath
import AnimateText
public import Foundation

/// Three axes through the origin of a coordinate system, as Manim's ThreeDAxes: ranges of x, y
/// and z laid along lengths of space (one unit a step unless given), with ticks, tips, numbers
/// that face the camera and the axes' names. `point(x, y, z)` places anything in its coordinates,
/// and `surface(_:)` plots z = f(x, y) on it.
public struct ThreeDAxes: Sendable {
    public var x: ClosedRange<Double>
    public var y: ClosedRange<Double>
    public var z: ClosedRange<Double>
    public var xStep = 1.0, yStep = 1.0, zStep = 1.0
    /// The length of each axis in space units; nil: its range's span.
    public var xLength: Double?, yLength: Double?, zLength: Double?
    public var color = Color.white
    /// The axes' width on the canvas, in points (Manim's stroke width 2).
    public var lineWidth: CGFloat = Manim.strokeWidth(2)
    /// How far a tick reaches either side of its axis, in space units.
    public var tickLength = 0.1
    public var showsTips = true
    /// Numbers at the ticks, facing the camera, at this size in points (nil: none).
    public var numberSize: CGFloat?
    /// TeX for the axes' names, beyond their ends, facing the camera.
    public var xLabel: String?, yLabel: String?, zLabel: String?
    public var labelSize: CGFloat = Manim.fontSize(48)

    /// Manim's ThreeDAxes by default: x from -6 to 6 and y from -5 to 5 along 10.5 units, z from
    /// -4 to 4 along 6.5. With ranges of your own, one unit a step unless lengths are given.
    public init() {
        self.init(x: -6...6, y: -5...5, z: -4...4)
        (xLength, yLength, zLength) = (10.5, 10.5, 6.5)
    }

    public init(x: ClosedRange<Double>, y: ClosedRange<Double>, z: ClosedRange<Double>) {
        self.x = x
        self.y = y
        self.z = z
    }

    private static func scale(_ range: ClosedRange<Double>, _ length: Double?) -> Double {
        let span = range.upperBound - range.lowerBound
        guard let length, span > 0, length.isFinite else { return 1 }
        return length / span
    }

    /// The space point of the coordinates (`x`, `y`, `z`).
    public func point(_ x: Double, _ y: Double, _ z: Double) -> Vector3 {
        Vector3(x * Self.scale(self.x, xLength), y * Self.scale(self.y, yLength), z * Self.scale(self.z, zLength))
    }

    /// The surface z = f(x, y) over the axes' x and y ranges (or `u` and `v`), coloured by height
    /// through `colorscale` (Manim's `plot_surface(colorscale=...)`), else in Manim's checkerboard.
    public func surface(u: ClosedRange<Double>? = nil, v: ClosedRange<Double>? = nil, resolution: (u: Int, v: Int) = (32, 32),
                        colorscale: [Color] = [], _ f: @escaping (Double, Double) -> Double) -> Mesh {
        let u = u ?? x, v = v ?? y
        var low = Double.infinity, high = -Double.infinity
        if !colorscale.isEmpty {
            for j in 0...resolution.v {
                for i in 0...resolution.u {
                    let value = f(u.lowerBound + Double(i) / Double(max(resolution.u, 1)) * (u.upperBound - u.lowerBound),
                                  v.lowerBound + Double(j) / Double(max(resolution.v, 1)) * (v.upperBound - v.lowerBound))
                    if value.isFinite { low = min(low, value); high = max(high, value) }
                }
            }
        }
        let zScale = Self.scale(z, zLength)
        let colour: ((Vector3) -> Color)? = colorscale.isEmpty ? nil : { p in
            let h = zScale == 0 ? 0 : p.z / zScale
            let t = high > low ? min(max((h - low) / (high - low), 0), 1) : 0
            let position = t * Double(colorscale.count - 1)
            let k = min(Int(position), colorscale.count - 1), next = min(k + 1, colorscale.count - 1)
            return Color.interpolate(colorscale[k], colorscale[next], position - Double(k))
        }
        return Mesh.surface(u: u, v: v, resolution: resolution, color: colour) { a, b in point(a, b, f(a, b)) }
    }

    /// The values of ticks along a range: every `step`, but zero (where the axes cross).
    static func ticks(_ range: ClosedRange<Double>, _ step: Double) -> [Double] {
        guard step > 0, step.isFinite else { return [] }
        let first = (range.lowerBound / step).rounded(.up), last = (range.upperBound / step).rounded(.down)
        guard first <= last, last - first < 1000 else { return [] }
        return stride(from: first, through: last, by: 1).map { $0 * step }.filter { abs($0) > step * 1e-9 }
    }
}

extension Space {
    /// Adds `axes`: their lines, ticks (crossing each axis in the plane nearest the camera's
    /// view), cone tips, and numbers and names facing the camera.
    public mutating func add(_ axes: ThreeDAxes) {
        let ends = [(axes.point(axes.x.lowerBound, 0, 0), axes.point(axes.x.upperBound, 0, 0)),
                    (axes.point(0, axes.y.lowerBound, 0), axes.point(0, axes.y.upperBound, 0)),
                    (axes.point(0, 0, axes.z.lowerBound), axes.point(0, 0, axes.z.upperBound))]
        for (a, b) in ends { addLine(from: a, to: b, color: axes.color, width: axes.lineWidth) }
        // Ticks across each axis: x and y ticks along y and x, z ticks along x.
        let t = axes.tickLength
        for v in ThreeDAxes.ticks(axes.x, axes.xStep) {
            let p = axes.point(v, 0, 0)
            addLine(from: p - Vector3(0, t, 0), to: p + Vector3(0, t, 0), color: axes.color, width: axes.lineWidth)
            if let size = axes.numberSize { addLabel(Formula(Axes.number(v)).font(.system(size: size)).foregroundColor(axes.color), at: p - Vector3(0, 3 * t, 0)) }
        }
        for v in ThreeDAxes.ticks(axes.y, axes.yStep) {
            let p = axes.point(0, v, 0)
            addLine(from: p - Vector3(t, 0, 0), to: p + Vector3(t, 0, 0), color: axes.color, width: axes.lineWidth)
            if let size = axes.numberSize { addLabel(Formula(Axes.number(v)).font(.system(size: size)).foregroundColor(axes.color), at: p - Vector3(3 * t, 0, 0)) }
        }
        for v in ThreeDAxes.ticks(axes.z, axes.zStep) {
            let p = axes.point(0, 0, v)
            addLine(from: p - Vector3(t, 0, 0), to: p + Vector3(t, 0, 0), color: axes.color, width: axes.lineWidth)
            if let size = axes.numberSize { addLabel(Formula(Axes.number(v)).font(.system(size: size)).foregroundColor(axes.color), at: p - Vector3(3 * t, 0, 0)) }
        }
        if axes.showsTips {
            for (a, b) in ends {
                let d = (b - a).normalized
                add(.cone(apex: b + d * 0.3, base: b, radius: 0.09, color: axes.color), shaded: false)
            }
        }
        for (label, (_, end)) in zip([axes.xLabel, axes.yLabel, axes.zLabel], ends) {
            guard let label else { continue }
            let beyond = end + (end == .zero ? .zero : end.normalized * 0.6)
            addLabel(Formula(label).font(.system(size: axes.labelSize)).foregroundColor(axes.color), at: beyond)
        }
    }
}

extension Mesh {
    /// A cone from a circular base about `base` (perpendicular to the way to `apex`) to `apex`.
    public static func cone(apex: Vector3, base: Vector3, radius: Double, resolution: Int = 24, color: Color) -> Mesh {
        let axis = (apex - base).normalized
        let helper = abs(axis.z) < 0.9 ? Vector3.out : Vector3.right
        let e1 = axis.cross(helper).normalized, e2 = axis.cross(e1)
        let n = min(max(resolution, 3), 256)
        var mesh = Mesh(positions: [], normals: [], colors: [], indices: [])
        let slant = (apex - base).length
        for i in 0..<n {
            let a = Double(i) / Double(n) * 2 * .pi, b = Double(i + 1) / Double(n) * 2 * .pi
            let pa = base + (e1 * PortableMath.cos(a) + e2 * PortableMath.sin(a)) * radius
            let pb = base + (e1 * PortableMath.cos(b) + e2 * PortableMath.sin(b)) * radius
            let normal = ((pa + pb) / 2 - base).normalized * slant + axis * radius
            let k = Int32(mesh.positions.count)
            mesh.positions += [apex, pa, pb, base]
            mesh.normals += [normal.normalized, normal.normalized, normal.normalized, -axis]
            mesh.colors += [color, color, color, color]
            mesh.indices += [k, k + 1, k + 2, k + 3, k + 2, k + 1]
        }
        return mesh
    }
}
