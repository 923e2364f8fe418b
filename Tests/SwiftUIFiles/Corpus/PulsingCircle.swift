import SwiftUI

struct PulsingCircle: View {
    @State private var isPulsing = false
    var body: some View {
        Circle()
            .fill(.red)
            .frame(width: 100, height: 100)
            .scaleEffect(isPulsing ? 2 : 1)
            .onAppear {
                withAnimation(.easeInOut(duration: 1).repeatForever(autoreverses: true)) {
                    isPulsing = true
                }
            }
    }
}

#Preview("Pulse") {
    PulsingCircle()
}
