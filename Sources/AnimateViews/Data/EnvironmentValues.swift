public import AnimateDrawing
public import Foundation
import AnimateTimeline

/// A value views inherit from their parents unless a modifier sets it (`.foregroundStyle`,
/// `.font`), as SwiftUI's `EnvironmentKey`.
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// The values views inherit, as SwiftUI's `EnvironmentValues`.
public struct EnvironmentValues: @unchecked Sendable {
    private var values: [ObjectIdentifier: Any] = [:]

    public init() {}

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

struct ForegroundStyleKey: EnvironmentKey {
    static var defaultValue: (any ShapeStyle)? { nil }
}

/// The moment a frame shows: the render's start date plus the frame's time.
struct DateKey: EnvironmentKey {
    static var defaultValue: Date { FrameClock.defaultStartDate }
}

struct StackAxisKey: EnvironmentKey {
    static var defaultValue: Axis? { nil }
}

extension EnvironmentValues {
    /// The axis of the stack a view is directly in (spacers and dividers follow it).
    package var stackAxis: Axis? {
        get { self[StackAxisKey.self] }
        set { self[StackAxisKey.self] = newValue }
    }

    /// What shapes and text are filled with when nothing of their own says (black if unset).
    public var foregroundStyle: (any ShapeStyle)? {
        get { self[ForegroundStyleKey.self] }
        set { self[ForegroundStyleKey.self] = newValue }
    }

    /// The date of the frame being drawn (`TimelineView` hands it to its content).
    public var date: Date {
        get { self[DateKey.self] }
        set { self[DateKey.self] = newValue }
    }
}
