import SwiftUI

struct ClockFace: View {
    var body: some View {
        TimelineView(.periodic(from: .now, by: 1)) { timeline in
            Canvas { context, size in
                let center = CGPoint(x: size.width / 2, y: size.height / 2)
                let radius = min(size.width, size.height) / 2 - 10
                context.stroke(Path(ellipseIn: CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)),
                               with: .color(.primary), lineWidth: 4)
                let seconds = Double(Calendar.current.component(.second, from: timeline.date))
                let angle = Angle.degrees(seconds * 6 - 90)
                var hand = Path()
                hand.move(to: center)
                hand.addLine(to: CGPoint(x: center.x + cos(angle.radians) * radius * 0.9,
                                         y: center.y + sin(angle.radians) * radius * 0.9))
                context.stroke(hand, with: .color(.red), style: StrokeStyle(lineWidth: 3, lineCap: .round))
            }
        }
        .frame(width: 300, height: 300)
    }
}

#Preview("Clock") {
    ClockFace()
}
