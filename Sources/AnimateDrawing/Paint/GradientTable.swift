import Foundation

/// A gradient resolved to a lookup table of premultiplied RGBA8 colours.
///
/// Stops are interpolated in straight (un-premultiplied) sRGB values and premultiplied afterwards,
/// so a fade to `.clear` does not darken. A colour step (two stops at one location) stays a step.
struct GradientTable {
    static let size = 1024
    /// `size` premultiplied colours packed as little-endian RGBA.
    var colors: [UInt32]

    init(_ gradient: Gradient) {
        let stops = gradient.resolvedStops
        var table = [UInt32](repeating: 0, count: Self.size)
        guard let first = stops.first else { colors = table; return }
        let last = stops[stops.count - 1]
        var k = 0
        for i in 0..<Self.size {
            let t = Double(i) / Double(Self.size - 1)
            while k < stops.count && stops[k].location <= t { k += 1 }
            let c: SIMD4<Float>
            if k == 0 {
                c = first.color.straight
            } else if k == stops.count {
                c = last.color.straight
            } else {
                let a = stops[k - 1], b = stops[k]
                let span = b.location - a.location
                let f = Float(span > 0 ? (t - a.location) / span : 1)
                c = a.color.straight + (b.color.straight - a.color.straight) * f
            }
            table[i] = Pixel.pack(premultiplying: c)
        }
        colors = table
    }
}
