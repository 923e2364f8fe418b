import AnimateDrawing
public import AnimateText
import Foundation

/// A switch with its label, as SwiftUI's `Toggle` draws it on iOS: the label leading, the switch
/// trailing (green and knob right when on, grey and knob left when off). A scripted user's tap
/// (`Tap("Wi-Fi")`, by its title) flips it.
public struct Toggle<Label: View>: View {
    let isOn: Bool
    let binding: Binding<Bool>
    let label: Label
    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled

    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn.wrappedValue
        binding = isOn
        self.label = label()
    }

    public var body: some View {
        let binding = self.binding, enabled = isEnabled
        return drawn.opacity(enabled ? 1 : 0.4).touchTarget(label: (label as? Text)?.string) { target in
            target.tap = { _ in if enabled { binding.wrappedValue.toggle() } }
        }
    }

    private var drawn: some View {
        HStack(spacing: 8) {
            label
            Spacer(minLength: 8)
            ZStack(alignment: isOn ? .trailing : .leading) {
                Capsule().fill(isOn ? tint ?? Color.green : ControlColors.fill).frame(width: 51, height: 31)
                Circle().fill(Color.white)
                    .shadow(color: Color.black.opacity(0.15), radius: 4, x: 0, y: 3)
                    .frame(width: 27, height: 27)
                    .padding(2)
            }
        }
    }
}

extension Toggle where Label == Text {
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(String(title)) }
    }
}

/// The greys iOS draws controls with (light mode).
enum ControlColors {
    /// A control's unfilled part: a switch that is off, a slider's or progress bar's track.
    static let fill = Color(red: 120.0 / 255, green: 120.0 / 255, blue: 128.0 / 255, opacity: 0.16)
    /// A stepper's background.
    static let stepper = Color(red: 118.0 / 255, green: 118.0 / 255, blue: 128.0 / 255, opacity: 0.12)
    /// A line between a control's parts.
    static var separator: Color { Color.label(opacity: 0.29) }
    /// A part that cannot be used (a stepper's end at its bound).
    static var disabled: Color { Color.label(opacity: 0.3) }
}
