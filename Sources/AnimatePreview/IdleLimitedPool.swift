import FlyingSocks
import Foundation

/// A socket pool that gives up on a connection that sends nothing for `seconds`: a request whose
/// header never ends, or a kept-alive connection left idle, is closed instead of held for good.
/// Waits to write (a page reading a long sound slowly) and the listening socket's waits are not limited.
struct IdleLimitedPool<Base: AsyncSocketPool>: AsyncSocketPool {
    let base: Base
    let seconds: Double

    func prepare() async throws { try await base.prepare() }

    func run() async throws { try await base.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        guard events == [.read], !Self.isListening(socket) else {
            return try await base.suspendSocket(socket, untilReadyFor: events)
        }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask { try await base.suspendSocket(socket, untilReadyFor: events); return true }
            group.addTask { try await Task.sleep(nanoseconds: UInt64(seconds * 1e9)); return false }
            let ready = try await group.next() ?? false
            group.cancelAll()
            if !ready { throw SocketError.timeout(message: "nothing received for \(seconds) s") }
        }
    }

    /// Whether `socket` accepts connections (it waits for them as a connection waits to read).
    static func isListening(_ socket: Socket) -> Bool {
        var value: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(socket.file.rawValue, SOL_SOCKET, SO_ACCEPTCONN, &value, &size) == 0 && value != 0
    }
}
