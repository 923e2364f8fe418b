public import Foundation
public import AnimateTimeline

extension Angle: Interpolatable {
    public static func interpolate(_ a: Angle, _ b: Angle, _ t: Double) -> Angle {
        .radians(.interpolate(a.radians, b.radians, t))
    }
}
