import AnimateCLI
import ArgumentParser
import FlyingFox
import FlyingSocks
import Foundation

/// An HTTP server on 127.0.0.1 that runs until Ctrl-C or SIGTERM: open event streams are ended
/// (`onStop`), then the server stops; a second signal ends the process at once. A connection
/// that sends nothing for `idleSeconds` is closed. The preview and the docs share it.
struct LoopbackServer {
    /// The command's name in its messages (`preview`, `docs`).
    let name: String
    let port: Int
    /// Seconds a connection may take to send a whole request, or sit idle between requests.
    var idleSeconds: Double = 10
    /// Seconds a request may take to answer (a frame at the largest size `render` allows).
    var answerSeconds: Double = 600

    /// Serves `handler` until a signal stops it; `onListening` gets the port it listens on (the
    /// one asked for, or the one the system chose for 0). A port that cannot be had is one line on
    /// standard error and `ExitCode.failure`.
    func run(_ handler: some HTTPHandler, onListening: @escaping @Sendable (Int) -> Void, onStop: @escaping @Sendable () -> Void = {}) throws {
        let address: sockaddr_in
        do { address = try .inet(ip4: "127.0.0.1", port: UInt16(port)) } catch { throw ValidationError("--port must be 0...65535.") }
        let server = HTTPServer(address: address, timeout: answerSeconds,
                                pool: IdleLimitedPool(base: HTTPServer.defaultPool(), seconds: idleSeconds),
                                logger: .disabled, handler: handler)
        let state = State()
        let stops = [SIGINT, SIGTERM].map { received -> DispatchSourceSignal in
            Foundation.signal(received, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: received, queue: .global())
            source.setEventHandler {
                guard !state.stop() else { _exit(128 + received) }
                onStop()
                Task { await server.stop(timeout: 2) }
            }
            source.resume()
            return source
        }
        defer {
            for (source, received) in zip(stops, [SIGINT, SIGTERM]) { source.cancel(); Foundation.signal(received, SIG_DFL) }
        }
        let finished = DispatchSemaphore(value: 0)
        Task {
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await server.run() }
                    group.addTask {
                        try await server.waitUntilListening(timeout: 60)
                        guard case .ip4(_, let port) = await server.listeningAddress else { return }
                        onListening(Int(port))
                    }
                    while try await group.next() != nil {}
                }
            } catch {
                // Stopping closes the listening socket, which ends `run` with an error.
                state.fail(error)
            }
            onStop()
            finished.signal()
        }
        finished.wait()
        if let error = state.error {
            let reason: String
            if case SocketError.failed(_, let code, let message) = error {
                reason = code == EADDRINUSE ? "the port is in use; choose another --port (0: any free port)" : message
            } else {
                reason = "\(error)"
            }
            Console.write("error: \(name) on 127.0.0.1:\(port): \(reason)\n")
            throw ExitCode.failure
        }
    }

    /// Whether a signal asked the server to stop, and why it ended otherwise.
    private final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var stopping = false
        private var failure: Error?
        /// Marks the server as stopping; whether it already was.
        func stop() -> Bool { lock.withLock { defer { stopping = true }; return stopping } }
        /// Records why the server ended, unless a signal ended it.
        func fail(_ error: Error) { lock.withLock { if !stopping { failure = error } } }
        var error: Error? { lock.withLock { failure } }
    }
}
