import CKernels
import Foundation

/// A sequence of colour stops, as SwiftUI's `Gradient`.
public struct Gradient: Hashable, Sendable {
    /// One colour at a location between 0 and 1.
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: Double
        /// A stop of `color` at `location` (0...1).
        public init(color: Color, location: Double) { self.color = color; self.location = location }
    }

    /// The stops, in the order given.
    public var stops: [Stop]
    /// Colours between stops are mixed in linear light instead of sRGB-encoded values
    /// (`GradientOptions.linearColor`).
    var mixesInLinearLight = false
    /// What lies beyond the gradient's ends: its end colours (pad), or the gradient again, straight
    /// or mirrored (`GradientOptions.repeat`, `.mirror`).
    var spread: GradientSpread = .pad

    /// Stops at explicit locations.
    public init(stops: [Stop]) { self.stops = stops }

    /// Colours spread evenly from 0 to 1.
    public init(colors: [Color]) {
        let n = colors.count
        stops = colors.enumerated().map { i, c in Stop(color: c, location: n > 1 ? Double(i) / Double(n - 1) : 0) }
    }

    /// The stops sorted by location (stable), locations clamped to 0...1, as SwiftUI resolves them.
    var resolvedStops: [Stop] {
        var last = 0.0
        return stops.map { stop in
            var s = stop
            let loc = s.location.isFinite ? min(max(s.location, 0), 1) : 0
            s.location = max(loc, last)
            last = s.location
            return s
        }
    }
}

/// What a gradient shading paints beyond its ends.
enum GradientSpread: Hashable, Sendable {
    case pad, repeating, mirror

    /// The kernels' name for it (`AK_SPREAD_*`).
    var kernelSpread: Int32 {
        switch self {
        case .pad: Int32(AK_SPREAD_PAD)
        case .repeating: Int32(AK_SPREAD_REPEAT)
        case .mirror: Int32(AK_SPREAD_MIRROR)
        }
    }
}
