import AnimateStoryboard
package import AnimateTimeline
import AnimateMath
import Foundation

/// Which frames of a scene's timeline to render: the first N, or an inclusive range of indices.
public enum FrameSelection: Hashable, Sendable, CustomStringConvertible {
    /// Frames `0..<n`.
    case first(Int)
    /// Frames `first...last`, as indices of the whole timeline.
    case range(Int, Int)

    /// Parses `N` or `A..B`; nil when it is neither.
    public init?(parsing text: String) {
        if let dots = text.range(of: "..") {
            guard let a = Int(text[..<dots.lowerBound]), let b = Int(text[dots.upperBound...]) else { return nil }
            self = .range(a, b)
        } else {
            guard let n = Int(text) else { return nil }
            self = .first(n)
        }
    }

    /// The selected indices, or nil when the selection is empty or negative.
    public var indices: ClosedRange<Int>? {
        switch self {
        case .first(let n): return n >= 1 ? 0...(n - 1) : nil
        case .range(let a, let b): return a >= 0 && a <= b ? a...b : nil
        }
    }

    public var description: String {
        switch self {
        case .first(let n): return "\(n)"
        case .range(let a, let b): return "\(a)..\(b)"
        }
    }
}

extension Storyboard.Section {
    /// The frames of the section at `rate`: the first whose time is at or after its start, to
    /// the last before its end.
    package func frames(at rate: FrameRate) -> FrameSelection {
        let first = Int(saturating: (start * rate.framesPerSecond - 1e-9).rounded(.up))
        let last = max(first, Int(saturating: (end * rate.framesPerSecond - 1e-9).rounded(.up)) - 1)
        return .range(max(first, 0), max(last, 0))
    }
}
