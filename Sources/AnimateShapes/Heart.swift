public import Animate

/// Heart: two cubic curves and two half-circle arcs.
public struct Heart: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let r = rect.centeredSquare
        let (x, y, w, h) = (r.minX, r.minY, r.width, r.height)
        let bottom = CGPoint(x: x + w / 2, y: y + h)
        return Path { p in
            p.move(to: bottom)
            p.addCurve(to: CGPoint(x: x, y: y + h / 4), control1: CGPoint(x: x + w / 2, y: y + h * 3 / 4), control2: CGPoint(x: x, y: y + h / 2))
            p.addArc(center: CGPoint(x: x + w / 4, y: y + h / 4), radius: w / 4, startAngle: .degrees(180), endAngle: .zero, clockwise: false)
            p.addArc(center: CGPoint(x: x + w * 3 / 4, y: y + h / 4), radius: w / 4, startAngle: .degrees(180), endAngle: .zero, clockwise: false)
            p.addCurve(to: bottom, control1: CGPoint(x: x + w, y: y + h / 2), control2: CGPoint(x: x + w / 2, y: y + h * 3 / 4))
        }
    }
}
