import Foundation

/// A geometric angle, as SwiftUI's `Angle`: stored in radians, made from degrees or radians.
public struct Angle: Hashable, Comparable, Sendable, AdditiveArithmetic {
    /// The angle in radians.
    public var radians: Double
    /// The angle in degrees.
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }

    /// The zero angle.
    public init() { radians = 0 }
    /// An angle of `radians` radians.
    public init(radians: Double) { self.radians = radians }
    /// An angle of `degrees` degrees.
    public init(degrees: Double) { self.radians = degrees * .pi / 180 }

    /// An angle of `radians` radians.
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    /// An angle of `degrees` degrees.
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    /// The zero angle.
    public static let zero = Angle()

    public static func < (l: Angle, r: Angle) -> Bool { l.radians < r.radians }
    public static func + (l: Angle, r: Angle) -> Angle { Angle(radians: l.radians + r.radians) }
    public static func - (l: Angle, r: Angle) -> Angle { Angle(radians: l.radians - r.radians) }
    /// Scales an angle.
    public static func * (l: Angle, r: Double) -> Angle { Angle(radians: l.radians * r) }
    /// Scales an angle.
    public static func * (l: Double, r: Angle) -> Angle { Angle(radians: l * r.radians) }
    /// Divides an angle.
    public static func / (l: Angle, r: Double) -> Angle { Angle(radians: l.radians / r) }
    /// The opposite angle.
    public static prefix func - (a: Angle) -> Angle { Angle(radians: -a.radians) }
}
