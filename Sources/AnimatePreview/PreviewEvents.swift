import Foundation

/// Server-sent events for open pages: which server instance they talk to (a restarted preview
/// is a new instance, and the page reloads its frame) and how the last rebuild went.
final class PreviewEvents: @unchecked Sendable {
    /// Differs for every process and every reload of its scenes, so a page sees when what it
    /// shows was rebuilt.
    private(set) var instance = "\(getpid())-\(UInt64(Date().timeIntervalSince1970 * 1000))"
    private var reloads = 0
    private let lock = NSLock()
    private var listeners: [UUID: AsyncStream<String>.Continuation] = [:]
    /// The last build event, sent to every page that connects.
    private var lastBuild: String?
    /// Streams open at once, at most (each holds a connection and a task).
    static let maximumStreams = 32
    /// Seconds a stream stays open; the page then reconnects (after the stream's `retry`), so a
    /// page left open, or one that never reads, does not hold a connection for good.
    static let streamLifetime: Double = 600
    private let lifetime: Double
    /// Ends streams on time even when the shared queues are busy.
    private static let lifetimes = DispatchQueue(label: "animate.preview.event-lifetimes")

    init(streamLifetime: Double = PreviewEvents.streamLifetime) { lifetime = streamLifetime }

    /// A stream of events in the text/event-stream format, starting with `hello` and the last
    /// build, ended after the stream lifetime; nil when `maximumStreams` are already open.
    func subscribe() -> AsyncStream<String>? {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        continuation.yield("retry: 300\n\n")
        lock.lock()
        guard listeners.count < Self.maximumStreams else { lock.unlock(); return nil }
        continuation.yield(Self.event("hello", ["instance": instance]))
        if let lastBuild { continuation.yield(lastBuild) }
        listeners[id] = continuation
        lock.unlock()
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.lock.lock(); self.listeners[id] = nil; self.lock.unlock()
        }
        Self.lifetimes.asyncAfter(deadline: .now() + lifetime) { continuation.finish() }
        return stream
    }

    /// Streams open now.
    var openStreams: Int { lock.withLock { listeners.count } }

    /// Tells every page how a rebuild goes: `state` is building, failed or succeeded.
    func build(_ state: String, message: String = "", file: String? = nil, line: Int? = nil, log: String = "") {
        var fields: [String: Any] = ["state": state, "message": message, "log": log]
        if let file { fields["file"] = file }
        if let line { fields["line"] = line }
        let event = Self.event("build", fields)
        lock.lock()
        lastBuild = event
        let all = Array(listeners.values)
        lock.unlock()
        for listener in all { listener.yield(event) }
    }

    /// Tells every page the scenes were reloaded in this process: a new instance, so each draws
    /// its scene list and frame again.
    func reloaded(message: String) {
        lock.lock()
        reloads += 1
        instance = instance.split(separator: "/").first.map(String.init)! + "/\(reloads)"
        let hello = Self.event("hello", ["instance": instance])
        let built = Self.event("build", ["state": "reloaded", "message": message, "log": ""])
        lastBuild = built
        let all = Array(listeners.values)
        lock.unlock()
        for listener in all { listener.yield(built); listener.yield(hello) }
    }

    /// Ends every stream (the server is stopping).
    func finishAll() {
        lock.lock(); let all = Array(listeners.values); listeners = [:]; lock.unlock()
        for listener in all { listener.finish() }
    }

    static func event(_ name: String, _ fields: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
        return "event: \(name)\ndata: \(String(decoding: data, as: UTF8.self))\n\n"
    }
}
