import Animate
import AnimateShapes

/// A whole SwiftUI view as a lesson card: a title, five polygons in a stack turned back and forth
/// by a repeating `withAnimation` started in `onAppear`, and a `TimelineView` + `Canvas` drawing a
/// travelling sine wave, laid out by stacks, frames and padding.
struct PolygonLessonCard: View {
    @State private var turn = 0.0

    var body: some View {
        VStack(spacing: 28) {
            Label("Regular polygons, from SwiftUI views", systemImage: "hexagon")
                .font(.system(size: 44, weight: .semibold))
                .foregroundColor(.orange)
            HStack(spacing: 36) {
                ForEach(3..<8) { sides in
                    VStack(spacing: 10) {
                        RegularPolygon(sides)
                            .fill(Color(hue: Double(sides - 3) / 5, saturation: 0.65, brightness: 0.95))
                            .frame(width: 170, height: 170)
                            .rotationEffect(.degrees(turn * Double(sides) / 3))
                            .shadow(color: .black.opacity(0.35), radius: 8, x: 0, y: 6)
                        Text("\(sides) sides").font(.title2).foregroundColor(.white)
                    }
                }
            }
            TimelineView(.animation) { timeline in
                Canvas { context, size in
                    let t = timeline.date.timeIntervalSinceReferenceDate
                    var wave = Path()
                    for x in stride(from: 0.0, through: size.width, by: 4) {
                        let y = size.height / 2 + size.height * 0.35 * sin(x / size.width * 4 * .pi - t * 2 * .pi / 3)
                        if x == 0 { wave.move(to: CGPoint(x: x, y: y)) } else { wave.addLine(to: CGPoint(x: x, y: y)) }
                    }
                    context.stroke(wave, with: .color(.cyan), lineWidth: 6)
                }
                .frame(height: 260)
                .background(Color.white.opacity(0.06))
                .cornerRadius(18)
            }
            .padding(.horizontal, 90)
        }
        .onAppear {
            withAnimation(.easeInOut(duration: 3).repeatForever(autoreverses: true)) { turn = 120 }
        }
    }
}

let swiftUIView = Scene(name: "swiftui-view", description: "A whole SwiftUI view: stacks, shapes, Canvas in a TimelineView, withAnimation",
                        duration: 6, background: Color(hex: 0x1B1D2A)) {
    PolygonLessonCard()
}
