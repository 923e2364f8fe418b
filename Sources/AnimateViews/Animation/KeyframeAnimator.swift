public import AnimateDrawing
public import AnimateTimeline
public import Foundation

/// A curve from 0 to 1 over a keyframe's time, as SwiftUI's `UnitCurve`.
public struct UnitCurve: Sendable {
    let easing: Easing
    public static let linear = UnitCurve(easing: .linear)
    public static let easeIn = UnitCurve(easing: .cubicBezier(0.42, 0, 1, 1))
    public static let easeOut = UnitCurve(easing: .cubicBezier(0, 0, 0.58, 1))
    public static let easeInOut = UnitCurve(easing: .cubicBezier(0.42, 0, 0.58, 1))
    public static let circularEaseIn = UnitCurve(easing: Easing { 1 - (1 - $0 * $0).squareRoot() })
    public static let circularEaseOut = UnitCurve(easing: Easing { (1 - (1 - $0) * (1 - $0)).squareRoot() })
    public static let circularEaseInOut = UnitCurve(easing: Easing { t in
        t < 0.5 ? (1 - (1 - 4 * t * t).squareRoot()) / 2 : ((1 - (2 * t - 2) * (2 * t - 2)).squareRoot() + 1) / 2
    })
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(easing: .cubicBezier(startControlPoint.x, startControlPoint.y, endControlPoint.x, endControlPoint.y))
    }
    /// The curve's value at `t` (0...1).
    public func value(at t: Double) -> Double { easing(min(max(t, 0), 1)) }
}

extension Spring {
    /// A spring as SwiftUI's `Spring(duration:bounce:)`: `bounce` 0 settles without overshoot.
    @_disfavoredOverload
    public init(duration: Double = 0.5, bounce: Double = 0) {
        let b = min(max(bounce, -1), 1)
        self.init(response: duration, dampingFraction: b >= 0 ? 1 - b : 1 / (1 + b))
    }

    public static let smooth = Spring(duration: 0.5, bounce: 0)
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Spring { Spring(duration: duration, bounce: extraBounce) }
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring { Spring(duration: duration, bounce: 0.15 + extraBounce) }
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring { Spring(duration: duration, bounce: 0.3 + extraBounce) }
}

extension Double: Animatable {}
extension CGFloat: Animatable {}

extension CGPoint: Animatable {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { x = newValue.first; y = newValue.second }
    }
}

extension CGSize: Animatable {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(width, height) }
        set { width = newValue.first; height = newValue.second }
    }
}

extension Angle: Animatable {
    public var animatableData: Double {
        get { radians }
        set { self = .radians(newValue) }
    }
}

/// One step of a keyframe track: to a value, over a time, by a way of moving.
public struct KeyframeSegment<Value: Animatable> {
    enum Motion {
        case linear(UnitCurve)
        case cubic(startVelocity: Value?, endVelocity: Value?)
        case spring(Spring)
        case move
    }
    let target: Value
    let duration: Double
    let motion: Motion
}

/// A keyframe or keyframes of a track (SwiftUI's `KeyframeTrackContent`).
public protocol KeyframeTrackContent<Value> {
    associatedtype Value: Animatable
    var segments: [KeyframeSegment<Value>] { get }
}

/// To `to` over `duration` along `timingCurve` (SwiftUI's `LinearKeyframe`).
public struct LinearKeyframe<Value: Animatable>: KeyframeTrackContent {
    public let segments: [KeyframeSegment<Value>]
    public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) {
        segments = [KeyframeSegment(target: to, duration: max(duration, 0), motion: .linear(timingCurve))]
    }
}

/// To `to` over `duration` on a smooth curve through the keyframes around it (SwiftUI's
/// `CubicKeyframe`: a Catmull-Rom spline unless its velocities are given).
public struct CubicKeyframe<Value: Animatable>: KeyframeTrackContent {
    public let segments: [KeyframeSegment<Value>]
    public init(_ to: Value, duration: TimeInterval, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        segments = [KeyframeSegment(target: to, duration: max(duration, 0), motion: .cubic(startVelocity: startVelocity, endVelocity: endVelocity))]
    }
}

/// To `to` on `spring`, for `duration` (the spring's settling time unless given) (SwiftUI's `SpringKeyframe`).
public struct SpringKeyframe<Value: Animatable>: KeyframeTrackContent {
    public let segments: [KeyframeSegment<Value>]
    public init(_ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(duration: 0.5, bounce: 0), startVelocity: Value? = nil) {
        segments = [KeyframeSegment(target: to, duration: max(duration ?? spring.settlingDuration, 0), motion: .spring(spring))]
    }
}

