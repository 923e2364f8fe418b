public import Animate

/// Spade: a heart rotated 180 degrees (90% of the height) with a stem.
public struct Spade: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let r = rect.centeredSquare
        var heart = Heart().rotation(.degrees(180)).path(in: CGRect(x: r.minX, y: r.minY, width: r.width, height: r.height * 0.9))
        heart.addPath(Rectangle().path(in: CGRect(x: r.minX + r.width * 0.4, y: r.minY + r.height * 0.5, width: r.width * 0.2, height: r.height * 0.5)))
        return heart
    }
}
