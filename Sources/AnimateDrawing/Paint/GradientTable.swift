import Foundation

/// A gradient resolved to a lookup table of premultiplied RGBA8 colours.
///
/// Stops are interpolated in straight (un-premultiplied) sRGB values, or in linear light when the
/// gradient asks for it, and premultiplied afterwards, so a fade to `.clear` does not darken. A
/// colour step (two stops at one location) stays a step.
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
        let linear = gradient.mixesInLinearLight
        let straight = stops.map { stop -> SIMD4<Float> in
            let c = stop.color.straight
            return linear ? SIMD4(Self.decode(c.x), Self.decode(c.y), Self.decode(c.z), c.w) : c
        }
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
                table[i] = Pixel.pack(premultiplying: linear ? SIMD4(Self.encode(c.x), Self.encode(c.y), Self.encode(c.z), c.w) : c)
            }
            initialized = Self.size
        }
        isOpaque = colors.allSatisfy { $0 >> 24 == 255 }
    }

    /// sRGB-encoded to linear light.
    static func decode(_ v: Float) -> Float { Float(Color.decode(Double(v))) }
    /// Linear light to sRGB-encoded.
    static func encode(_ v: Float) -> Float { Float(Color.encode(Double(min(max(v, 0), 1)))) }
}
