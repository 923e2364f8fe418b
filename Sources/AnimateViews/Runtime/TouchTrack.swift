public import AnimateDrawing
public import Foundation

/// Where a touch lands: a point of the scene's view (in points, from its top left), or the
/// middle of the view a viewer sees with that label (a button's title, an accessibility label).
public enum TouchPoint: Sendable, ExpressibleByStringLiteral {
    case point(CGPoint)
    case label(String)

    public init(stringLiteral label: String) { self = .label(label) }
}

/// One thing the scripted user does. Steps follow one another: each starts when the one before
/// has ended (`wait` is a pause).
public struct TouchStep: Sendable {
    enum Kind: Sendable {
        case wait
        case tap(TouchPoint)
        case drag(from: TouchPoint, to: TouchPoint?, by: CGSize, duration: Double)
        case longPress(TouchPoint, duration: Double)
    }
    let kind: Kind
    let duration: Double

    /// A pause of `seconds`.
    public static func wait(_ seconds: Double) -> TouchStep { TouchStep(kind: .wait, duration: max(seconds.isFinite ? seconds : 0, 0)) }
    /// A tap (a tenth of a second) on the view labelled so, or at a point.
    public static func tap(on target: TouchPoint) -> TouchStep { TouchStep(kind: .tap(target), duration: 0.1) }
    public static func tap(at point: CGPoint) -> TouchStep { tap(on: .point(point)) }
    /// A finger moved from one place to another at an even speed over `duration` seconds.
    public static func drag(from start: TouchPoint, to end: CGPoint, duration: Double = 0.4) -> TouchStep {
        TouchStep(kind: .drag(from: start, to: .point(end), by: .zero, duration: max(duration, 0.01)), duration: max(duration, 0.01))
    }
    /// A finger moved by `offset` from where it lands.
    public static func drag(from start: TouchPoint, by offset: CGSize, duration: Double = 0.4) -> TouchStep {
        TouchStep(kind: .drag(from: start, to: nil, by: offset, duration: max(duration, 0.01)), duration: max(duration, 0.01))
    }
    /// A finger held still for `duration` seconds.
    public static func longPress(on target: TouchPoint, duration: Double = 0.8) -> TouchStep {
        TouchStep(kind: .longPress(target, duration: max(duration, 0)), duration: max(duration, 0))
    }
}

/// A step of a touch track, as a lesson writes it (`Tap("Next")`, `Drag(...)`, `Wait(1)`).
public protocol TouchTrackContent {
    var step: TouchStep { get }
}

extension TouchStep: TouchTrackContent {
    public var step: TouchStep { self }
}

/// A pause of `seconds`.
public struct Wait: TouchTrackContent {
    public let step: TouchStep
    public init(_ seconds: Double) { step = .wait(seconds) }
}

/// A tap (a tenth of a second) on the view with that label (or accessibility identifier), or at a point.
public struct Tap: TouchTrackContent {
    public let step: TouchStep
    public init(_ label: String) { step = .tap(on: .label(label)) }
    public init(at point: CGPoint) { step = .tap(on: .point(point)) }
}

/// A finger moved at an even speed from where it lands (a view's label, or a point) to a point,
/// or by an offset, over `duration` seconds.
public struct Drag: TouchTrackContent {
    public let step: TouchStep
    public init(from start: TouchPoint, to end: CGPoint, duration: Double = 0.4) { step = .drag(from: start, to: end, duration: duration) }
    public init(from start: TouchPoint, by offset: CGSize, duration: Double = 0.4) { step = .drag(from: start, by: offset, duration: duration) }
    public init(from start: CGPoint, to end: CGPoint, duration: Double = 0.4) { step = .drag(from: .point(start), to: end, duration: duration) }
    public init(from start: CGPoint, by offset: CGSize, duration: Double = 0.4) { step = .drag(from: .point(start), by: offset, duration: duration) }
}

/// A finger held still on a view or a point for `duration` seconds.
public struct LongPress: TouchTrackContent {
    public let step: TouchStep
    public init(_ label: String, duration: Double = 0.8) { step = .longPress(on: .label(label), duration: duration) }
    public init(at point: CGPoint, duration: Double = 0.8) { step = .longPress(on: .point(point), duration: duration) }
}

/// The steps of a scripted user, one after another.
@resultBuilder
public enum TouchTrackBuilder {
    public static func buildExpression(_ content: some TouchTrackContent) -> [TouchStep] { [content.step] }
    public static func buildBlock(_ parts: [TouchStep]...) -> [TouchStep] { parts.flatMap { $0 } }
    public static func buildArray(_ parts: [[TouchStep]]) -> [TouchStep] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [TouchStep]?) -> [TouchStep] { part ?? [] }
    public static func buildEither(first: [TouchStep]) -> [TouchStep] { first }
    public static func buildEither(second: [TouchStep]) -> [TouchStep] { second }
}

/// How touches show in the video, as a screen recording shows them: a soft disc under the finger.
public struct TouchIndicator: Sendable {
    public var color: Color
    public var diameter: CGFloat
    public init(color: Color = Color(white: 0.45, opacity: 0.45), diameter: CGFloat = 44) { self.color = color; self.diameter = diameter }
    public static let `default` = TouchIndicator()
    /// No indicator.
    public static let hidden = TouchIndicator(color: .clear, diameter: 0)
}

/// A scripted user's touches on a scene's views, at scene times: taps, drags and long presses,
/// delivered to the views' own recognisers (a `Button`'s action, `onTapGesture`, a
/// `DragGesture`'s `onChanged`/`updating`/`onEnded`, `onLongPressGesture`).
package struct TouchTrack: Sendable {
    struct Timed: Sendable { let step: TouchStep; let start: Double }
    let steps: [Timed]
    let indicator: TouchIndicator
    /// When the track starts (the scene time the view that holds it first appeared).
    let start: Double

    package init(_ steps: [TouchStep], indicator: TouchIndicator, start: Double) {
        var t = start, timed: [Timed] = []
        for step in steps { timed.append(Timed(step: step, start: t)); t += step.duration }
        self.steps = timed
        self.indicator = indicator
        self.start = start
    }
}

extension View {
    /// A scripted user for the scene: `steps` are done one after another from the moment this
    /// view appears, delivered to the views under the finger as a person's touches are; each
    /// touch shows as `indicator` shows it (`.hidden` for none).
    ///
    /// ```swift
    /// ContentView().touches {
    ///     Wait(1)
    ///     Tap("Start")
    ///     Drag(from: CGPoint(x: 300, y: 400), by: CGSize(width: -240, height: 0), duration: 0.35)
    /// }
    /// ```
    public func touches(indicator: TouchIndicator = .default, @TouchTrackBuilder _ steps: () -> [TouchStep]) -> some View {
        let steps = steps()
        return modified(wrap: { child, environment in
            if let store = environment.stateStore, store.touches == nil, store.scheduler?.isInert == false {
                store.touches = TouchTrack(steps, indicator: indicator, start: store.time)
            }
            return child
        })
    }
}
