import Foundation

/// A view kept for drawing frames on any thread: views are values, only read while drawn.
private struct SharedView<V: View>: @unchecked Sendable {
    let view: V
}

extension Scene {
    /// A scene that shows a SwiftUI-style view: each frame the view is offered the frame's size
    /// and centred in it over `background` (a window's white unless given), and a `TimelineView`
    /// in it gets the frame's date, `startDate` (2001-01-01 00:00:00 UTC unless given) plus the
    /// frame's time. The size is the render's; points are pixels.
    ///
    /// ```swift
    /// let spinner = Scene(name: "spinner", description: "A turning square", duration: 4) {
    ///     TimelineView(.animation) { timeline in
    ///         Rectangle().fill(.orange).frame(width: 200, height: 200)
    ///             .rotationEffect(.degrees(timeline.date.timeIntervalSinceReferenceDate * 90))
    ///     }
    /// }
    /// ```
    public init<V: View>(name: String, description: String, duration: Double, size: CGSize = CGSize(width: 1920, height: 1080),
                         startDate: Date? = nil, background: Color? = .white, @ViewBuilder view: () -> V) {
        let shared = SharedView(view: view())
        self.init(name: name, description: description, duration: duration, size: size) { context, frame in
            let rect = CGRect(origin: .zero, size: frame.size)
            if let background { context.fill(Path(rect), with: .color(background)) }
            context.draw(shared.view, in: rect, environment: .frame(at: frame.time, start: startDate))
        }
    }
}
