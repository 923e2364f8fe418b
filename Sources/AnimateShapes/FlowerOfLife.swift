public import Animate

/// The flower of life (4-8c): circles centred on a lattice grown ring by ring from the centre,
/// `sides` neighbours per circle; `rings` limits how many rings are included (for animation).
public struct FlowerOfLife: Shape {
    public var sides = 6
    public var layers = 4
    public var rings: Int? = nil

    public init(sides: Int = 6, layers: Int = 4, rings: Int? = nil) {
        self.sides = sides; self.layers = layers; self.rings = rings
    }

    /// Circle centres with the ring each first appears in.
    public func centers(in rect: CGRect) -> [(CGPoint, Int)] {
        let big = min(rect.width, rect.height) / 2
        let small = big / CGFloat(layers)
        let center = CGPoint(x: rect.midX, y: rect.midY)
        let step = 2 * CGFloat.pi / CGFloat(sides)
        var found: [(CGPoint, Int)] = [(center, 0)]
        var frontier = [center]
        for ring in 1..<layers {
            var next: [CGPoint] = []
            for c in frontier {
                for i in 0..<sides {
                    let p = CGPoint(x: c.x + small * PortableMath.sin(step * CGFloat(i)), y: c.y - small * PortableMath.cos(step * CGFloat(i)))
                    // The lesson compares exact coordinates; rounding makes the test robust to float noise.
                    if !found.contains(where: { PortableMath.hypot($0.0.x - p.x, $0.0.y - p.y) < small * 1e-6 }) {
                        found.append((p, ring)); next.append(p)
                    }
                }
            }
            frontier = found.map(\.0)
        }
        return found
    }

    public func path(in rect: CGRect) -> Path {
        let small = min(rect.width, rect.height) / 2 / CGFloat(layers)
        var path = Path()
        for (c, ring) in centers(in: rect) where ring < (rings ?? layers) {
            path.move(to: CGPoint(x: c.x + small, y: c.y))
            path.addArc(center: c, radius: small, startAngle: .zero, endAngle: .degrees(360), clockwise: false)
        }
        return path
    }
}
