public import AnimateDrawing
public import AnimateText
public import Foundation

/// A text field at rest, as SwiftUI's `TextField` draws it on iOS: its text, or its prompt in the
/// placeholder grey when the text is empty, leading; in a thin rounded box with
/// `.textFieldStyle(.roundedBorder)`. A render never types in it.
public struct TextField<Label: View>: View {
    let text: String
    let prompt: Text
    let secure: Bool
    @Environment(\.textFieldStyle) private var style

    init(text: String, prompt: Text, secure: Bool = false) {
        self.text = text
        self.prompt = prompt
        self.secure = secure
    }

    public var body: some View {
        let shown = text.isEmpty ? prompt.foregroundColor(Color.label(opacity: 0.3))
            : Text(verbatim: secure ? String(repeating: "\u{2022}", count: text.count) : text)
        let line = HStack(spacing: 0) {
            shown.lineLimit(1)
            Spacer(minLength: 0)
        }
        return Group {
            if style.bordered {
                line.padding(.horizontal, 7).padding(.vertical, 6)
                    .background(RoundedRectangle(cornerRadius: 5).fill(Color.white))
                    .overlay(RoundedRectangle(cornerRadius: 5).stroke(Color.label(opacity: 0.2), lineWidth: 0.5))
            } else {
                line
            }
        }
    }
}

extension TextField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.init(text: text.wrappedValue, prompt: Text(titleKey))
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(text: text.wrappedValue, prompt: Text(verbatim: String(title)))
    }

    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {
        self.init(text: text.wrappedValue, prompt: prompt ?? Text(titleKey))
    }

    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {
        self.init(text: text.wrappedValue, prompt: Text(titleKey))
    }

    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, onEditingChanged: @escaping (Bool) -> Void, onCommit: @escaping () -> Void = {}) {
        self.init(text: text.wrappedValue, prompt: Text(titleKey))
    }

    /// A field showing a value written by `format` (`.number`, `.currency(code:)`).
    public init<F: ParseableFormatStyle>(_ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, format: F) where F.FormatOutput == String {
        self.init(text: format.format(value.wrappedValue), prompt: Text(titleKey))
    }
}

/// A field for secrets, as SwiftUI's `SecureField`: its text as dots.
public struct SecureField<Label: View>: View {
    let field: TextField<Label>
    public var body: some View { field }
}

extension SecureField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        field = TextField(text: text.wrappedValue, prompt: Text(titleKey), secure: true)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        field = TextField(text: text.wrappedValue, prompt: Text(verbatim: String(title)), secure: true)
    }
}
