import Foundation

/// Boolean operations on shapes, as SwiftUI's `Path` has them: each returns a real path (curves
/// kept as curves where they survive, with bounds), whose subpaths are closed and wound so the
/// inside is filled under either fill rule. `eoFill` says how each operand's own inside is read.
/// Touching and overlapping edges are handled: edges along each other are made one.
extension Path {
    /// The area covered by this path or `other`.
    public func union(_ other: Path, eoFill: Bool = false) -> Path { PathBoolean.combine(self, other, .union, evenOdd: eoFill) }

    /// The area covered by both this path and `other`.
    public func intersection(_ other: Path, eoFill: Bool = false) -> Path { PathBoolean.combine(self, other, .intersection, evenOdd: eoFill) }

    /// The area covered by this path and not by `other`.
    public func subtracting(_ other: Path, eoFill: Bool = false) -> Path { PathBoolean.combine(self, other, .subtraction, evenOdd: eoFill) }

    /// The area covered by exactly one of this path and `other`.
    public func symmetricDifference(_ other: Path, eoFill: Bool = false) -> Path {
        PathBoolean.combine(self, other, .symmetricDifference, evenOdd: eoFill)
    }

    /// The parts of this path's outline (its lines, as stroked) that lie inside `other`'s area.
    public func lineIntersection(_ other: Path, eoFill: Bool = false) -> Path { PathBoolean.lines(self, other, inside: true, evenOdd: eoFill) }

    /// The parts of this path's outline (its lines, as stroked) that lie outside `other`'s area.
    public func lineSubtraction(_ other: Path, eoFill: Bool = false) -> Path { PathBoolean.lines(self, other, inside: false, evenOdd: eoFill) }

    /// The same area without overlaps: every edge inside the shape removed, crossings resolved,
    /// contours wound so both fill rules fill what `eoFill` says this path fills.
    public func normalized(eoFill: Bool = true) -> Path { PathBoolean.combine(self, Path(), .normalize, evenOdd: eoFill) }
}
