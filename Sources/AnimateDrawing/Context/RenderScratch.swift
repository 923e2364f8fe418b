import Foundation

/// Buffers one canvas reuses for every draw call: a whole-frame rasterizer (for clips and layers
/// drawn whole, made when first needed), flattening and stroking buffers, the compositor's rows,
/// spare layer surfaces and recent gradient tables. Not shared between threads.
final class RenderScratch {
    let width: Int
    let height: Int
    private(set) lazy var rasterizer = Rasterizer(width: width, height: height)
    var flat = Polylines()
    var dashed = Polylines()
    var stroker = Stroker()
    let compositingRows: CompositingRows
    let gradientTables = GradientTableCache(capacity: 16)
    private var spareLayers: [Surface] = []
    /// The blur's working pixels and line, kept between filters.
    var blurBuffer: [SIMD4<Float>] = []
    var blurLine: [SIMD4<Float>] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        compositingRows = CompositingRows(width: width)
    }

    /// A transparent surface for a layer; return it with `recycle` when done.
    func layerSurface() -> Surface {
        if let s = spareLayers.popLast() { s.clearDirty(); return s }
        return Surface(width: width, height: height)
    }

    func recycle(_ surface: Surface) { spareLayers.append(surface) }
}
