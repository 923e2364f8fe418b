import CKernels

/// Receives the coverage the rasterizer computes, one horizontal run at a time.
///
/// Generic (not existential) so the compositor is specialised into the sweep loop.
protocol SpanSink {
    /// Pixels `x..<x+count` of row `y` are covered by the constant fraction `coverage` (0...1].
    mutating func solidSpan(y: Int, x: Int, count: Int, coverage: Float)
    /// Pixels `x..<x+count` of row `y` have per-pixel coverage `coverage[0..<count]` (0...1): a
    /// run of neighbouring 8-pixel blocks that edges cross.
    mutating func span(y: Int, x: Int, count: Int, coverage: UnsafePointer<Float>)

    /// The colour this sink paints by source-over, antialiased and unclipped, when that is all it
    /// does with coverage: the sweep then blends as it sums (`ak_sweep_over_constant`).
    var solidOver: ak_solid_over? { get }
}

extension SpanSink {
    var solidOver: ak_solid_over? { nil }
}
