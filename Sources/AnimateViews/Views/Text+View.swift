public import AnimateText
public import AnimateDrawing
import Foundation

struct FontKey: EnvironmentKey {
    static var defaultValue: Font? { nil }
}

/// A view's `fontWeight`, `fontDesign`, `bold` and `italic`, for the text in it that says none.
struct TextStyleKey: EnvironmentKey {
    static var defaultValue: TextStyle { TextStyle() }
}

struct TextStyle {
    var weight: Font.Weight?
    var design: Font.Design?
    var bold = false
    var italic = false
    var underline: (active: Bool, color: Color?)?
    var strikethrough: (active: Bool, color: Color?)?
}

extension EnvironmentValues {
    /// The font text in a view is set in when it names none (`Font.body` if unset).
    public var font: Font? {
        get { self[FontKey.self] }
        set { self[FontKey.self] = newValue }
    }

    var textStyle: TextStyle {
        get { self[TextStyleKey.self] }
        set { self[TextStyleKey.self] = newValue }
    }
}

extension View {
    /// The font of the text in the view that names none itself.
    public func font(_ font: Font?) -> some View {
        modified(environment: { $0.font = font })
    }

    /// The weight of the text in the view that names none itself, as SwiftUI's `View.fontWeight`.
    public func fontWeight(_ weight: Font.Weight?) -> some View { modified(environment: { $0.textStyle.weight = weight }) }
    /// The design of the text in the view that names none itself, as SwiftUI's `View.fontDesign`.
    public func fontDesign(_ design: Font.Design?) -> some View { modified(environment: { $0.textStyle.design = design }) }
    /// The text in the view in bold.
    public func bold(_ active: Bool = true) -> some View { modified(environment: { $0.textStyle.bold = active }) }
    /// The text in the view in italic.
    public func italic(_ active: Bool = true) -> some View { modified(environment: { $0.textStyle.italic = active }) }
    /// The text in the view underlined.
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> some View {
        modified(environment: { $0.textStyle.underline = (isActive, color) })
    }
    /// The text in the view struck through.
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> some View {
        modified(environment: { $0.textStyle.strikethrough = (isActive, color) })
    }
}

extension Text: View, PrimitiveView {
    public var body: Never { primitiveBody(Self.self) }

    /// Text is as wide as its longest line, wrapped to the width offered.
    final class Node: ViewNode {
        let text: Text
        init(text: Text) { self.text = text }

        func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
            ResolvedText(text: text).measure(in: CGSize(width: proposal.width ?? .infinity, height: proposal.height ?? .infinity))
        }

        func draw(in rect: CGRect, context: GraphicsContext) {
            context.draw(text, in: rect)
        }
    }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        var text = self.font(environment.font)
        let style = environment.textStyle
        if let weight = style.weight { text = text.weightWhereUnset(weight) }
        if let design = style.design { text = text.designWhereUnset(design) }
        if style.bold { text = text.bold() }
        if style.italic { text = text.italic() }
        if let line = style.underline { text = text.underline(line.active, color: line.color) }
        if let line = style.strikethrough { text = text.strikethrough(line.active, color: line.color) }
        if let style = environment.defaultForeground { text = text.foregroundStyle(style) }
        return Node(text: text)
    }
}

extension Label where Title == Text, Icon == Image {
    /// A label with a title and a system symbol (drawn by its open stand-in, `Image(systemName:)`).
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(verbatim: String(title)) }, icon: { Image(systemName: name) })
    }

    /// A label with a title and an image.
    public init<S: StringProtocol>(_ title: S, image: Image) {
        self.init(title: { Text(verbatim: String(title)) }, icon: { image })
    }
}

extension Button where Label == AnimateViews.Label<Text, Image> {
    /// A button showing a title beside a system symbol.
    public init<S: StringProtocol>(_ title: S, systemImage name: String, action: @escaping () -> Void) {
        self.init(action: action) { AnimateViews.Label(title, systemImage: name) }
    }

    public init<S: StringProtocol>(_ title: S, systemImage name: String, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(action: action) { AnimateViews.Label(title, systemImage: name) }
    }
}

extension Button where Label == Text {
    /// A button titled `title`.
    public init(_ title: String, action: @escaping () -> Void) {
        self.init(action: action) { Text(verbatim: title) }
    }
}

extension Section where Header == Text {
    /// A section under a title.
    public init(_ title: String, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(verbatim: title) })
    }
}
