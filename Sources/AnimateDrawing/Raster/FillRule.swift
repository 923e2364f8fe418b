/// Which regions of a self-overlapping path count as inside.
public enum FillRule: Sendable, Hashable {
    /// Inside where the winding number is not zero.
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}
