import Foundation

/// A gradient resolved to a lookup table of premultiplied RGBA8 colours.
///
/// Stops are interpolated in straight (un-premultiplied) sRGB values and premultiplied afterwards,
/// so a fade to `.clear` does not darken. A colour step (two stops at one location) stays a step.
struct GradientTable {
    static let size = 1024
    /// `size` premultiplied colours packed as little-endian RGBA.
    let colors: [UInt32]
    /// Every entry has alpha 255.
    let isOpaque: Bool

    init(_ gradient: Gradient) {
        let stops = gradient.resolvedStops
        guard !stops.isEmpty else {
            colors = [UInt32](repeating: 0, count: Self.size)
            isOpaque = false
            return
        }
        // Each stop's components are resolved once, not once per entry.
        let locations = stops.map(\.location)
        let straight = stops.map(\.color.straight)
        let count = stops.count
        colors = [UInt32](unsafeUninitializedCapacity: Self.size) { table, initialized in
            var k = 0
            for i in 0..<Self.size {
                let t = Double(i) / Double(Self.size - 1)
                while k < count && locations[k] <= t { k += 1 }
                let c: SIMD4<Float>
                if k == 0 {
                    c = straight[0]
                } else if k == count {
                    c = straight[count - 1]
                } else {
                    let span = locations[k] - locations[k - 1]
                    let f = Float(span > 0 ? (t - locations[k - 1]) / span : 1)
                    c = straight[k - 1] + (straight[k] - straight[k - 1]) * f
                }
                table[i] = Pixel.pack(premultiplying: c)
            }
            initialized = Self.size
        }
        isOpaque = colors.allSatisfy { $0 >> 24 == 255 }
    }
}
