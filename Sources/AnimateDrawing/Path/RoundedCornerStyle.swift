/// How a rounded rectangle's corners are drawn, as in SwiftUI.
public enum RoundedCornerStyle: Sendable, Hashable {
    /// Quarter circles (or ellipses) meeting the edges.
    case circular
    /// Corners whose curvature grows smoothly from the edges (Apple's "squircle" corners): each
    /// starts about 1.53 radii from the corner, so edges flow into them without a visible kink.
    case continuous
}
