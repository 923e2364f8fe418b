public import Animate

/// The shapes lesson's triangle: three points placed at fixed fractions of the rectangle.
public struct Triangle: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path {
        var path = Path()
        path.addLines([CGPoint(x: rect.minX + rect.width * 0.13, y: rect.minY + rect.height * 0.2),
                       CGPoint(x: rect.minX + rect.width * 0.87, y: rect.minY + rect.height * 0.47),
                       CGPoint(x: rect.minX + rect.width * 0.4, y: rect.minY + rect.height * 0.93)])
        path.closeSubpath()
        return path
    }
}
