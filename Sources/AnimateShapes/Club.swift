public import Animate

/// Club: three circles and a triangle stem.
public struct Club: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let r = rect.centeredSquare
        let (x, y, w, h) = (r.minX, r.minY, r.width, r.height)
        let center = CGPoint(x: r.midX, y: r.midY)
        let radius = w / 4
        return Path { p in
            for c in [CGPoint(x: x + w / 2, y: y + h / 4), CGPoint(x: x + w / 4, y: y + h / 2), CGPoint(x: x + w * 3 / 4, y: y + h / 2)] {
                p.move(to: CGPoint(x: c.x + radius, y: c.y))
                p.addArc(center: c, radius: radius, startAngle: .degrees(360), endAngle: .zero, clockwise: true)
                p.closeSubpath()
            }
            p.move(to: center)
            p.addLine(to: CGPoint(x: x + w / 4, y: y + h))
            p.addLine(to: CGPoint(x: x + w * 3 / 4, y: y + h))
            p.closeSubpath()
        }
    }
}
