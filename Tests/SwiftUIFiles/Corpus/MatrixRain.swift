import SwiftUI

/// A rain of drops whose canvas moves its model each time it draws, as particle effects do.
final class RainModel {
    var drops: [CGPoint] = []
    var frames = 0

    func step(width: Double) {
        frames += 1
        if frames % 6 == 0 { drops.append(CGPoint(x: Double(frames * 37 % Int(max(width, 1))), y: 0)) }
        for i in drops.indices { drops[i].y += 3 }
    }
}

struct MatrixRain: View {
    @State private var rain = RainModel()
    var body: some View {
        TimelineView(.animation) { _ in
            Canvas { context, size in
                rain.step(width: size.width)
                for drop in rain.drops {
                    context.fill(Path(roundedRect: CGRect(x: drop.x, y: drop.y, width: 4, height: 14), cornerRadius: 2), with: .color(.green))
                }
                context.draw(Text("\(rain.frames)").font(.caption).foregroundStyle(.white), at: CGPoint(x: 30, y: 20))
            }
        }
        .background(Color.black)
    }
}

#Preview("Rain") {
    MatrixRain()
}
