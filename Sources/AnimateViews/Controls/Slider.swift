import AnimateDrawing
import Foundation

/// A slider, as SwiftUI's `Slider` draws it on iOS: a thin track filled with the accent colour up
/// to its value, a white knob there, and its minimum and maximum labels at the ends when given
/// (its label, as on iOS, is not shown). A scripted user's drag along it sets its value (on its
/// step), from where the finger is on the track.
public struct Slider<Label: View, ValueLabel: View>: View {
    let fraction: Double
    /// Sets the value to a fraction of the way between the bounds (on its step).
    var setFraction: (Double) -> Void = { _ in }
    let minimumValueLabel: ValueLabel?
    let maximumValueLabel: ValueLabel?
    @Environment(\.tint) private var tint

    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride = 0,
                                        @ViewBuilder label: () -> Label, @ViewBuilder minimumValueLabel: () -> ValueLabel,
                                        @ViewBuilder maximumValueLabel: () -> ValueLabel, onEditingChanged: @escaping (Bool) -> Void = { _ in })
        where V.Stride: BinaryFloatingPoint {
        fraction = Self.fraction(value.wrappedValue, bounds, step: step)
        self.minimumValueLabel = minimumValueLabel()
        self.maximumValueLabel = maximumValueLabel()
        setFraction = Self.setter(value, bounds, step: step)
    }

    /// What sets `value` to a fraction of `bounds`, rounded to `step` when it has one.
    static func setter<V: BinaryFloatingPoint>(_ value: Binding<V>, _ bounds: ClosedRange<V>, step: V.Stride) -> (Double) -> Void where V.Stride: BinaryFloatingPoint {
        { f in
            let span = Double(bounds.upperBound - bounds.lowerBound)
            var offset = min(max(f, 0), 1) * span
            if Double(step) > 0 { offset = (offset / Double(step)).rounded() * Double(step) }
            value.wrappedValue = min(max(bounds.lowerBound + V(offset), bounds.lowerBound), bounds.upperBound)
        }
    }

    /// Where `value` stands between the bounds, 0...1, on a step when it has one.
    static func fraction<V: BinaryFloatingPoint>(_ value: V, _ bounds: ClosedRange<V>, step: V.Stride) -> Double where V.Stride: BinaryFloatingPoint {
        let span = Double(bounds.upperBound - bounds.lowerBound)
        guard span > 0, span.isFinite else { return 0 }
        var offset = Double(value - bounds.lowerBound)
        let stride = Double(step)
        if stride > 0 { offset = (offset / stride).rounded() * stride }
        let f = offset / span
        return f.isFinite ? min(max(f, 0), 1) : 0
    }

    public var body: some View {
        HStack(spacing: 8) {
            if let minimumValueLabel { minimumValueLabel }
            GeometryReader { proxy in
                let width = proxy.size.width
                ZStack(alignment: .leading) {
                    Capsule().fill(ControlColors.fill).frame(width: width, height: 4)
                    Capsule().fill(tint ?? Color.accentColor).frame(width: max(0, width * fraction), height: 4)
                    Circle().fill(Color.white)
                        .shadow(color: Color.black.opacity(0.15), radius: 4, x: 0, y: 3)
                        .frame(width: 28, height: 28)
                        .offset(x: max(0, width - 28) * fraction)
                }
                .frame(width: width, height: proxy.size.height)
                .contentShape(Rectangle())
                .gesture(DragGesture(minimumDistance: 0).onChanged { [setFraction] drag in
                    // The knob's centre under the finger, along the track's width less the knob's.
                    setFraction(Double((drag.location.x - 14) / max(width - 28, 1)))
                })
            }
            .frame(minWidth: 28)
            .frame(height: 28)
            if let maximumValueLabel { maximumValueLabel }
        }
    }
}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride = 0,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        fraction = Self.fraction(value.wrappedValue, bounds, step: step)
        minimumValueLabel = nil
        maximumValueLabel = nil
        setFraction = Self.setter(value, bounds, step: step)
    }
}

extension Slider where ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride = 0,
                                        @ViewBuilder label: () -> Label, onEditingChanged: @escaping (Bool) -> Void = { _ in })
        where V.Stride: BinaryFloatingPoint {
        fraction = Self.fraction(value.wrappedValue, bounds, step: step)
        minimumValueLabel = nil
        maximumValueLabel = nil
        setFraction = Self.setter(value, bounds, step: step)
    }
}
