package import CKernels
import Foundation

/// A mask's coverage levels and where they sit: a plain value, copied without reference
/// counting, valid while the `CoverageMask` it comes from lives.
package struct MaskShape {
    /// `height` rows of coverage levels (0...255), `stride` bytes apart: the width rounded up to
    /// 16, the rest zero, so rows are added sixteen levels at a time (`ak_add_mask`).
    let levels: UnsafePointer<UInt8>
    let stride: Int
    package let width: Int
    package let height: Int
    /// The mask's top-left pixel relative to the point the shape was rasterized around.
    package let left: Int
    package let top: Int
}

/// The anti-aliased coverage of a small shape (a glyph at one size and sub-pixel phase),
/// rasterized once and then placed at whole pixels as often as it is drawn. Immutable once
/// made, so masks are shared across frames and threads.
package final class CoverageMask: @unchecked Sendable {
    package let shape: MaskShape
    private let storage: UnsafeMutablePointer<UInt8>

    /// Bytes the mask holds (for caches bounded by memory).
    package var byteCount: Int { shape.stride * shape.height + 64 }

    /// What rasterizing a shape into a mask gave.
    package enum Made {
        case mask(CoverageMask)
        /// The shape covers nothing.
        case empty
        /// The shape spans more pixels than a mask may (or reaches infinity): fill it instead.
        case tooLarge
    }

    /// Rasterizes `path` mapped by `transform` (device pixels, relative to the point the mask is
    /// placed by), as `GraphicsContext.fill` would fill it with the non-zero rule, into a mask at
    /// most `limit` pixels wide and high.
    package static func make(_ path: Path, transform: CGAffineTransform, limit: Int = 1024) -> Made {
        var flat = Polylines()
        flat.append(path, transform: transform, tolerance: GraphicsContext.tolerance)
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for p in flat.points {
            guard p.x.isFinite, p.y.isFinite else { return .tooLarge }
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        guard minX < maxX, minY < maxY else { return .empty }
        guard maxX - minX <= CGFloat(limit), maxY - minY <= CGFloat(limit) else { return .tooLarge }
        return .mask(CoverageMask(flat, minX: minX, minY: minY, maxX: maxX, maxY: maxY))
    }

    private init(_ outline: Polylines, minX: CGFloat, minY: CGFloat, maxX: CGFloat, maxY: CGFloat) {
        var flat = outline
        let left = Int(minX.rounded(.down)), top = Int(minY.rounded(.down))
        let width = Int(maxX.rounded(.up)) - left, height = Int(maxY.rounded(.up)) - top
        let dx = CGFloat(left), dy = CGFloat(top)
        for i in flat.points.indices { flat.points[i].x -= dx; flat.points[i].y -= dy }
        let stride = (width + 15) & ~15
        storage = .allocate(capacity: stride * height)
        storage.initialize(repeating: 0, count: stride * height)
        // A square rasterizer at least as large: inside its frame, nothing is clipped, so the
        // coverage is what one of the mask's own size computes.
        let side = Self.sides.first { $0 >= max(width, height) } ?? max(width, height)
        let rasterizer = Self.spare.take(side: side)
        rasterizer.addPolygons(flat)
        var sink = LevelSink(levels: storage, stride: stride, width: width, height: height)
        rasterizer.sweep(rule: .nonZero, into: &sink)
        Self.spare.give(rasterizer)
        shape = MaskShape(levels: UnsafePointer(storage), stride: stride, width: width, height: height, left: left, top: top)
    }

    deinit { storage.deallocate() }

    /// The sizes of the rasterizers masks are made with, kept between masks.
    private static let sides = [64, 256, 1024]
    private static let spare = RasterizerPool()
}

/// Writes coverage as levels into a mask's rows, within its width and height (the rasterizer's
/// frame may be larger; it reports zero coverage there).
private struct LevelSink: SpanSink {
    let levels: UnsafeMutablePointer<UInt8>
    let stride: Int
    let width: Int
    let height: Int

    mutating func solidSpan(y: Int, x: Int, count: Int, coverage: Float) {
        guard y < height else { return }
        let end = min(x + count, width)
        guard x < end else { return }
        (levels + y * stride + x).update(repeating: UInt8(min(coverage, 1) * 255 + 0.5), count: end - x)
    }

    mutating func span(y: Int, x: Int, count: Int, coverage: UnsafePointer<Float>) {
        guard y < height else { return }
        let row = levels + y * stride
        for i in x..<min(x + count, width) { row[i] = UInt8(min(coverage[i - x], 1) * 255 + 0.5) }
    }
}

/// Square rasterizers by side, for making masks on any thread without allocating each time.
private final class RasterizerPool: @unchecked Sendable {
    private let lock = NSLock()
    private var spare: [Int: [Rasterizer]] = [:]

    func take(side: Int) -> Rasterizer {
        lock.withLock { spare[side]?.popLast() } ?? Rasterizer(width: side, height: side)
    }

    func give(_ rasterizer: Rasterizer) {
        lock.withLock {
            // A few of each side: as many as threads making masks at once, within reason.
            if spare[rasterizer.width, default: []].count < 8 { spare[rasterizer.width, default: []].append(rasterizer) }
        }
    }
}

/// A mask placed on the surface, its top-left pixel at (`x`, `y`). Valid while its mask lives:
/// whoever draws it keeps the mask.
package typealias MaskPlacement = ak_mask_placement

extension MaskPlacement {
    /// `shape` placed with the point it was rasterized around at pixel (`x`, `y`).
    @inline(__always)
    package init(_ shape: MaskShape, x: Int, y: Int) {
        self.init(levels: shape.levels, stride: shape.stride, width: shape.width, height: shape.height,
                  x: x &+ shape.left, y: y &+ shape.top)
    }
}
