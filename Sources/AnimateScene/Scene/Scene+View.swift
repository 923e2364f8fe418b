public import AnimateDrawing
import AnimateTimeline
public import AnimateViews
public import Foundation

/// The view a scene shows, made anew for each run of the scene (its `@State` models with it).
private struct ViewBuilderBox<V: View>: @unchecked Sendable {
    let make: () -> V
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
/// states and the frames drawn from them never see a later change; and the run's own view, whose
/// models no other run (another cursor, a replay from the start) shares.
private struct ViewSceneState<V: View>: @unchecked Sendable {
    let store: ViewStateStore
    let view: V
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
                         startDate: Date? = nil, background: Color? = .white, @ViewBuilder view: @escaping () -> V) {
        let builder = ViewBuilderBox(make: view)
        let touches = TouchTrackOverride()
        /// Where the view goes in frames of `pixels`, and their pixels a point.
        @Sendable func layout(_ pixels: CGSize) -> (rect: CGRect, scale: CGFloat) {
            // Points of the scene's size, scaled to the render's.
            let s = min(pixels.width / size.width, pixels.height / size.height)
            let scale = s.isFinite && s > 0 ? s : 1
            return (CGRect(x: 0, y: 0, width: pixels.width / scale, height: pixels.height / scale), scale)
        }
        @Sendable func layout(_ frame: Frame) -> (rect: CGRect, scale: CGFloat) { layout(frame.size) }
        /// An update of the views at `time` in `rect`, on a copy of the state's store.
        @Sendable func updated(_ state: ViewSceneState<V>, at time: Double, in rect: CGRect, pass: CanvasPass) -> ViewSceneState<V> {
            let store = state.store.copy()
            store.beginUpdate(at: time)
            store.canvasPass = pass
            // Only the ticks move the views' clock: a frame's own update shows what they reached.
            if pass != .tick { store.scheduler = .inert }
            var environment = EnvironmentValues.frame(at: time, start: startDate)
            environment.stateStore = store
            FrameClock.withDate(environment.date) {
                store.withCurrent {
                    // What the views' code waits for (a sleep, a timer) runs once its time has come; then
                    // the views are made; then what they asked for now (work sent to the main queue).
                    store.scheduler?.advance(to: time)
                    // A scripted user's touches due by now land on what was on screen.
                    store.deliverTouches(upTo: time)
                    store.touchTargets = []
                    update(state.view, in: rect, environment)
                    store.scheduler?.advance(to: time)
                }
            }
            store.canvasPass = .none
            return ViewSceneState(store: store, view: state.view)
        }
        self.init(name: name, description: description, duration: duration, size: size,
                  makeState: {
                      let store = ViewStateStore()
                      store.canvasTicks = CanvasTicks()
                      store.scheduler = SceneScheduler(startDate: startDate)
                      if let file = touches.file { store.touches = TouchTrack(file.steps, indicator: file.indicator, start: 0) }
                      return ViewSceneState(store: store, view: FrameClock.at(time: 0, start: startDate, builder.make))
                  },
                  update: { state, tick in
                      // In the window the frames show (the scene's size when none is known).
                      let rect = tick.size.width > 0 && tick.size.height > 0 ? layout(tick.size).rect : CGRect(origin: .zero, size: size)
                      state = updated(state, at: tick.time, in: rect, pass: .tick)
                  },
                  prepare: { state, frame in
                      // The frame's own update (its actions, the changes `.animation(_:value:)`
                      // animates, its timelines' canvases), in order with the ticks.
                      let (rect, scale) = layout(frame)
                      state.store.canvasTicks?.scale = scale
                      return updated(state, at: frame.time, in: rect, pass: .frame)
                  },
                  draw: { context, state, frame in
                      let whole = CGRect(origin: .zero, size: frame.size)
                      let (rect, scale) = layout(frame)
                      var environment = EnvironmentValues.frame(at: frame.time, start: startDate)
                      let store = state.store.copy()
                      store.scheduler = .inert
                      environment.stateStore = store
                      // A view that asked for a dark window gets one: black where the window is
                      // white, and the dark scheme for all of it.
                      let dark = store.preferredColorScheme == .dark
                      if dark { environment.colorScheme = .dark }
                      if let background { context.fill(Path(whole), with: .color(dark && background == .white ? .black : background)) }
                      context.scaleBy(x: scale, y: scale)
                      context.draw(state.view, in: rect, environment: environment)
                      // The scripted user's fingers, over everything, as a screen recording shows them (in the
                      // window's points, where the ticks laid the views out).
                      for touch in store.touchIndicators(at: frame.time) {
                          let d = touch.indicator.diameter
                          let disc = Path(ellipseIn: CGRect(x: touch.point.x - d / 2, y: touch.point.y - d / 2, width: d, height: d))
                          context.fill(disc, with: .color(touch.indicator.color.opacity(touch.strength)))
                          context.stroke(disc, with: .color(Color.white.opacity(0.8 * touch.strength)), lineWidth: 2)
                      }
                  })
        // Views with an accessibility label are described when they appear: the views are
        // updated tick by tick, as a render does, once, when descriptions are first asked for.
        let tickRate = 60.0
        let labels = Once {
            var state = ViewSceneState(store: ViewStateStore(), view: FrameClock.at(time: 0, start: startDate, builder.make))
            state.store.canvasTicks = CanvasTicks()
            state.store.scheduler = SceneScheduler(startDate: startDate)
            var cues: [DescriptionCue] = [], shown: [String] = [], said: [String: Double] = [:]
            let ticks = Int((duration * tickRate).rounded(.up))
            for tick in 0...max(ticks, 0) {
                let time = Double(tick) / tickRate
                state = updated(state, at: time, in: CGRect(origin: .zero, size: size), pass: .tick)
                let now = state.store.accessibilityLabels
                // A label that appears (not shown a tick ago, nor said in the last second) is said.
                for label in now where !shown.contains(label) && (said[label].map { time - $0 >= 1 } ?? true) {
                    cues.append(DescriptionCue(label, at: time))
                    said[label] = time
                }
                shown = now
            }
            return cues
        }
        givenDescriptions = { labels.value }
        touchOverride = touches
    }
}
