import Foundation
import AnimateDrawing
public import AnimateText

/// A button, as SwiftUI's `Button` draws it on iOS: its label in the accent colour (where the
/// label sets no colour of its own). A scripted user's tap on it (`touches`) runs its action; a
/// touch track may name it by its title.
public struct Button<Label: View>: View {
    let label: Label
    let action: () -> Void
    let title: String?
    @Environment(\.tint) private var tint
    @Environment(\.buttonStyle) private var style
    @Environment(\.controlSize) private var size
    @Environment(\.isEnabled) private var isEnabled

    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.action = action
        title = (self.label as? Text)?.string
    }

    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) { self.init(action: action, label: label) }

    public var body: some View {
        let action = self.action, enabled = isEnabled
        // Disabled: drawn faded, and a tap does nothing.
        return styled.opacity(enabled ? 1 : 0.4).touchTarget(label: title) { $0.tap = enabled ? { _ in action() } : { _ in } }
    }

    private var styled: AnyView {
        let accent = tint ?? .accentColor
        // Padding of bordered buttons by control size: iOS's small, regular and large.
        let (h, v): (CGFloat, CGFloat) = switch size {
        case .mini, .small: (10, 5)
        case .regular: (12, 7)
        case .large, .extraLarge: (20, 14)
        }
        switch style.kind {
        case .automatic:
            return AnyView(label.foregroundColor(accent))
        case .plain:
            return AnyView(label)
        case .bordered:
            return AnyView(label.foregroundColor(accent).padding(.horizontal, h).padding(.vertical, v)
                .background(RoundedRectangle(cornerRadius: 8).fill(accent.opacity(0.15))))
        case .prominent:
            return AnyView(label.foregroundColor(.white).padding(.horizontal, h).padding(.vertical, v)
                .background(RoundedRectangle(cornerRadius: 8).fill(accent)))
        }
    }
}

extension Button where Label == Text {
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) { self.init(action: action) { Text(String(title)) } }
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping () -> Void) { self.init(action: action) { Text(String(title)) } }
}

/// What a button does, as SwiftUI's `ButtonRole` (accepted).
public struct ButtonRole: Hashable, Sendable {
    let name: String
    public static let destructive = ButtonRole(name: "destructive")
    public static let cancel = ButtonRole(name: "cancel")
}

struct IsEnabledKey: EnvironmentKey {
    static var defaultValue: Bool { true }
}

extension EnvironmentValues {
    /// Whether controls take touches (`disabled(_:)` turns it off for what it holds).
    public var isEnabled: Bool {
        get { self[IsEnabledKey.self] }
        set { self[IsEnabledKey.self] = newValue }
    }
}

extension View {
    /// Turns off the controls in the view when `disabled` (they are drawn faded and ignore taps), as SwiftUI's.
    public func disabled(_ disabled: Bool) -> some View {
        modified(environment: { if disabled { $0.isEnabled = false } })
    }
}
