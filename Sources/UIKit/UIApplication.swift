public import Foundation

/// The running app, as iOS lesson code reaches for it (`UIApplication.shared.open(url)`): a lesson
/// rendered to video opens nothing, so each request is answered "not opened".
public final class UIApplication: @unchecked Sendable {
    public static let shared = UIApplication()

    /// Options `open` takes (accepted).
    public struct OpenExternalURLOptionsKey: Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    /// Opens nothing; `completionHandler` hears `false`.
    public func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:], completionHandler: ((Bool) -> Void)? = nil) {
        completionHandler?(false)
    }

    /// No app opens URLs in a render.
    public func canOpenURL(_ url: URL) -> Bool { false }
}
