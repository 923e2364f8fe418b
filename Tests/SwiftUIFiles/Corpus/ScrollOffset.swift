import SwiftUI

struct ScrollOffset: View {
    var body: some View {
        VStack(spacing: 0) {
            Color.gray.frame(height: 200)
            GeometryReader { proxy in
                let y = proxy.frame(in: .named("page")).minY
                Rectangle()
                    .fill(y == 200 ? Color.green : Color.red)
            }
            .frame(height: 100)
        }
        .coordinateSpace(name: "page")
    }
}

#Preview("Offset") {
    ScrollOffset()
}
