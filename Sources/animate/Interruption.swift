import Foundation
import Synchronization

/// SIGINT/SIGTERM handling: the first signal asks the render to stop (it then deletes its
/// temporary file and exits 130 or 143); a second one exits at once.
enum Interruption {
    static let signal = Atomic<Int32>(0)

    static func install() {
        for sig in [SIGINT, SIGTERM] {
            Foundation.signal(sig) { received in
                if Interruption.signal.exchange(received, ordering: .relaxed) != 0 { _exit(128 + received) }
            }
        }
    }

    /// The signal received, or 0.
    static var received: Int32 { signal.load(ordering: .relaxed) }
}
