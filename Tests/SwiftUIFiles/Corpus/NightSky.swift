import SwiftUI

struct NightSky: View {
    var body: some View {
        ZStack {
            ForEach(0..<20) { i in
                Circle()
                    .frame(width: 6, height: 6)
                    .position(x: Double(i * 37 % 350) + 20, y: Double(i * 53 % 700) + 60)
            }
            Text("Good night")
                .font(.largeTitle)
        }
        .preferredColorScheme(.dark)
    }
}

#Preview("Night") {
    NightSky()
}
