import AnimateDrawing
public import AnimateText
import Foundation

/// Progress, as SwiftUI's `ProgressView` draws it on iOS: with a value, a thin track filled with
/// the accent colour that far, its label above; without one, a spinner of eight spokes that turns
/// an eighth every eighth of a second of the frame's time, its label below.
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    let fraction: Double?
    let label: Label?
    @Environment(\.tint) private var tint

    init(fraction: Double?, label: Label?) {
        self.fraction = fraction
        self.label = label
    }

    public var body: some View {
        if let fraction {
            VStack(alignment: .leading, spacing: 6) {
                if let label { label }
                GeometryReader { proxy in
                    ZStack(alignment: .leading) {
                        Capsule().fill(ControlColors.fill).frame(width: proxy.size.width, height: 4)
                        Capsule().fill(tint ?? Color.accentColor).frame(width: proxy.size.width * fraction, height: 4)
                    }
                }
                .frame(height: 4)
            }
        } else {
            VStack(spacing: 8) {
                TimelineView(.animation) { timeline in
                    let step = Int((timeline.date.timeIntervalSinceReferenceDate * 8).rounded(.down)) % 8
                    ZStack {
                        ForEach(0..<8, id: \.self) { spoke in
                            Capsule()
                                .fill(Color.gray.opacity(0.25 + 0.75 * Double((spoke - step + 8) % 8) / 7))
                                .frame(width: 2.5, height: 6)
                                .offset(y: -6.5)
                                .rotationEffect(.degrees(Double(spoke) * 45))
                        }
                    }
                    .frame(width: 20, height: 20)
                }
                if let label { label.foregroundColor(Color.secondary) }
            }
        }
    }

    static func fraction<V: BinaryFloatingPoint>(_ value: V?, total: V) -> Double? {
        guard let value else { return nil }
        let f = Double(value) / Double(total)
        return f.isFinite ? min(max(f, 0), 1) : 0
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// A spinner.
    public init() { self.init(fraction: nil, label: nil) }
    /// A bar filled `value / total` of the way (a spinner when `value` is nil).
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) { self.init(fraction: Self.fraction(value, total: total), label: nil) }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    public init<S: StringProtocol>(_ title: S) { self.init(fraction: nil, label: Text(String(title))) }
    public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1.0) {
        self.init(fraction: Self.fraction(value, total: total), label: Text(String(title)))
    }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    public init(@ViewBuilder label: () -> Label) { self.init(fraction: nil, label: label()) }
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        self.init(fraction: Self.fraction(value, total: total), label: label())
    }
}