/// At once to `to` (SwiftUI's `MoveKeyframe`).
public struct MoveKeyframe<Value: Animatable>: KeyframeTrackContent {
    public let segments: [KeyframeSegment<Value>]
    public init(_ to: Value) { segments = [KeyframeSegment(target: to, duration: 0, motion: .move)] }
}

/// Keyframes written one after another (SwiftUI's `KeyframeTrackContentBuilder`).
@resultBuilder
public enum KeyframeTrackContentBuilder<Value: Animatable> {
    public static func buildExpression<K: KeyframeTrackContent>(_ keyframe: K) -> [KeyframeSegment<Value>] where K.Value == Value { keyframe.segments }
    public static func buildBlock(_ parts: [KeyframeSegment<Value>]...) -> [KeyframeSegment<Value>] { parts.flatMap { $0 } }
    public static func buildArray(_ parts: [[KeyframeSegment<Value>]]) -> [KeyframeSegment<Value>] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [KeyframeSegment<Value>]?) -> [KeyframeSegment<Value>] { part ?? [] }
    public static func buildEither(first: [KeyframeSegment<Value>]) -> [KeyframeSegment<Value>] { first }
    public static func buildEither(second: [KeyframeSegment<Value>]) -> [KeyframeSegment<Value>] { second }
}

/// The keyframes of one property of the animated value (SwiftUI's `KeyframeTrack`).
public struct KeyframeTrack<Root, Value: Animatable> {
    let apply: (inout Root, Double) -> Void
    let duration: Double

    public init(_ keyPath: WritableKeyPath<Root, Value>, @KeyframeTrackContentBuilder<Value> content: () -> [KeyframeSegment<Value>]) {
        self.init(keyPath, segments: content())
    }

    init(_ keyPath: WritableKeyPath<Root, Value>, segments: [KeyframeSegment<Value>]) {
        duration = segments.reduce(0) { $0 + $1.duration }
        apply = { root, time in root[keyPath: keyPath] = KeyframeTrack.value(of: segments, from: root[keyPath: keyPath], at: time) }
    }

    /// The track's value `time` seconds in, from `start` (the value before its first keyframe).
    static func value(of segments: [KeyframeSegment<Value>], from start: Value, at time: Double) -> Value {
        var from = start.animatableData, before = from, elapsed = 0.0
        for (k, segment) in segments.enumerated() {
            let to = segment.target.animatableData
            let end = elapsed + segment.duration
            if time < end || k == segments.count - 1 && time <= end {
                let d = segment.duration
                let f = d > 0 ? min(max((time - elapsed) / d, 0), 1) : 1
                var value = segment.target
                switch segment.motion {
                case .move: value.animatableData = to
                case .linear(let curve): value.animatableData = from + (to - from).scaled(by: curve.value(at: f))
                case .spring(let spring): value.animatableData = from + (to - from).scaled(by: spring.value(at: time - elapsed))
                case let .cubic(startVelocity, endVelocity):
                    // Hermite: tangents from the velocities given, else from the neighbours (Catmull-Rom).
                    let after = k + 1 < segments.count ? segments[k + 1].target.animatableData : to
                    let m0 = startVelocity.map { $0.animatableData.scaled(by: d) } ?? (to - before).scaled(by: 0.5)
                    let m1 = endVelocity.map { $0.animatableData.scaled(by: d) } ?? (after - from).scaled(by: 0.5)
                    let t2 = f * f, t3 = t2 * f
                    value.animatableData = from.scaled(by: 2 * t3 - 3 * t2 + 1) + m0.scaled(by: t3 - 2 * t2 + f)
                        + to.scaled(by: -2 * t3 + 3 * t2) + m1.scaled(by: t3 - t2)
                }
                return value
            }
            before = from
            from = to
            elapsed = end
        }
        var last = segments.last?.target ?? start
        last.animatableData = from
        return last
    }
}

extension KeyframeTrack where Root == Value {
    /// Keyframes of the whole value.
    public init(@KeyframeTrackContentBuilder<Value> content: () -> [KeyframeSegment<Value>]) {
        self.init(\.self, content: content)
    }
}

/// Tracks written one after another (SwiftUI's `KeyframesBuilder`).
@resultBuilder
public enum KeyframesBuilder<Root> {
    public static func buildExpression<V: Animatable>(_ track: KeyframeTrack<Root, V>) -> [KeyframeTimeline<Root>.Track] {
        [KeyframeTimeline<Root>.Track(apply: track.apply, duration: track.duration)]
    }
    public static func buildExpression<K: KeyframeTrackContent>(_ keyframe: K) -> [KeyframeTimeline<Root>.Track] where K.Value == Root {
        let track = KeyframeTrack<Root, Root>(\.self, segments: keyframe.segments)
        return [KeyframeTimeline<Root>.Track(apply: track.apply, duration: track.duration)]
    }
    public static func buildBlock(_ parts: [KeyframeTimeline<Root>.Track]...) -> [KeyframeTimeline<Root>.Track] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [KeyframeTimeline<Root>.Track]?) -> [KeyframeTimeline<Root>.Track] { part ?? [] }
    public static func buildEither(first: [KeyframeTimeline<Root>.Track]) -> [KeyframeTimeline<Root>.Track] { first }
    public static func buildEither(second: [KeyframeTimeline<Root>.Track]) -> [KeyframeTimeline<Root>.Track] { second }
}

