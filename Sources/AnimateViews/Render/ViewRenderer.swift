public import AnimateDrawing
public import Foundation
import AnimateTimeline

struct StartDateKey: EnvironmentKey {
    static var defaultValue: Date { FrameClock.defaultStartDate }
}

extension EnvironmentValues {
    /// The date the render started at (`TimelineView` schedules count from it).
    public var startDate: Date {
        get { self[StartDateKey.self] }
        set { self[StartDateKey.self] = newValue }
    }

    /// The environment of a frame `time` seconds into a render that started at `start` (by
    /// default 2001-01-01 00:00:00 UTC, Foundation's reference date).
    public static func frame(at time: Double, start: Date? = nil) -> EnvironmentValues {
        var e = EnvironmentValues()
        let start = start ?? FrameClock.defaultStartDate
        e.startDate = start
        e.date = start.addingTimeInterval(time)
        return e
    }
}

extension GraphicsContext {
    /// Draws `view` in `rect`: offered the rectangle's size and centred in it, as a window shows
    /// its content. `Date()` in the view's code reads the environment's date.
    public func draw<V: View>(_ view: V, in rect: CGRect, environment: EnvironmentValues) {
        var environment = environment
        environment.windowSize = rect.size
        func draw() {
            let node = makeNode(view, environment)
            let size = node.sizeThatFits(ProposedViewSize(rect.size))
            ViewStateStore.drawing { node.draw(in: place(size, in: rect, alignment: .center), context: self) }
        }
        FrameClock.withDate(environment.date) {
            if let store = environment.stateStore { store.withCurrent(draw) } else { draw() }
        }
    }
}

/// Makes pictures of views, as SwiftUI's `ImageRenderer`: the view at its ideal size (or at
/// `proposedSize`), `scale` pixels a point.
public final class ImageRenderer<Content: View> {
    public var content: Content
    public var proposedSize: ProposedViewSize = .unspecified
    public var scale: CGFloat = 1
    /// The frame's environment (its date for `TimelineView`).
    public var environment = EnvironmentValues()

    public init(content: Content) { self.content = content }

    /// The view's pixels, or nil when it has no area or is larger than a bitmap can be.
    /// `Date()` in the view's code reads the environment's date.
    public var bitmap: Bitmap? {
        FrameClock.withDate(environment.date) { render() }
    }

    private func render() -> Bitmap? {
        let node = makeNode(content, environment)
        let size = node.sizeThatFits(proposedSize)
        let s = scale.isFinite && scale > 0 ? scale : 1
        let w = (size.width * s).rounded(.up), h = (size.height * s).rounded(.up)
        guard w >= 1, h >= 1, w <= CGFloat(Bitmap.maximumDimension), h <= CGFloat(Bitmap.maximumDimension) else { return nil }
        var bitmap = Bitmap(width: Int(w), height: Int(h))
        bitmap.draw { context, _ in
            context.scaleBy(x: s, y: s)
            ViewStateStore.drawing { node.draw(in: CGRect(origin: .zero, size: size), context: context) }
        }
        return bitmap
    }

    /// The picture as an image (SwiftUI's `cgImage`).
    public var cgImage: Image? {
        guard let b = bitmap else { return nil }
        return b.picture()
    }
}

/// The size `view` asks for when offered nothing in particular (SwiftUI's ideal size).
package func idealSize<V: View>(of view: V, environment: EnvironmentValues = EnvironmentValues()) -> CGSize {
    makeNode(view, environment).sizeThatFits(.unspecified)
}
