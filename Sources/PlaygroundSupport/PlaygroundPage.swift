public import AnimateViews

/// The page a playground shows, as Apple's `PlaygroundSupport`: lesson code that ends with
/// `PlaygroundPage.current.setLiveView(MyView())` runs unchanged, and the view it sets is the
/// one `liveView` gives back for a scene to show.
public final class PlaygroundPage: @unchecked Sendable {
    public static let current = PlaygroundPage()

    /// The view last set.
    public private(set) var liveView: (any View)?
    /// Accepted: a render ends when its frames are done.
    public var needsIndefiniteExecution = false

    public func setLiveView<V: View>(_ view: V) { liveView = view }

    /// Accepted.
    public func finishExecution() {}
}
