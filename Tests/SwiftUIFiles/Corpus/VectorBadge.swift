import SwiftUI

/// A PDF image set shown large (vectors stay sharp) and as a template in the accent colour.
struct VectorBadge: View {
    var body: some View {
        HStack(spacing: 20) {
            Image("Badge")
                .resizable()
                .frame(width: 160, height: 160)
            Image("Badge")
                .renderingMode(.template)
                .resizable()
                .scaledToFit()
                .frame(width: 80)
                .foregroundStyle(.green)
        }
    }
}

#Preview("Badge") {
    VectorBadge()
}
