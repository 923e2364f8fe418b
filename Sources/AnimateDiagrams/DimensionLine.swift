import AnimateMath
public import AnimateDrawing
public import Foundation

/// A dimension line, as on a technical drawing: the distance between two points shown by a
/// double-headed arrow set `offset` points to the side (to the left of the way from `from` to `to`
/// on a y-down screen for a positive offset), with extension lines from the points out to it.
/// One filled outline for the arrow and one for the extension lines; the label goes at `labelPoint`.
public struct DimensionLine: Sendable, Hashable {
    public var from: CGPoint
    public var to: CGPoint
    public var offset: CGFloat
    public var lineWidth: CGFloat

    public init(from: CGPoint, to: CGPoint, offset: CGFloat = 30, lineWidth: CGFloat = 2) {
        self.from = from
        self.to = to
        self.offset = offset
        self.lineWidth = lineWidth
    }

    /// Left of the way on a y-down screen.
    var side: CGPoint {
        let u = (to - from).normalized
        return CGPoint(x: u.y, y: -u.x)
    }

    /// The double arrow between the extension lines.
    public var arrow: Arrow {
        Arrow(from: from + side * offset, to: to + side * offset, lineWidth: lineWidth,
              headLength: max(4 * lineWidth, 10), isDoubleEnded: true)
    }

    /// The arrow and the extension lines (from a small gap off each point to a little past the
    /// arrow), one filled outline each.
    public var path: Path {
        guard from != to, offset.isFinite, lineWidth.isFinite, lineWidth > 0 else { return Path() }
        var path = arrow.path
        let n = side * (offset < 0 ? -1 : 1), reach = abs(offset), h = lineWidth / 2
        let along = (to - from).normalized
        // Wound as the arrow is, so where they overlap they add rather than cancel.
        let turn = Self.signedArea(of: path) >= 0
        for p in [from, to] {
            let a = p + n * min(4, reach / 4), b = p + n * (reach + 2 * lineWidth)
            var corners = [a - along * h, b - along * h, b + along * h, a + along * h]
            if (Self.signedArea(corners) >= 0) != turn { corners.reverse() }
            path.addLines(corners)
            path.closeSubpath()
        }
        return path
    }

    /// The middle of the arrow, `gap` points further out: where the label's centre goes.
    public func labelPoint(gap: CGFloat = 20) -> CGPoint {
        (from + to) * 0.5 + side * (offset + (offset < 0 ? -gap : gap))
    }

    /// Twice the signed area of a polygon (shoelace).
    static func signedArea(_ points: [CGPoint]) -> CGFloat {
        var total: CGFloat = 0
        for k in points.indices { let q = points[(k + 1) % points.count]; total += points[k].x * q.y - q.x * points[k].y }
        return total
    }

    /// The signed area of a path of straight lines, from its points.
    static func signedArea(of path: Path) -> CGFloat {
        var points: [CGPoint] = []
        path.forEach { e in
            switch e {
            case .move(let p), .line(let p): points.append(p)
            default: break
            }
        }
        return signedArea(points)
    }
}
