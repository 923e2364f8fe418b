import SwiftUI

struct Wave: Shape {
    var phase: Double
    var animatableData: Double {
        get { phase }
        set { phase = newValue }
    }

    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: rect.midY))
        for x in stride(from: 0, through: rect.width, by: 2) {
            let y = rect.midY + sin(x / rect.width * 4 * .pi + phase) * rect.height / 4
            path.addLine(to: CGPoint(x: x, y: y))
        }
        return path
    }
}

struct WaveView: View {
    var body: some View {
        Wave(phase: 0)
            .stroke(Color.blue, lineWidth: 4)
            .frame(width: 300, height: 200)
    }
}

#Preview("Wave") {
    WaveView()
}
