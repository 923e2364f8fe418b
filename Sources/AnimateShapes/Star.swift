public import Animate

/// The lessons' star (4-8b): a regular polygon whose edge midpoints are pulled in to `ratio` of the radius.
public struct Star: Shape {
    public var points: Int
    public var ratio: CGFloat
    public init(_ points: Int = 5, ratio: CGFloat) { self.points = max(3, points); self.ratio = ratio }
    public func path(in rect: CGRect) -> Path {
        let radius = min(rect.width, rect.height) / 2
        let center = CGPoint(x: rect.midX, y: rect.midY)
        let step = 2 * CGFloat.pi / CGFloat(points)
        var vertices: [CGPoint] = []
        for i in 0..<points {
            let a = step * CGFloat(i)
            vertices.append(CGPoint(x: center.x + radius * PortableMath.sin(a), y: center.y - radius * PortableMath.cos(a)))
            vertices.append(CGPoint(x: center.x + radius * ratio * PortableMath.sin(a + step / 2), y: center.y - radius * ratio * PortableMath.cos(a + step / 2)))
        }
        var path = Path()
        path.addLines(vertices)
        path.closeSubpath()
        return path
    }
}
