package import AnimateDrawing
public import Foundation

/// A value of the environment a view is made in, as SwiftUI's `@Environment(\.colorScheme)`:
/// read while the view's body is made, and later (in a `Canvas`'s drawing, a gesture's or
/// `onAppear`'s action) from the environment the view was last made in.
@propertyWrapper
public struct Environment<Value> {
    let keyPath: KeyPath<EnvironmentValues, Value>
    private let made = MadeIn()

    /// The environment the view was last made in.
    final class MadeIn: @unchecked Sendable {
        private let lock = NSLock()
        private var values: EnvironmentValues?
        var environment: EnvironmentValues? {
            get { lock.withLock { values } }
            set { lock.withLock { values = newValue } }
        }
    }

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    public var wrappedValue: Value { (EnvironmentValues.current ?? made.environment ?? EnvironmentValues())[keyPath: keyPath] }
}

/// A view property that reads the environment (`@Environment`): told the environment its view is made in.
protocol EnvironmentLink {
    func link(to environment: EnvironmentValues)
}

extension Environment: EnvironmentLink {
    func link(to environment: EnvironmentValues) { made.environment = environment }
}

/// Light or dark appearance, as SwiftUI's `ColorScheme`: a render is light unless a view says.
public enum ColorScheme: Sendable, Hashable, CaseIterable { case light, dark }

struct ColorSchemeKey: EnvironmentKey {
    static var defaultValue: ColorScheme { .light }
}

struct DisplayScaleKey: EnvironmentKey {
    static var defaultValue: CGFloat { 1 }
}

extension EnvironmentValues {
    /// Light unless set (`.environment(\.colorScheme, .dark)`).
    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] }
        set { self[ColorSchemeKey.self] = newValue }
    }

    /// Pixels a point at the scene's own size.
    public var displayScale: CGFloat {
        get { self[DisplayScaleKey.self] }
        set { self[DisplayScaleKey.self] = newValue }
    }

    private static let threadKey = "animate.EnvironmentValues.current"

    /// The environment of the view whose body is being made on this thread.
    package static var current: EnvironmentValues? { Thread.current.threadDictionary[threadKey] as? EnvironmentValues }

    /// Runs `body` with `self` as the current environment on this thread.
    /// System colours read in it (`Color.blue`, `.primary`) take its scheme's appearance.
    func withCurrent<T>(_ body: () -> T) -> T {
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[Self.threadKey]
        dictionary[Self.threadKey] = self
        defer { dictionary[Self.threadKey] = previous }
        return ColorAppearance.with(dark: colorScheme == .dark, body)
    }
}

extension View {
    /// The view made with an environment value set, as SwiftUI's `environment(_:_:)`.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        modified(environment: { $0[keyPath: keyPath] = value })
    }

    /// Light or dark, as SwiftUI's `preferredColorScheme`: for the view and what it holds, and
    /// for the whole window of a scene that shows it (a dark window is black, its text and
    /// shapes white unless they say otherwise).
    public func preferredColorScheme(_ scheme: ColorScheme?) -> some View {
        modified(environment: { if let scheme { $0.colorScheme = scheme } }, wrap: { child, environment in
            if let scheme { environment.stateStore?.preferredColorScheme = scheme }
            return child
        })
    }
}

extension EnvironmentValues {
    /// What text and shapes are filled with when they say nothing themselves: the foreground
    /// style, else white in a dark scheme (nil: black).
    package var defaultForeground: (any ShapeStyle)? {
        foregroundStyle ?? (colorScheme == .dark ? Color.white : nil)
    }
}
