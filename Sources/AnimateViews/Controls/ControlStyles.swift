public import AnimateDrawing
public import AnimateText
public import Foundation

/// How a `Label` shows itself, as SwiftUI's label styles: title and icon, the icon alone or the title alone.
public struct LabelStyleChoice: Sendable, Hashable {
    let showsTitle: Bool, showsIcon: Bool
    public static let automatic = LabelStyleChoice(showsTitle: true, showsIcon: true)
    public static let titleAndIcon = LabelStyleChoice(showsTitle: true, showsIcon: true)
    public static let iconOnly = LabelStyleChoice(showsTitle: false, showsIcon: true)
    public static let titleOnly = LabelStyleChoice(showsTitle: true, showsIcon: false)
}

/// How a `Button` draws itself, as SwiftUI's button styles on iOS: its label in the accent colour
/// (`.automatic`, `.borderless`), on a tinted rounded background (`.bordered`), white on an accent
/// one (`.borderedProminent`), or as it is (`.plain`).
public struct ButtonStyleChoice: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case automatic, plain, bordered, prominent }
    let kind: Kind
    public static let automatic = ButtonStyleChoice(kind: .automatic)
    public static let borderless = ButtonStyleChoice(kind: .automatic)
    public static let plain = ButtonStyleChoice(kind: .plain)
    public static let bordered = ButtonStyleChoice(kind: .bordered)
    public static let borderedProminent = ButtonStyleChoice(kind: .prominent)
}

/// The size of controls, as SwiftUI's `ControlSize`: a bordered button's padding follows it.
public enum ControlSize: Sendable, Hashable, CaseIterable { case mini, small, regular, large, extraLarge }

/// How a `TextField` draws its box, as SwiftUI's text field styles: none (`.automatic`, `.plain`)
/// or a thin rounded border (`.roundedBorder`).
public struct TextFieldStyleChoice: Sendable, Hashable {
    let bordered: Bool
    public static let automatic = TextFieldStyleChoice(bordered: false)
    public static let plain = TextFieldStyleChoice(bordered: false)
    public static let roundedBorder = TextFieldStyleChoice(bordered: true)
}

/// How a `Picker` draws itself at rest, as SwiftUI's picker styles on iOS: the chosen option in
/// the accent colour with up-and-down chevrons (`.automatic`, `.menu`), or a segmented control.
public struct PickerStyleChoice: Sendable, Hashable {
    let segmented: Bool
    public static let automatic = PickerStyleChoice(segmented: false)
    public static let menu = PickerStyleChoice(segmented: false)
    public static let wheel = PickerStyleChoice(segmented: false)
    public static let inline = PickerStyleChoice(segmented: false)
    public static let navigationLink = PickerStyleChoice(segmented: false)
    public static let palette = PickerStyleChoice(segmented: true)
    public static let segmented = PickerStyleChoice(segmented: true)
}

struct LabelStyleKey: EnvironmentKey { static var defaultValue: LabelStyleChoice { .automatic } }
struct ButtonStyleKey: EnvironmentKey { static var defaultValue: ButtonStyleChoice { .automatic } }
struct ControlSizeKey: EnvironmentKey { static var defaultValue: ControlSize { .regular } }
struct TextFieldStyleKey: EnvironmentKey { static var defaultValue: TextFieldStyleChoice { .automatic } }
struct PickerStyleKey: EnvironmentKey { static var defaultValue: PickerStyleChoice { .automatic } }

extension EnvironmentValues {
    var labelStyle: LabelStyleChoice { get { self[LabelStyleKey.self] } set { self[LabelStyleKey.self] = newValue } }
    var buttonStyle: ButtonStyleChoice { get { self[ButtonStyleKey.self] } set { self[ButtonStyleKey.self] = newValue } }
    public var controlSize: ControlSize { get { self[ControlSizeKey.self] } set { self[ControlSizeKey.self] = newValue } }
    var textFieldStyle: TextFieldStyleChoice { get { self[TextFieldStyleKey.self] } set { self[TextFieldStyleKey.self] = newValue } }
    var pickerStyle: PickerStyleChoice { get { self[PickerStyleKey.self] } set { self[PickerStyleKey.self] = newValue } }
}

extension View {
    /// The labels in the view shown as `style` says.
    public func labelStyle(_ style: LabelStyleChoice) -> some View { modified(environment: { $0.labelStyle = style }) }
    /// The buttons in the view drawn as `style` says.
    public func buttonStyle(_ style: ButtonStyleChoice) -> some View { modified(environment: { $0.buttonStyle = style }) }
    /// The size of the controls in the view.
    public func controlSize(_ size: ControlSize) -> some View { modified(environment: { $0.controlSize = size }) }
    /// The text fields in the view drawn as `style` says.
    public func textFieldStyle(_ style: TextFieldStyleChoice) -> some View { modified(environment: { $0.textFieldStyle = style }) }
    /// The pickers in the view drawn as `style` says.
    public func pickerStyle(_ style: PickerStyleChoice) -> some View { modified(environment: { $0.pickerStyle = style }) }
    /// A symbol effect (it plays when a value changes on a device; a symbol at rest here).
    public func symbolEffect<V: Equatable>(_ effect: SymbolEffectKind, options: SymbolEffectOptions = .default, value: V) -> Self { self }
    public func symbolEffect(_ effect: SymbolEffectKind, options: SymbolEffectOptions = .default, isActive: Bool = true) -> Self { self }
    /// How the view's content changes when it does (accepted: it changes at once).
    public func contentTransition(_ transition: ContentTransition) -> Self { self }
}

/// Options of a symbol effect (accepted).
public struct SymbolEffectOptions: Sendable {
    public static let `default` = SymbolEffectOptions()
    public static let repeating = SymbolEffectOptions()
    public static let nonRepeating = SymbolEffectOptions()
    public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions() }
    public static func `repeat`(_ count: Int) -> SymbolEffectOptions { SymbolEffectOptions() }
}

/// A symbol effect's kind, as SwiftUI's (accepted).
public struct SymbolEffectKind: Sendable {
    public static let bounce = SymbolEffectKind(), pulse = SymbolEffectKind(), variableColor = SymbolEffectKind()
    public static let scale = SymbolEffectKind(), appear = SymbolEffectKind(), disappear = SymbolEffectKind()
    public static let replace = SymbolEffectKind(), wiggle = SymbolEffectKind(), rotate = SymbolEffectKind(), breathe = SymbolEffectKind()
    public var up: SymbolEffectKind { self }
    public var down: SymbolEffectKind { self }
    public var byLayer: SymbolEffectKind { self }
    public var wholeSymbol: SymbolEffectKind { self }
}

/// How content changes, as SwiftUI's `ContentTransition` (accepted).
public struct ContentTransition: Sendable {
    public static let identity = ContentTransition(), opacity = ContentTransition(), interpolate = ContentTransition()
    public static let numericText = ContentTransition()
    public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition() }
    public static func numericText(value: Double) -> ContentTransition { ContentTransition() }
    public static func symbolEffect(_ kind: SymbolEffectKind = .replace) -> ContentTransition { ContentTransition() }
}
