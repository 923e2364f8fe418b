import SwiftUI

struct PathArt: View {
    var body: some View {
        Path { path in
            path.move(to: CGPoint(x: 50, y: 0))
            path.addLine(to: CGPoint(x: 100, y: 100))
            path.addLine(to: CGPoint(x: 0, y: 100))
            path.closeSubpath()
        }
        .fill(Color.mint)
        .frame(width: 100, height: 100)
    }
}

#Preview("Path") {
    PathArt()
}
