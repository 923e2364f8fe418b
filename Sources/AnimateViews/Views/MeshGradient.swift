public import AnimateDrawing
public import Foundation

/// A gradient over a grid of points, each with its colour, as SwiftUI's `MeshGradient`: `width` x
/// `height` points in the unit square (0...1 across and down), row by row, each cell a patch whose
/// colour blends its four corners' (smoothly across the patch when `smoothsColors`, else
/// bilinearly); where no patch reaches, `background`. A view that fills the space offered, and a
/// shape style (`.fill(mesh)`, `.background(mesh)`).
public struct MeshGradient: ShapeStyle, Hashable {
    public let width: Int
    public let height: Int
    public let points: [SIMD2<Float>]
    public let colors: [Color]
    public let background: Color
    public let smoothsColors: Bool

    public init(width: Int, height: Int, points: [SIMD2<Float>], colors: [Color], background: Color = .clear,
                smoothsColors: Bool = true, colorSpace: Gradient.ColorSpace = .device) {
        self.width = width
        self.height = height
        self.points = points
        self.colors = colors
        self.background = background
        self.smoothsColors = smoothsColors
    }

    /// Whether the grid is whole: at least 2 x 2, with a point and a colour for each place.
    var isWhole: Bool {
        width >= 2 && height >= 2 && width <= 64 && height <= 64 && points.count == width * height && colors.count == width * height
            && points.allSatisfy { $0.x.isFinite && $0.y.isFinite }
    }

    public func shading(in bounds: CGRect) -> GraphicsContext.Shading {
        let b = bounds.standardized
        guard isWhole, b.width > 0, b.height > 0, b.width.isFinite, b.height.isFinite else { return .color(background) }
        // Smooth colour needs few pixels: at most 512 along the longer side, stretched when drawn.
        let s = min(1, 512 / max(b.width, b.height))
        let w = max(2, Int((b.width * s).rounded(.up))), h = max(2, Int((b.height * s).rounded(.up)))
        let key = Key(mesh: self, width: w, height: h)
        if let image = Self.pictures[key] { return .image(image, in: b) }
        guard let image = Image(rgba: render(width: w, height: h), width: w, height: h) else { return .color(background) }
        Self.pictures[key] = image
        return .image(image, in: b)
    }

    private struct Key: Hashable { let mesh: MeshGradient; let width: Int; let height: Int }
    private static let pictures = BoundedCache<Key, Image>(bound: 32)

    /// The mesh's straight RGBA pixels at `width` x `height`, each sampled at its centre.
    func render(width w: Int, height h: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let bg = background
        for i in 0..<(w * h) {
            out[4 * i] = Self.byte(bg.red); out[4 * i + 1] = Self.byte(bg.green)
            out[4 * i + 2] = Self.byte(bg.blue); out[4 * i + 3] = Self.byte(bg.opacity)
        }
        func point(_ col: Int, _ row: Int) -> SIMD2<Double> {
            let p = points[row * width + col]
            return SIMD2(Double(p.x), Double(p.y))
        }
        for row in 0..<(height - 1) {
            for col in 0..<(width - 1) {
                let a = point(col, row), b = point(col + 1, row), c = point(col + 1, row + 1), d = point(col, row + 1)
                let ca = colors[row * width + col], cb = colors[row * width + col + 1]
                let cc = colors[(row + 1) * width + col + 1], cd = colors[(row + 1) * width + col]
                let lo = SIMD2(min(a.x, b.x, c.x, d.x), min(a.y, b.y, c.y, d.y)), hi = SIMD2(max(a.x, b.x, c.x, d.x), max(a.y, b.y, c.y, d.y))
                let x0 = max(0, Int((lo.x * Double(w) - 0.5).rounded(.down))), x1 = min(w - 1, Int((hi.x * Double(w) - 0.5).rounded(.up)))
                let y0 = max(0, Int((lo.y * Double(h) - 0.5).rounded(.down))), y1 = min(h - 1, Int((hi.y * Double(h) - 0.5).rounded(.up)))
                guard x0 <= x1, y0 <= y1 else { continue }
                for y in y0...y1 {
                    for x in x0...x1 {
                        let p = SIMD2((Double(x) + 0.5) / Double(w), (Double(y) + 0.5) / Double(h))
                        guard var (u, v) = Self.inverseBilinear(p, a, b, c, d) else { continue }
                        if smoothsColors { u = u * u * (3 - 2 * u); v = v * v * (3 - 2 * v) }
                        func mix(_ k: KeyPath<Color, Double>) -> Double {
                            (ca[keyPath: k] * (1 - u) + cb[keyPath: k] * u) * (1 - v) + (cd[keyPath: k] * (1 - u) + cc[keyPath: k] * u) * v
                        }
                        let o = 4 * (y * w + x)
                        out[o] = Self.byte(mix(\.red)); out[o + 1] = Self.byte(mix(\.green))
                        out[o + 2] = Self.byte(mix(\.blue)); out[o + 3] = Self.byte(mix(\.opacity))
                    }
                }
            }
        }
        return out
    }

    static func byte(_ v: Double) -> UInt8 { UInt8((min(max(v.isFinite ? v : 0, 0), 1) * 255).rounded()) }

    /// Where `p` is in the patch a, b, c, d (corners clockwise from the top-left) as (u, v) in
    /// 0...1, or nil when it is outside: the inverse of p = a + (b-a)u + (d-a)v + (a-b+c-d)uv.
    static func inverseBilinear(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>,
                                _ d: SIMD2<Double>) -> (Double, Double)? {
        func cross(_ x: SIMD2<Double>, _ y: SIMD2<Double>) -> Double { x.x * y.y - x.y * y.x }
        let e = b - a, f = d - a, g = a - b + c - d, q = p - a
        let k2 = cross(g, f), k1 = cross(e, f) + cross(q, g), k0 = cross(q, e)
        let inside = -1e-9...(1 + 1e-9)
        func u(of v: Double) -> Double? {
            let dx = e.x + g.x * v, dy = e.y + g.y * v
            if abs(dx) > abs(dy) { return dx == 0 ? nil : (q.x - f.x * v) / dx }
            return dy == 0 ? nil : (q.y - f.y * v) / dy
        }
        var candidates: [Double] = []
        if abs(k2) < 1e-12 {
            guard k1 != 0 else { return nil }
            candidates = [-k0 / k1]
        } else {
            let disc = k1 * k1 - 4 * k0 * k2
            guard disc >= 0 else { return nil }
            let root = disc.squareRoot()
            candidates = [(-k1 - root) / (2 * k2), (-k1 + root) / (2 * k2)]
        }
        for v in candidates where inside.contains(v) {
            if let u = u(of: v), inside.contains(u) { return (min(max(u, 0), 1), min(max(v, 0), 1)) }
        }
        return nil
    }
}

extension MeshGradient: View, PrimitiveView {
    public var body: Never { primitiveBody(Self.self) }
    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode { fillingNode(self) }
}

extension Gradient {
    /// The space a gradient's colours blend in, as SwiftUI's `Gradient.ColorSpace` (accepted: a
    /// mesh blends its sRGB components).
    public struct ColorSpace: Hashable, Sendable {
        let name: String
        public static let device = ColorSpace(name: "device")
        public static let perceptual = ColorSpace(name: "perceptual")
    }
}