/// Tracks of keyframes over a value, its value at any time (SwiftUI's `KeyframeTimeline`).
public struct KeyframeTimeline<Value> {
    public struct Track {
        let apply: (inout Value, Double) -> Void
        let duration: Double
    }
    let initialValue: Value
    let tracks: [Track]

    public init(initialValue: Value, @KeyframesBuilder<Value> content: () -> [Track]) {
        self.initialValue = initialValue
        tracks = content()
    }

    init(initialValue: Value, tracks: [Track]) { self.initialValue = initialValue; self.tracks = tracks }

    /// The longest track's length.
    public var duration: TimeInterval { tracks.map(\.duration).max() ?? 0 }

    /// The value `time` seconds in.
    public func value(time: TimeInterval) -> Value {
        var value = initialValue
        for track in tracks { track.apply(&value, time) }
        return value
    }
}

/// A view drawn with a value that keyframes move over time, as SwiftUI's `KeyframeAnimator`:
/// they play when the view appears (over and over when `repeating`), or each time `trigger`
/// changes, and the content is made with the value of the moment, a function of scene time.
public struct KeyframeAnimator<Value, Content: View>: View, PrimitiveView {
    let initialValue: Value
    let trigger: AnyEquatableValue?
    let repeating: Bool
    let content: (Value) -> Content
    let keyframes: (Value) -> [KeyframeTimeline<Value>.Track]

    public init(initialValue: Value, repeating: Bool = true, @ViewBuilder content: @escaping (Value) -> Content,
                @KeyframesBuilder<Value> keyframes: @escaping (Value) -> [KeyframeTimeline<Value>.Track]) {
        self.initialValue = initialValue; trigger = nil; self.repeating = repeating; self.content = content; self.keyframes = keyframes
    }

    public init(initialValue: Value, trigger: some Equatable, @ViewBuilder content: @escaping (Value) -> Content,
                @KeyframesBuilder<Value> keyframes: @escaping (Value) -> [KeyframeTimeline<Value>.Track]) {
        self.initialValue = initialValue; self.trigger = AnyEquatableValue(trigger); repeating = false; self.content = content; self.keyframes = keyframes
    }

    public var body: Never { primitiveBody(Self.self) }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        let inner = environment.descending("keyframes")
        guard let store = environment.stateStore else { return AnimateViews.makeNode(content(initialValue), inner) }
        let key = environment.viewPath + "#keyframes"
        // When the keyframes started playing: on appearing, or at the trigger's last change.
        var start = store.seen[key] as? Double
        if let trigger {
            if store.changed(trigger, at: key + "#trigger").changed { start = store.time }
        } else if start == nil {
            start = store.time
        }
        store.seen[key] = start
        guard let start else { return AnimateViews.makeNode(content(initialValue), inner) }
        let timeline = KeyframeTimeline(initialValue: initialValue, tracks: keyframes(initialValue))
        var elapsed = store.time - start
        let length = timeline.duration
        if repeating, length > 0 { elapsed = elapsed.truncatingRemainder(dividingBy: length) }
        return AnimateViews.makeNode(content(timeline.value(time: elapsed)), inner)
    }
}

extension View {
    /// The view drawn with a value keyframes move, playing over and over when `repeating` (`KeyframeAnimator`).
    public func keyframeAnimator<Value>(initialValue: Value, repeating: Bool = true,
                                        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> some View,
                                        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> [KeyframeTimeline<Value>.Track]) -> some View {
        let view = PlaceholderContentView<Self>(self)
        return KeyframeAnimator(initialValue: initialValue, repeating: repeating, content: { content(view, $0) }, keyframes: keyframes)
    }

    /// The view drawn with a value keyframes move, playing each time `trigger` changes (`KeyframeAnimator`).
    public func keyframeAnimator<Value>(initialValue: Value, trigger: some Equatable,
                                        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> some View,
                                        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> [KeyframeTimeline<Value>.Track]) -> some View {
        let view = PlaceholderContentView<Self>(self)
        return KeyframeAnimator(initialValue: initialValue, trigger: trigger, content: { content(view, $0) }, keyframes: keyframes)
    }
}
