import Foundation

/// What a drawing did that its author should hear about once, though it changes no pixel's
/// purity (a symbol drawn by its stand-in, an asset not found): each distinct message is told
/// once per process, to `handler` (the command line's `warning:` lines), else standard error.
package enum RenderWarnings {
    nonisolated(unsafe) package static var handler: ((String) -> Void)?
    private static let lock = NSLock()
    nonisolated(unsafe) private static var told: Set<String> = []

    /// Tells `message` unless it was told before.
    package static func warn(_ message: String) {
        guard lock.withLock({ told.insert(message).inserted }) else { return }
        if let handler { return handler(message) }
        FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
    }
}
