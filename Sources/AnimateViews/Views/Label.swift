import AnimateDrawing
import Foundation

/// A title with an icon beside it, as SwiftUI's `Label` (a system symbol's icon is its open
/// stand-in, as `Image(systemName:)` draws it).
public struct Label<Title: View, Icon: View>: View {
    let title: Title
    let icon: Icon

    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    @Environment(\.labelStyle) private var style

    public var body: some View {
        HStack(spacing: 8) {
            if style.showsIcon { icon }
            if style.showsTitle { title }
        }
    }
}
