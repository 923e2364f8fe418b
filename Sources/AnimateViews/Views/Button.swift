/// A button, as SwiftUI's `Button`: its label drawn; a render never presses it.
public struct Button<Label: View>: View {
    let label: Label

    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) { self.label = label() }

    public var body: some View { label }
}
