import SwiftUI

struct AuroraBackground: View {
    var body: some View {
        MeshGradient(width: 2, height: 2, points: [
            [0, 0], [1, 0],
            [0, 1], [1, 1]
        ], colors: [
            .red, .blue,
            .green, .yellow
        ])
        .ignoresSafeArea()
    }
}

#Preview("Aurora") {
    AuroraBackground()
}
