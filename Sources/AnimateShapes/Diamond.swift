public import Animate

/// Diamond: four quarter arcs bowing inwards, centred on the square's corners.
public struct Diamond: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let r = rect.centeredSquare
        let (x, y, w, h) = (r.minX, r.minY, r.width, r.height)
        return Path { p in
            p.move(to: CGPoint(x: x + w / 2, y: y + h))
            p.addArc(center: CGPoint(x: x, y: y + h), radius: w / 2, startAngle: .degrees(360), endAngle: .degrees(270), clockwise: true)
            p.addArc(center: CGPoint(x: x, y: y), radius: w / 2, startAngle: .degrees(90), endAngle: .zero, clockwise: true)
            p.addArc(center: CGPoint(x: x + w, y: y), radius: w / 2, startAngle: .degrees(180), endAngle: .degrees(90), clockwise: true)
            p.addArc(center: CGPoint(x: x + w, y: y + h), radius: w / 2, startAngle: .degrees(270), endAngle: .degrees(180), clockwise: true)
        }
    }
}
