import SwiftUI

struct CardStyle: ViewModifier {
    func body(content: Content) -> some View {
        content
            .padding()
            .background(Color.yellow)
            .clipShape(RoundedRectangle(cornerRadius: 16))
    }
}

extension View {
    func cardStyle() -> some View {
        modifier(CardStyle())
    }
}

struct CardDemo: View {
    var body: some View {
        Text("Modifiers are types")
            .font(.title2)
            .cardStyle()
    }
}

#Preview("Card") {
    CardDemo()
}
