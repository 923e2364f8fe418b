public import Foundation

/// The same functions on `CGFloat`, the geometry's scalar.
extension PortableMath {
    public static func sin(_ x: CGFloat) -> CGFloat { CGFloat(sin(Double(x))) }
    public static func cos(_ x: CGFloat) -> CGFloat { CGFloat(cos(Double(x))) }
    public static func tan(_ x: CGFloat) -> CGFloat { CGFloat(tan(Double(x))) }
    public static func atan(_ x: CGFloat) -> CGFloat { CGFloat(atan(Double(x))) }
    public static func atan2(_ y: CGFloat, _ x: CGFloat) -> CGFloat { CGFloat(atan2(Double(y), Double(x))) }
    public static func asin(_ x: CGFloat) -> CGFloat { CGFloat(asin(Double(x))) }
    public static func acos(_ x: CGFloat) -> CGFloat { CGFloat(acos(Double(x))) }
    public static func exp(_ x: CGFloat) -> CGFloat { CGFloat(exp(Double(x))) }
    public static func log(_ x: CGFloat) -> CGFloat { CGFloat(log(Double(x))) }
    public static func log2(_ x: CGFloat) -> CGFloat { CGFloat(log2(Double(x))) }
    public static func pow(_ x: CGFloat, _ y: CGFloat) -> CGFloat { CGFloat(pow(Double(x), Double(y))) }
    public static func cbrt(_ x: CGFloat) -> CGFloat { CGFloat(cbrt(Double(x))) }
    public static func hypot(_ x: CGFloat, _ y: CGFloat) -> CGFloat { CGFloat(hypot(Double(x), Double(y))) }
}
