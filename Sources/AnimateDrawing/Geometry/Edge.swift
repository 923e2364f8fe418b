public import Foundation

/// A side of a rectangle, named as SwiftUI names them (leading is the left, trailing the right).
public enum Edge: Int8, CaseIterable, Sendable, Hashable {
    case top, leading, bottom, trailing

    /// The unit vector out of a rectangle through this side (y down).
    public var outward: CGPoint {
        switch self {
        case .top: CGPoint(x: 0, y: -1)
        case .leading: CGPoint(x: -1, y: 0)
        case .bottom: CGPoint(x: 0, y: 1)
        case .trailing: CGPoint(x: 1, y: 0)
        }
    }
}
