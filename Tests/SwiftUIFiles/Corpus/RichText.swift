import SwiftUI

struct RichText: View {
    let rating = 4.75
    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("**Bold** and *italic* and `code`")
            Text("\(Image(systemName: "star.fill")) \(rating, specifier: "%.1f") stars")
                .foregroundStyle(.orange)
            Text("~~Struck~~ and [a link](https://example.com)")
        }
        .font(.title2)
    }
}

#Preview("Rich") {
    RichText()
}
