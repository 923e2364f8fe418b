import AnimateDrawing
import Foundation

extension View {
    /// Runs `action` when the view first appears, as SwiftUI's `task(priority:_:)`.
    ///
    /// In a scene the action is a task of the scene (`SceneScheduler`): it starts at the update
    /// the view appears in and runs on the thread that updates the views up to its first wait;
    /// a `Task.sleep`, a timer or `asyncAfter` in it waits for scene time, and the update at that
    /// time goes on with it. So a loop that counts every second counts the scene's seconds, and
    /// each frame shows what it reached by then, the same in every run. Elsewhere (a picture of a
    /// view) it runs up to its first wait and is cancelled there.
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping () async -> Void) -> some View {
        modified(wrap: { child, environment in
            let key = environment.viewPath + "#task"
            if let store = environment.stateStore, store.appears(at: key) {
                if let scheduler = store.scheduler { scheduler.startViewTask(at: key, priority: priority, action) } else { runUntilItWaits(action) }
            }
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
                if appeared || changed {
                    // The task of the value before is cancelled (its sleep throws `CancellationError`).
                    if let scheduler = store.scheduler { scheduler.startViewTask(at: key, priority: priority, action) } else { runUntilItWaits(action) }
                }
            }
            return child
        })
    }
}

/// Runs `action` on this thread up to its end or its first real wait, then cancels what is left.
private func runUntilItWaits(_ action: @escaping () async -> Void) {
    let unchecked = UncheckedAction(action: action)
    let task = Task<Void, Never>.immediate { await unchecked.action() }
    task.cancel()
}

/// A view's action handed to a task that starts on the calling thread.
private struct UncheckedAction: @unchecked Sendable {
    let action: () async -> Void
}
