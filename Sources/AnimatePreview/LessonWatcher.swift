import Animate
import AnimateCLI
import Foundation

/// `preview Lesson.swift --watch`: polls the lesson's files; on a change compiles them again, as
/// `animate Lesson.swift` does, and shows the new scenes, or the compiler's first error on the
/// page while the last good scenes stay.
final class LessonWatcher: @unchecked Sendable {
    private let lesson: LessonSource
    private let events: PreviewEvents
    private let interval: TimeInterval
    private let onReloaded: @Sendable ([Scene]) -> Void

    init(lesson: LessonSource, events: PreviewEvents, interval: TimeInterval = 0.1, onReloaded: @escaping @Sendable ([Scene]) -> Void) {
        self.lesson = lesson
        self.events = events
        self.interval = interval
        self.onReloaded = onReloaded
    }

    /// Starts watching on a thread of its own.
    func start() {
        let thread = Thread { [self] in self.watch() }
        thread.name = "animate.preview.lesson"
        thread.start()
    }

    private func watch() {
        let names = lesson.files.map(\.lastPathComponent).joined(separator: ", ")
        let files = lesson.files
        var seen = SourceWatcher.signature(of: files)
        while true {
            seen = SourceWatcher.nextChange(from: seen, interval: interval) { SourceWatcher.signature(of: files) }
            events.build("building", message: "Compiling \(names)…")
            let started = Date.timeIntervalSinceReferenceDate
            do {
                let scenes = try lesson.scenes()
                onReloaded(scenes)
                let message = String(format: "Reloaded %@ in %.2f s", names, Date.timeIntervalSinceReferenceDate - started)
                events.reloaded(message: message)
                Console.report("preview: \(message)")
            } catch {
                if case .compile(let log, _) = error {
                    let first = SourceWatcher.firstError(in: log)
                    events.build("failed", message: first?.message ?? "the lesson does not compile", file: first?.file, line: first?.line,
                                 log: String(log.suffix(8000)))
                    Console.report("preview: build failed\(first.map { ": \($0.file):\($0.line): \($0.message)" } ?? ""); still serving the last good build")
                } else {
                    events.build("failed", message: error.description)
                    Console.report("preview: \(error.description); still serving the last good build")
                }
            }
        }
    }
}
