public import Animate

/// The lessons' regular polygon (4-8a): `sides` vertices on the frame's inscribed circle, the first at the top.
public struct RegularPolygon: Shape {
    public var sides: Int
    public init(_ sides: Int = 3) { self.sides = max(3, sides) }
    public func path(in rect: CGRect) -> Path {
        let radius = min(rect.width, rect.height) / 2
        let center = CGPoint(x: rect.midX, y: rect.midY)
        let step = 2 * CGFloat.pi / CGFloat(sides)
        var path = Path()
        path.addLines((0..<sides).map { i in
            CGPoint(x: center.x + radius * PortableMath.sin(step * CGFloat(i)), y: center.y - radius * PortableMath.cos(step * CGFloat(i)))
        })
        path.closeSubpath()
        return path
    }
}
