import Synchronization

/// The port a loopback server listens on, known once it listens (the one asked for, or the one
/// the system chose for 0): the port a request's Host must name.
final class ListeningPort: Sendable {
    private let value = Atomic<Int>(0)

    init(_ port: Int? = nil) { if let port { value.store(port, ordering: .relaxed) } }

    /// The port, or nil before the server listens.
    var port: Int? {
        let port = value.load(ordering: .relaxed)
        return port > 0 ? port : nil
    }

    func set(_ port: Int) { value.store(port, ordering: .relaxed) }
}
