import AnimateMath
public import AnimateDrawing
public import Foundation

/// A curly brace from one point to another, shaped like TeX's: ends curling in from the two
/// points, straight stretches, a pointed tip in the middle; thick in its stretches and thin at its
/// ends. It bulges to the right of the way from `from` to `to` on a y-down screen (from left to
/// right: downwards), so `Brace(under: rect)` sits beneath a thing; `labelPoint` is where its label goes.
///
/// ```swift
/// let brace = Brace(under: formulaBounds)
/// context.fill(brace.path, with: .color(.black))
/// context.draw(Formula("n"), at: brace.labelPoint(), anchor: brace.labelAnchor)
/// ```
public struct Brace: Sendable, Hashable {
    public var from: CGPoint
    public var to: CGPoint
    /// How far the tip stands out from the line between the ends.
    public var depth: CGFloat
    /// The thickness of its straight stretches; nil: a ninth of the depth, at least 1.5 points.
    public var thickness: CGFloat?

    public init(from: CGPoint, to: CGPoint, depth: CGFloat = 18, thickness: CGFloat? = nil) {
        self.from = from
        self.to = to
        self.depth = depth
        self.thickness = thickness
    }

    /// A brace along one side of `rect`, `gap` points out from it, bulging away from it.
    public init(_ edge: Edge, of rect: CGRect, gap: CGFloat = 8, depth: CGFloat = 18) {
        let (a, b): (CGPoint, CGPoint) = switch edge {
        case .bottom: (CGPoint(x: rect.minX, y: rect.maxY + gap), CGPoint(x: rect.maxX, y: rect.maxY + gap))
        case .top: (CGPoint(x: rect.maxX, y: rect.minY - gap), CGPoint(x: rect.minX, y: rect.minY - gap))
        case .leading: (CGPoint(x: rect.minX - gap, y: rect.minY), CGPoint(x: rect.minX - gap, y: rect.maxY))
        case .trailing: (CGPoint(x: rect.maxX + gap, y: rect.maxY), CGPoint(x: rect.maxX + gap, y: rect.minY))
        }
        self.init(from: a, to: b, depth: depth)
    }

    /// A brace beneath `rect` (Manim's `Brace(mobject, DOWN)`).
    public init(under rect: CGRect, gap: CGFloat = 8, depth: CGFloat = 18) { self.init(.bottom, of: rect, gap: gap, depth: depth) }

    /// The unit vector the tip points along.
    public var direction: CGPoint {
        let u = (to - from).normalized
        return CGPoint(x: -u.y, y: u.x)
    }

    /// The point of the tip.
    public var tip: CGPoint { (from + to) * 0.5 + direction * depth }

    /// Where a label goes: `gap` points beyond the tip; draw it there with `labelAnchor`.
    public func labelPoint(gap: CGFloat = 8) -> CGPoint { tip + direction * gap }

    /// The anchor of a label at `labelPoint`: the label's side that faces the brace.
    public var labelAnchor: UnitPoint {
        let d = direction
        return UnitPoint(x: 0.5 - d.x / 2, y: 0.5 - d.y / 2)
    }

    /// The filled outline, one contour.
    public var path: Path {
        let w = from.distance(to: to)
        guard w.isFinite, depth.isFinite, w > 0, depth > 0 else { return Path() }
        let t = min(thickness ?? max(depth / 9, 1.5), depth / 2)
        let h = t / 2, d = depth, mid = d / 2
        // The curls and the tip take r each way; a short brace gives its straight stretches up first.
        let r = min(d / 2, w / 4), half = w / 2
        // Built along x from 0 to w, bulging towards +y, then turned onto from -> to.
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 0))
        // The inner edge (facing the thing): curl, stretch, the cusp above the tip, stretch, curl.
        p.addQuadCurve(to: CGPoint(x: r, y: mid - h), control: CGPoint(x: h, y: mid - h))
        p.addLine(to: CGPoint(x: half - r, y: mid - h))
        p.addQuadCurve(to: CGPoint(x: half, y: mid + h), control: CGPoint(x: half - h, y: mid - h))
        p.addQuadCurve(to: CGPoint(x: half + r, y: mid - h), control: CGPoint(x: half + h, y: mid - h))
        p.addLine(to: CGPoint(x: w - r, y: mid - h))
        p.addQuadCurve(to: CGPoint(x: w, y: 0), control: CGPoint(x: w - h, y: mid - h))
        // The outer edge back: curl, stretch, the tip, stretch, curl.
        p.addQuadCurve(to: CGPoint(x: w - r, y: mid + h), control: CGPoint(x: w, y: mid + h))
        p.addLine(to: CGPoint(x: half + r, y: mid + h))
        p.addQuadCurve(to: CGPoint(x: half, y: d), control: CGPoint(x: half, y: mid + h))
        p.addQuadCurve(to: CGPoint(x: half - r, y: mid + h), control: CGPoint(x: half, y: mid + h))
        p.addLine(to: CGPoint(x: r, y: mid + h))
        p.addQuadCurve(to: CGPoint(x: 0, y: 0), control: CGPoint(x: 0, y: mid + h))
        p.closeSubpath()
        let u = (to - from).normalized
        return p.applying(CGAffineTransform(a: u.x, b: u.y, c: -u.y, d: u.x, tx: from.x, ty: from.y))
    }
}
