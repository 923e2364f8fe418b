import AnimateDrawing
import Foundation

/// A title with an icon beside it, as SwiftUI's `Label`. System symbols (SF Symbols) are Apple's
/// and not drawn here: a label named by one shows its title alone.
public struct Label<Title: View, Icon: View>: View {
    let title: Title
    let icon: Icon

    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    public var body: some View {
        HStack(spacing: 8) {
            icon
            title
        }
    }
}
