import SwiftUI

struct SpinningGear: View {
    @State private var spin = false
    var body: some View {
        Rectangle()
            .fill(.orange)
            .frame(width: 200, height: 40)
            .rotationEffect(.degrees(spin ? 360 : 0))
            .animation(.linear(duration: 4).repeatForever(autoreverses: false), value: spin)
            .onAppear { spin = true }
    }
}

#Preview("Spin") {
    SpinningGear()
}
