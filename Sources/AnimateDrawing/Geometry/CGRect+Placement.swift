public import Foundation

/// Placing boxes by other boxes, as lessons place labels, formulas and shapes by their ink
/// bounds (`inkBounds`, `path.boundingRect`): beside, aligned, centred, kept on screen.
extension CGRect {
    /// The smallest rectangle holding all of `rects` (null ones ignored): a group's box.
    public init(enclosing rects: [CGRect]) {
        self = rects.reduce(CGRect.null) { $1.isNull ? $0 : $0.union($1) }
    }

    /// This box moved beside `other` on its `edge` side, `gap` points off, centred along that side
    /// (Manim's next_to).
    public func placed(_ edge: Edge, of other: CGRect, gap: CGFloat = 20) -> CGRect {
        guard !isNull, !other.isNull else { return self }
        var r = self
        switch edge {
        case .top: r.origin = CGPoint(x: other.midX - width / 2, y: other.minY - gap - height)
        case .bottom: r.origin = CGPoint(x: other.midX - width / 2, y: other.maxY + gap)
        case .leading: r.origin = CGPoint(x: other.minX - gap - width, y: other.midY - height / 2)
        case .trailing: r.origin = CGPoint(x: other.maxX + gap, y: other.midY - height / 2)
        }
        return r
    }

    /// This box moved along one axis so its `edge` lines up with `other`'s (Manim's align_to).
    public func aligned(_ edge: Edge, with other: CGRect) -> CGRect {
        guard !isNull, !other.isNull else { return self }
        var r = self
        switch edge {
        case .top: r.origin.y = other.minY
        case .bottom: r.origin.y = other.maxY - height
        case .leading: r.origin.x = other.minX
        case .trailing: r.origin.x = other.maxX - width
        }
        return r
    }

    /// This box moved so its centre is `other`'s.
    public func centered(on other: CGRect) -> CGRect {
        guard !isNull, !other.isNull else { return self }
        return CGRect(x: other.midX - width / 2, y: other.midY - height / 2, width: width, height: height)
    }

    /// This box moved the least distance that keeps it `margin` points inside `frame` (centred on
    /// an axis where it is too big to fit).
    public func kept(inside frame: CGRect, margin: CGFloat = 0) -> CGRect {
        guard !isNull, !frame.isNull else { return self }
        let f = frame.insetBy(dx: margin, dy: margin)
        var r = self
        if width > f.width { r.origin.x = f.midX - width / 2 } else { r.origin.x = min(max(r.minX, f.minX), f.maxX - width) }
        if height > f.height { r.origin.y = f.midY - height / 2 } else { r.origin.y = min(max(r.minY, f.minY), f.maxY - height) }
        return r
    }

    /// The offset that moves this box onto `other` (to shift a drawing placed by its box).
    public func offset(to other: CGRect) -> CGSize { CGSize(width: other.minX - minX, height: other.minY - minY) }
}
