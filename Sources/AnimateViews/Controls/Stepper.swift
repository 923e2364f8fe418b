import AnimateDrawing
public import AnimateText
import Foundation

/// A stepper with its label, as SwiftUI's `Stepper` draws it on iOS: the label leading, a rounded
/// pair of − and + trailing, a side greyed out at its bound. A scripted user's tap on a side
/// (`Tap("Increment")`, `Tap("Decrement")`, or a point) steps it.
public struct Stepper<Label: View>: View {
    let label: Label
    let canDecrement: Bool
    let canIncrement: Bool
    var increment: () -> Void = {}
    var decrement: () -> Void = {}

    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               @ViewBuilder label: () -> Label, onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.label = label()
        canDecrement = value.wrappedValue > bounds.lowerBound
        canIncrement = value.wrappedValue < bounds.upperBound
        increment = { value.wrappedValue = min(value.wrappedValue.advanced(by: step), bounds.upperBound) }
        decrement = { value.wrappedValue = max(value.wrappedValue.advanced(by: -step), bounds.lowerBound) }
    }

    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.label = label()
        canDecrement = true
        canIncrement = true
        increment = { value.wrappedValue = value.wrappedValue.advanced(by: step) }
        decrement = { value.wrappedValue = value.wrappedValue.advanced(by: -step) }
    }

    public init(@ViewBuilder label: () -> Label, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.label = label()
        canDecrement = onDecrement != nil
        canIncrement = onIncrement != nil
        increment = onIncrement ?? {}
        decrement = onDecrement ?? {}
    }

    public var body: some View {
        HStack(spacing: 8) {
            label
            Spacer(minLength: 8)
            HStack(spacing: 0) {
                sign("−", enabled: canDecrement).frame(width: 47, height: 32)
                    .touchTarget(label: "Decrement") { [decrement, canDecrement] in $0.tap = { _ in if canDecrement { decrement() } } }
                Rectangle().fill(ControlColors.separator).frame(width: 1, height: 18)
                sign("+", enabled: canIncrement).frame(width: 46, height: 32)
                    .touchTarget(label: "Increment") { [increment, canIncrement] in $0.tap = { _ in if canIncrement { increment() } } }
            }
            .background(RoundedRectangle(cornerRadius: 8).fill(ControlColors.stepper))
        }
    }

    private func sign(_ text: String, enabled: Bool) -> some View {
        Text(text).font(.system(size: 22, weight: .medium)).foregroundColor(enabled ? Color.primary : ControlColors.disabled)
    }
}

extension Stepper where Label == Text {
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                                                  onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, in: bounds, step: step, label: { Text(String(title)) }, onEditingChanged: onEditingChanged)
    }

    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, step: V.Stride = 1,
                                                  onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, step: step, label: { Text(String(title)) }, onEditingChanged: onEditingChanged)
    }

    public init<S: StringProtocol>(_ title: S, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                                   onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(label: { Text(String(title)) }, onIncrement: onIncrement, onDecrement: onDecrement, onEditingChanged: onEditingChanged)
    }
}
