public import Foundation

extension Path {
    /// The smallest rectangle containing every point of the path (curve extrema included,
    /// control points not), or `.null` for an empty path.
    public var boundingRect: CGRect {
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func add(_ p: CGPoint) {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        var current = CGPoint.zero, start = CGPoint.zero
        for e in elements {
            switch e {
            case .move(let p): add(p); current = p; start = p
            case .line(let p): add(p); current = p
            case .quadCurve(let p, let c):
                add(p)
                for t in Self.quadExtrema(current.x, c.x, p.x) + Self.quadExtrema(current.y, c.y, p.y) {
                    let u = 1 - t
                    add(CGPoint(x: u * u * current.x + 2 * u * t * c.x + t * t * p.x,
                                y: u * u * current.y + 2 * u * t * c.y + t * t * p.y))
                }
                current = p
            case .curve(let p, let c1, let c2):
                add(p)
                for t in Self.cubicExtrema(current.x, c1.x, c2.x, p.x) + Self.cubicExtrema(current.y, c1.y, c2.y, p.y) {
                    let u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    add(CGPoint(x: a * current.x + b * c1.x + c * c2.x + d * p.x,
                                y: a * current.y + b * c1.y + c * c2.y + d * p.y))
                }
                current = p
            case .closeSubpath: current = start
            }
        }
        guard minX <= maxX else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Parameters in (0, 1) where a quadratic's coordinate has a turning point.
    private static func quadExtrema(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> [CGFloat] {
        let d = a - 2 * b + c
        guard d != 0 else { return [] }
        let t = (a - b) / d
        return t > 0 && t < 1 ? [t] : []
    }

    /// Parameters in (0, 1) where a cubic's coordinate has a turning point.
    private static func cubicExtrema(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat) -> [CGFloat] {
        // Derivative / 3 = a t^2 + b t + c.
        let a = -p0 + 3 * p1 - 3 * p2 + p3, b = 2 * (p0 - 2 * p1 + p2), c = p1 - p0
        var roots: [CGFloat] = []
        if abs(a) < 1e-12 {
            if b != 0 { roots = [-c / b] }
        } else {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let s = disc.squareRoot()
                roots = [(-b + s) / (2 * a), (-b - s) / (2 * a)]
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }

    /// Whether `point` is inside the path under the non-zero rule (or even-odd when `eoFill`).
    /// Every subpath counts as closed, as for filling.
    public func contains(_ point: CGPoint, eoFill: Bool = false) -> Bool {
        var flat = Polylines()
        flat.append(self, transform: .identity, tolerance: 0.01)
        var winding = 0
        for c in flat.contours.indices {
            let r = flat.range(ofContour: c)
            guard r.count >= 2 else { continue }
            var prev = flat.points[r.upperBound - 1]
            for i in r {
                let p = flat.points[i]
                if prev.y <= point.y {
                    if p.y > point.y && cross(prev, p, point) > 0 { winding += 1 }
                } else if p.y <= point.y && cross(prev, p, point) < 0 {
                    winding -= 1
                }
                prev = p
            }
        }
        return eoFill ? winding % 2 != 0 : winding != 0
    }

    private func cross(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }
}
