import AnimateDrawing

extension View {
    /// Runs `action` with each value `publisher` publishes, as SwiftUI's `onReceive(_:perform:)`:
    /// in a scene, a timer (`Timer.publish(every:on:in:).autoconnect()`) publishes on the scene's
    /// clock from the update the view first appears in, and each firing runs the view's newest
    /// `action`; the same in every run and for any frame rendered alone.
    public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View where P.Failure == Never {
        modified(wrap: { child, environment in
            if let store = environment.stateStore, let scheduler = store.scheduler, let timed = publisher as? any ScenePublisher {
                timed.receive(in: scheduler, at: environment.viewPath + "#onReceive") { if let value = $0 as? P.Output { action(value) } }
            }
            return child
        })
    }
}
