public import Foundation
import AnimateTimeline

/// A value that can be added, subtracted and scaled, so it can be animated, as SwiftUI's
/// `VectorArithmetic`.
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies each component by `rhs`.
    mutating func scale(by rhs: Double)
    /// The dot product of the value with itself.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// The value multiplied by `rhs`.
    public func scaled(by rhs: Double) -> Self { var v = self; v.scale(by: rhs); return v }
}

extension Double: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= rhs }
    public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= Float(rhs) }
    public var magnitudeSquared: Double { Double(self * self) }
}

extension CGFloat: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }
    public var magnitudeSquared: Double { Double(self * self) }
}

/// Two animatable values animated together, as SwiftUI's `AnimatablePair`.
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    public var first: First
    public var second: Second

    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public static var zero: Self { Self(.zero, .zero) }
    public static func + (a: Self, b: Self) -> Self { Self(a.first + b.first, a.second + b.second) }
    public static func - (a: Self, b: Self) -> Self { Self(a.first - b.first, a.second - b.second) }
    public mutating func scale(by rhs: Double) { first.scale(by: rhs); second.scale(by: rhs) }
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

/// Nothing to animate, as SwiftUI's `EmptyAnimatableData`.
public struct EmptyAnimatableData: VectorArithmetic {
    public init() {}
    public static var zero: Self { Self() }
    public static func + (a: Self, b: Self) -> Self { Self() }
    public static func - (a: Self, b: Self) -> Self { Self() }
    public mutating func scale(by rhs: Double) {}
    public var magnitudeSquared: Double { 0 }
}

/// A type whose `animatableData` SwiftUI animates between the view tree's states, as SwiftUI's
/// `Animatable`: a `Shape` that exposes its parameters there (`var animatableData: Double { get
/// set }`) is drawn with them on their way when they change in `withAnimation` or under
/// `.animation(_:value:)`.
public protocol Animatable {
    associatedtype AnimatableData: VectorArithmetic
    var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

extension Animatable where Self: VectorArithmetic {
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}

/// A view modifier whose `animatableData` animates, as SwiftUI's (deprecated) `AnimatableModifier`.
public protocol AnimatableModifier: Animatable, ViewModifier {}

/// An animatable value as the view tree's animations blend it: `a + (b - a) * t`.
struct VectorValue<T: VectorArithmetic>: Interpolatable, Equatable {
    let value: T
    static func interpolate(_ a: Self, _ b: Self, _ t: Double) -> Self { Self(value: a.value + (b.value - a.value).scaled(by: t)) }
}

/// `value` as it shows at the view's place now: on its way from an earlier one while an
/// animation moves it (`ViewStateStore`), else as given. `kind` tells two such values of one
/// view apart.
func animatedData<A: Animatable>(_ value: A, _ kind: String, _ environment: EnvironmentValues) -> () -> A {
    guard A.AnimatableData.self != EmptyAnimatableData.self, let store = environment.stateStore else { return { value } }
    let place = environment.viewPath + "#" + kind
    store.make(VectorValue(value: value.animatableData), at: place)
    // Read when drawn: an `.animation` modifier around the view may animate the change first.
    return {
        guard let shown = store.shown(VectorValue<A.AnimatableData>.self, at: place) else { return value }
        var moved = value
        moved.animatableData = shown.value
        return moved
    }
}
