import SwiftUI

struct FlipCards: View {
    var body: some View {
        HStack(spacing: 40) {
            ForEach([0.0, 50], id: \.self) { degrees in
                RoundedRectangle(cornerRadius: 12)
                    .fill(.orange)
                    .frame(width: 100, height: 140)
                    .rotation3DEffect(.degrees(degrees), axis: (x: 0, y: 1, z: 0))
            }
        }
    }
}

#Preview("Flip") {
    FlipCards()
}
