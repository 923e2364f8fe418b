import AnimateDrawing
public import AnimateText

/// A button, as SwiftUI's `Button` draws it on iOS: its label in the accent colour (where the
/// label sets no colour of its own); a render never presses it.
public struct Button<Label: View>: View {
    let label: Label
    @Environment(\.tint) private var tint

    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) { self.label = label() }

    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) { self.label = label() }

    public var body: some View { label.foregroundColor(tint ?? .accentColor) }
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
