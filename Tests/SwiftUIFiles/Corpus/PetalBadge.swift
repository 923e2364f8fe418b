import SwiftUI

struct PetalBadge: View {
    var body: some View {
        ZStack {
            ForEach(0..<8) { index in
                Capsule()
                    .fill(Color.green)
                    .frame(width: 20, height: 80)
                    .offset(y: -60)
                    .rotationEffect(.degrees(Double(index) / 8 * 360))
            }
        }
        .frame(width: 300, height: 300)
    }
}

#Preview("Petals") {
    PetalBadge()
}
