import Foundation

/// Whether the colours named after the system's (`Color.blue`, `.primary`, `UIColor.label`) are
/// read in the dark appearance on this thread: set while a view in a dark scheme is made or a
/// canvas in one draws, as SwiftUI resolves them in their environment. Light everywhere else.
package enum ColorAppearance {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Whether colours are read dark here and now.
    package static var isDark: Bool { pthread_getspecific(key) != nil }

    /// Runs `body` with colours read dark (or light).
    package static func with<R>(dark: Bool, _ body: () throws -> R) rethrows -> R {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, dark ? UnsafeRawPointer(bitPattern: 1) : nil)
        defer { pthread_setspecific(key, previous) }
        return try body()
    }

    /// `light`, or `dark` where colours are read dark.
    @inline(__always) package static func pick(_ light: Color, _ dark: Color) -> Color { isDark ? dark : light }
}
