public import AnimateDrawing
import AnimateTimeline
public import AnimateViews
public import Foundation

/// A view kept for drawing frames on any thread: views are values, only read while drawn.
private struct SharedView<V: View>: @unchecked Sendable {
    let view: V
}

/// Makes `view` and lays it out in `rect` without drawing it: an update of its state (its
/// actions run, a `GeometryReader`'s content included).
private func update<V: View>(_ view: V, in rect: CGRect, _ environment: EnvironmentValues) {
    var environment = environment
    environment.windowSize = rect.size
    let node = makeNode(view, environment)
    node.prepare(in: place(node.sizeThatFits(ProposedViewSize(rect.size)), in: rect, alignment: .center))
}

/// The views' state a view scene has reached: copied before it changes, so the stepper's earlier
/// states and the frames drawn from them never see a later change.
private struct ViewSceneState: @unchecked Sendable {
    let store: ViewStateStore
}

extension Scene {
    /// A scene that shows a SwiftUI-style view: each frame the view is offered the frame and
    /// centred in it over `background` (a window's white unless given; black when the view asks for
    /// `.preferredColorScheme(.dark)`), and a `TimelineView` in
    /// it gets the frame's date, `startDate` (2001-01-01 00:00:00 UTC unless given) plus the
    /// frame's time. The view is laid out in points of `size`, a pixel each at that size and
    /// scaled with the render (at half the size, a point is half a pixel; a render of another
    /// shape gives the view more points along its longer side).
    ///
    /// The views' `@State` lives as SwiftUI keeps it, by each view's place: the view is made 60
    /// times a second of scene time, whatever the frame rate, running its `onAppear` and
    /// `onChange` actions as it goes; a frame at time t is made once more at t and shows the state
    /// those updates reached, so it is the same drawn alone or in a run.
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
        let shared = SharedView(view: FrameClock.at(time: 0, start: startDate, view))
        self.init(name: name, description: description, duration: duration, size: size,
                  initialState: ViewSceneState(store: ViewStateStore()),
                  update: { state, tick in
                      let store = state.store.copy()
                      store.beginUpdate(at: tick.time)
                      var environment = EnvironmentValues.frame(at: tick.time, start: startDate)
                      environment.stateStore = store
                      FrameClock.withDate(environment.date) {
                          store.withCurrent { update(shared.view, in: CGRect(origin: .zero, size: size), environment) }
                      }
                      state = ViewSceneState(store: store)
                  },
                  draw: { context, state, frame in
                      let whole = CGRect(origin: .zero, size: frame.size)
                      // Points of the scene's size, scaled to the render's.
                      let s = min(frame.size.width / size.width, frame.size.height / size.height)
                      let scale = s.isFinite && s > 0 ? s : 1
                      let rect = CGRect(x: 0, y: 0, width: frame.size.width / scale, height: frame.size.height / scale)
                      var environment = EnvironmentValues.frame(at: frame.time, start: startDate)
                      let store = state.store.copy()
                      store.beginUpdate(at: frame.time)
                      environment.stateStore = store
                      // The frame's own update first (its actions, the changes `.animation(_:value:)`
                      // animates), then the view as that leaves it.
                      FrameClock.withDate(environment.date) { store.withCurrent { update(shared.view, in: rect, environment) } }
                      // A view that asked for a dark window gets one: black where the window is
                      // white, and the dark scheme for all of it.
                      let dark = store.preferredColorScheme == .dark
                      if dark { environment.colorScheme = .dark }
                      if let background { context.fill(Path(whole), with: .color(dark && background == .white ? .black : background)) }
                      context.scaleBy(x: scale, y: scale)
                      context.draw(shared.view, in: rect, environment: environment)
                  })
    }
}
