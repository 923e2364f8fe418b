import AnimateDrawing
import Foundation

extension View {
    /// Runs `action` when the view first appears, as SwiftUI's `task(priority:_:)`.
    ///
    /// In a scene the action runs on the thread that updates the views, at the update the view
    /// appears in, so what it sets shows from that frame on, the same in every run. Work that
    /// finishes without waiting (loading a picture or a file, `URLSession` serving local files)
    /// runs to its end; at the first wait for something outside (`Task.sleep`, a continuation),
    /// the task is cancelled, since scene time does not pass while a frame is made.
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping () async -> Void) -> some View {
        modified(wrap: { child, environment in
            if let store = environment.stateStore, store.appears(at: environment.viewPath + "#task") { runUntilItWaits(action) }
            return child
        })
    }

    /// Runs `action` when the view appears and again whenever `value` changes, as SwiftUI's
    /// `task(id:priority:_:)` (each run as `task(priority:_:)` runs).
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping () async -> Void) -> some View {
        modified(wrap: { child, environment in
            if let store = environment.stateStore {
                let key = environment.viewPath + "#task(id:)"
                let appeared = store.appears(at: key)
                let changed = store.changed(value, at: key).changed
                if appeared || changed { runUntilItWaits(action) }
            }
            return child
        })
    }
}

/// Runs `action` on this thread up to its end or its first real wait, then cancels what is left.
private func runUntilItWaits(_ action: @escaping () async -> Void) {
    let unchecked = UncheckedAction(action: action)
    let task = Task.immediate { await unchecked.action() }
    task.cancel()
}

/// A view's action handed to a task that starts on the calling thread.
private struct UncheckedAction: @unchecked Sendable {
    let action: () async -> Void
}
