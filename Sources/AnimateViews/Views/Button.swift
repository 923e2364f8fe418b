import Foundation
import AnimateDrawing
public import AnimateText

/// A button, as SwiftUI's `Button` draws it on iOS: its label in the accent colour (where the
/// label sets no colour of its own); a render never presses it.
public struct Button<Label: View>: View {
    let label: Label
    @Environment(\.tint) private var tint
    @Environment(\.buttonStyle) private var style
    @Environment(\.controlSize) private var size

    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) { self.label = label() }

    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) { self.label = label() }

    public var body: some View {
        let accent = tint ?? .accentColor
        // Padding of bordered buttons by control size: iOS's small, regular and large.
        let (h, v): (CGFloat, CGFloat) = switch size {
        case .mini, .small: (10, 5)
        case .regular: (12, 7)
        case .large, .extraLarge: (20, 14)
        }
        switch style.kind {
        case .automatic:
            AnyView(label.foregroundColor(accent))
        case .plain:
            AnyView(label)
        case .bordered:
            AnyView(label.foregroundColor(accent).padding(.horizontal, h).padding(.vertical, v)
                .background(RoundedRectangle(cornerRadius: 8).fill(accent.opacity(0.15))))
        case .prominent:
            AnyView(label.foregroundColor(.white).padding(.horizontal, h).padding(.vertical, v)
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
