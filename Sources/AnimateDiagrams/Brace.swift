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
    /// The thickness of its straight stretches; nil: two ninths of the depth, at least 3 points
    /// (Manim's proportions).
    public var thickness: CGFloat?

    public init(from: CGPoint, to: CGPoint, depth: CGFloat = 18, thickness: CGFloat? = nil) {
        self.from = from
        self.to = to
        self.depth = depth
        self.thickness = thickness
    }

    /// A brace along one side of `rect`, `gap` points out from it, bulging away from it.
    public init(_ edge: Edge, of rect: CGRect, gap: CGFloat = 8, depth: CGFloat = 18, thickness: CGFloat? = nil) {
        let (a, b): (CGPoint, CGPoint) = switch edge {
        case .bottom: (CGPoint(x: rect.minX, y: rect.maxY + gap), CGPoint(x: rect.maxX, y: rect.maxY + gap))
        case .top: (CGPoint(x: rect.maxX, y: rect.minY - gap), CGPoint(x: rect.minX, y: rect.minY - gap))
        case .leading: (CGPoint(x: rect.minX - gap, y: rect.minY), CGPoint(x: rect.minX - gap, y: rect.maxY))
        case .trailing: (CGPoint(x: rect.maxX + gap, y: rect.maxY), CGPoint(x: rect.maxX + gap, y: rect.minY))
        }
        self.init(from: a, to: b, depth: depth, thickness: thickness)
    }

    /// A brace beneath `rect` (Manim's `Brace(mobject, DOWN)`).
    public init(under rect: CGRect, gap: CGFloat = 8, depth: CGFloat = 18, thickness: CGFloat? = nil) {
        self.init(.bottom, of: rect, gap: gap, depth: depth, thickness: thickness)
    }

    /// A brace beside `outline` bulging towards `direction` (a vector on the canvas, y down: any
    /// angle), spanning the outline across that direction, `gap` points beyond its farthest
    /// point (Manim's `Brace(mobject, direction, buff)`).
    public init(along outline: Path, direction: CGPoint, gap: CGFloat = 8, depth: CGFloat = 18, thickness: CGFloat? = nil) {
        let d = direction.normalized
        let u = CGPoint(x: d.y, y: -d.x)
        var lowU = CGFloat.infinity, highU = -CGFloat.infinity, farD = -CGFloat.infinity
        func take(_ p: CGPoint) {
            let pu = p.x * u.x + p.y * u.y, pd = p.x * d.x + p.y * d.y
            lowU = min(lowU, pu); highU = max(highU, pu); farD = max(farD, pd)
        }
        var last = CGPoint.zero
        for element in outline.elements {
            switch element {
            case .move(let p), .line(let p): take(p); last = p
            case .quadCurve(let p, let c):
                for k in 1...8 { let t = CGFloat(k) / 8, s = 1 - t; take(last * (s * s) + c * (2 * s * t) + p * (t * t)) }
                last = p
            case .curve(let p, let c1, let c2):
                for k in 1...8 {
                    let t = CGFloat(k) / 8, s = 1 - t
                    take(last * (s * s * s) + c1 * (3 * s * s * t) + c2 * (3 * s * t * t) + p * (t * t * t))
                }
                last = p
            case .closeSubpath: break
            }
        }
        guard d.x.isFinite, d.y.isFinite, d.x != 0 || d.y != 0, lowU.isFinite, highU.isFinite else {
            self.init(from: .zero, to: .zero, depth: depth, thickness: thickness)
            return
        }
        let base = d * (farD + gap)
        self.init(from: base + u * lowU, to: base + u * highU, depth: depth, thickness: thickness)
    }

    /// The unit vector the tip points along.
    public var direction: CGPoint {
        let u = (to - from).normalized
        return CGPoint(x: -u.y, y: u.x)
    }

    /// The point of the tip.
    public var tip: CGPoint { (from + to) * 0.5 + direction * depth }

    /// The tip's direction rounded to a side or a corner, as Manim rounds it to place a label:
    /// each component -1, 0 or 1 (halves to even).
    var roundedDirection: CGPoint {
        let d = direction
        return CGPoint(x: d.x.rounded(.toNearestOrEven), y: d.y.rounded(.toNearestOrEven))
    }

    /// Where a label goes: `gap` points beyond the tip towards the side (or corner) it faces;
    /// draw it there with `labelAnchor`.
    public func labelPoint(gap: CGFloat = 8) -> CGPoint { tip + roundedDirection * gap }

    /// The anchor of a label at `labelPoint`: the label's side (or corner) that faces the brace.
    public var labelAnchor: UnitPoint {
        let d = roundedDirection
        return UnitPoint(x: 0.5 - d.x / 2, y: 0.5 - d.y / 2)
    }

    /// The filled outline, one contour.
    public var path: Path {
        let w = from.distance(to: to)
        guard w.isFinite, depth.isFinite, w > 0, depth > 0 else { return Path() }
        let t = min(thickness ?? max(depth * 2 / 9, 3), depth / 2)
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
