import AnimateMath
public import Foundation

extension Path {
    /// A rounded rectangle with corners of `cornerRadius` in `style`.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle) {
        self.init()
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// A rounded rectangle with corners of `cornerSize` in `style`.
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle) {
        self.init()
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }

    /// Adds a closed rounded rectangle whose corners are `style`: circular (as
    /// `addRoundedRect(in:cornerSize:transform:)`) or continuous.
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle,
                                        transform: CGAffineTransform = .identity) {
        guard style == .continuous else { return addRoundedRect(in: rect, cornerSize: cornerSize, transform: transform) }
        let r = rect.standardized
        // A continuous corner reaches 1.52866 radii along each edge; radii shrink to fit.
        let reach: CGFloat = 1.52866483
        let rx = min(max(cornerSize.width, 0), r.width / 2 / reach)
        let ry = min(max(cornerSize.height, 0), r.height / 2 / reach)
        guard rx > 0, ry > 0, rx.isFinite, ry.isFinite else { return addRect(r, transform: transform) }
        // One corner in its own frame: `back` points from the corner along the incoming edge,
        // `on` along the outgoing one, each scaled by that axis's radius.
        func corner(_ c: CGPoint, back: CGPoint, on: CGPoint) {
            func p(_ u: CGFloat, _ v: CGFloat) -> CGPoint { (c + back * u + on * v).applying(transform) }
            addLine(to: p(reach, 0))
            addCurve(to: p(0.63149399, 0.07491100), control1: p(1.08849296, 0), control2: p(0.86840694, 0))
            addCurve(to: p(0.07491100, 0.63149399), control1: p(0.37282392, 0.16905899), control2: p(0.16905899, 0.37282392))
            addCurve(to: p(0, reach), control1: p(0, 0.86840694), control2: p(0, 1.08849296))
        }
        move(to: CGPoint(x: r.minX + reach * rx, y: r.minY).applying(transform))
        corner(CGPoint(x: r.maxX, y: r.minY), back: CGPoint(x: -rx, y: 0), on: CGPoint(x: 0, y: ry))
        corner(CGPoint(x: r.maxX, y: r.maxY), back: CGPoint(x: 0, y: -ry), on: CGPoint(x: -rx, y: 0))
        corner(CGPoint(x: r.minX, y: r.maxY), back: CGPoint(x: rx, y: 0), on: CGPoint(x: 0, y: -ry))
        corner(CGPoint(x: r.minX, y: r.minY), back: CGPoint(x: 0, y: ry), on: CGPoint(x: rx, y: 0))
        closeSubpath()
    }

    /// Adds an arc of `radius` around `center` from `startAngle`, turning by `delta` (positive:
    /// increasing angle, clockwise on a y-down screen), as CoreGraphics' `addRelativeArc`.
    public mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle,
                                        transform: CGAffineTransform = .identity) {
        guard delta.radians != 0 else {
            let start = CGPoint(x: center.x + radius * PortableMath.cos(startAngle.radians), y: center.y + radius * PortableMath.sin(startAngle.radians))
            if currentPoint == nil { move(to: start.applying(transform)) } else { addLine(to: start.applying(transform)) }
            return
        }
        // Beyond a whole turn the arc is a full circle, as in CoreGraphics.
        let sweep = min(max(delta.radians, -2 * .pi), 2 * .pi)
        addArc(center: center, radius: radius, startAngle: startAngle, endAngle: Angle(radians: startAngle.radians + sweep),
               clockwise: sweep < 0, transform: transform)
    }

    /// The outline of this path stroked with `style` (dashes, caps and joins included), as a path
    /// to fill with the non-zero rule: SwiftUI's `strokedPath(_:)`.
    public func strokedPath(_ style: StrokeStyle) -> Path {
        let tolerance: CGFloat = 0.05
        var flat = Polylines()
        flat.append(self, transform: .identity, tolerance: tolerance)
        var source = flat
        if !style.dash.isEmpty {
            var dashed = Polylines()
            if Dasher.dash(flat, pattern: style.dash, phase: style.dashPhase, into: &dashed) { source = dashed }
        }
        var stroker = Stroker()
        stroker.stroke(source, style: style, transform: .identity, tolerance: tolerance)
        var out = Path()
        let outline = stroker.out
        for contour in outline.contours.indices {
            let range = outline.range(ofContour: contour)
            guard let first = range.first else { continue }
            out.move(to: outline.points[first])
            for i in range.dropFirst() { out.addLine(to: outline.points[i]) }
            out.closeSubpath()
        }
        return out
    }
}
