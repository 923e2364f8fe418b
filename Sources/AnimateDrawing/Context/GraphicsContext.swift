public import Foundation
import CKernels

/// An immediate-mode drawing destination, as SwiftUI's `GraphicsContext`.
///
/// A value type: copying a context and changing the copy's transform, opacity, blend mode or
/// clip leaves the original alone, while both draw into the same pixels.
///
/// The context decides what each operation draws (device-space outline, resolved paint, blend
/// mode, opacity, clip) and hands it to its executor, which draws it at once or records it to
/// be drawn in bands (`DrawingExecutor`).
public struct GraphicsContext {
    /// The surface drawn into: its size, and the pixels an immediate executor writes.
    let surface: Surface
    let scratch: RenderScratch
    let executor: any DrawingExecutor
    var clipMask: ClipMask?

    /// The current user-to-device transform.
    public var transform: CGAffineTransform = .identity
    /// Opacity applied to everything drawn, 0...1.
    public var opacity: Double = 1
    /// How drawing combines with the pixels below.
    public var blendMode: BlendMode = .normal
    /// How much of each stroked path is drawn, from its start (a storyboard creating a drawing
    /// closure's thing draws its strokes on); 1: all.
    package var strokeTrim: CGFloat = 1
    /// Opacity of fills only (a created drawing's fills fade in after its strokes).
    package var fillFade: Double = 1
    /// `opacity` as drawing uses it: clamped to 0...1, 0 when not finite.
    var effectiveOpacity: Float { Float(min(max(opacity.isFinite ? opacity : 0, 0), 1)) }

    /// Filters every drawing operation goes through, in order (`addFilter`).
    var filters: [Filter] = []
    /// A canvas view's symbols, by tag (`resolveSymbol(id:)`).
    package var symbols: [AnyHashable: any CanvasSymbol] = [:]

    /// Flattening tolerance in device pixels.
    static let tolerance: CGFloat = 0.2

    init(surface: Surface, scratch: RenderScratch, executor: any DrawingExecutor) {
        self.surface = surface
        self.scratch = scratch
        self.executor = executor
    }

    /// A context drawing into `surface` at once.
    init(surface: Surface, scratch: RenderScratch) {
        self.init(surface: surface, scratch: scratch, executor: ImmediateDrawing(surface: surface, scratch: scratch))
    }

    /// How drawing with this context lands on the pixels, with any hairline `fade`.
    func compositing(fade: Float = 1) -> Compositing {
        Compositing(mode: blendMode, opacity: effectiveOpacity * fade, clip: clipMask)
    }

    /// The size of the drawing area in device pixels.
    var deviceSize: CGSize { CGSize(width: surface.width, height: surface.height) }

    // MARK: Transform

    /// Moves the origin of user space by `(x, y)` in the current user space.
    public mutating func translateBy(x: CGFloat, y: CGFloat) { transform = transform.translatedBy(x: x, y: y) }

    /// Scales user space.
    public mutating func scaleBy(x: CGFloat, y: CGFloat) { transform = transform.scaledBy(x: x, y: y) }

    /// Rotates user space about its origin; positive angles turn clockwise on screen.
    public mutating func rotate(by angle: Angle) { transform = transform.rotated(by: angle.radians) }

    /// Applies `matrix` before the current transform.
    public mutating func concatenate(_ matrix: CGAffineTransform) { transform = matrix.concatenating(transform) }

    // MARK: Fill and stroke

    /// Fills `path` with `shading`.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        if fillFade < 1 {
            var faded = self
            faded.opacity *= fillFade
            faded.fillFade = 1
            return faded.fill(path, with: shading, style: style)
        }
        if shading.isStyle { return fill(path, with: shading.resolved(in: path.boundingRect), style: style) }
        if drawFiltered({ $0.fill(path, with: shading, style: style) }) { return }
        scratch.flat.removeAll()
        scratch.flat.append(path, transform: transform, tolerance: Self.tolerance)
        rasterize(scratch.flat, rule: style.rule, antialiased: style.isAntialiased, shading: shading, fade: 1)
    }

    /// Strokes `path` with `shading` and a line width.
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Strokes `path` with `shading` and a full stroke style: caps, joins, miter limit and dashes.
    ///
    /// The pen is in user space, so a non-uniform scale makes it elliptical, as in CoreGraphics.
    /// Lines thinner than a device pixel are drawn one pixel wide and faded in proportion, so they stay visible.
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        if strokeTrim < 1 {
            var whole = self
            whole.strokeTrim = 1
            guard strokeTrim > 0 else { return }
            return whole.stroke(path.trimmedPath(from: 0, to: strokeTrim), with: shading, style: style)
        }
        if shading.isStyle { return stroke(path, with: shading.resolved(in: path.boundingRect), style: style) }
        if drawFiltered({ $0.stroke(path, with: shading, style: style) }) { return }
        let t = transform
        let det = abs(t.a * t.d - t.b * t.c)
        let e = t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d
        let maxScale = ((e + max(0, e * e - 4 * det * det).squareRoot()) / 2).squareRoot()
        let meanScale = det.squareRoot()
        guard maxScale > 0, maxScale.isFinite, meanScale > 0, style.lineWidth.isFinite else { return }
        var style = style
        var fade: Float = 1
        let deviceWidth = abs(style.lineWidth) * meanScale
        if deviceWidth < 1 {
            fade = style.lineWidth == 0 ? 1 : Float(deviceWidth)
            style.lineWidth = 1 / meanScale
        }
        let userTolerance = Self.tolerance / maxScale
        scratch.flat.removeAll()
        scratch.flat.append(path, transform: .identity, tolerance: userTolerance)
        var source = scratch.flat
        if !style.dash.isEmpty {
            scratch.dashed.removeAll()
            if Dasher.dash(scratch.flat, pattern: style.dash, phase: style.dashPhase, into: &scratch.dashed) {
                source = scratch.dashed
            }
        }
        scratch.stroker.stroke(source, style: style, transform: t, tolerance: userTolerance)
        rasterize(scratch.stroker.out, rule: .nonZero, antialiased: true, shading: shading, fade: fade,
                  simple: scratch.stroker.outlineIsSimple)
    }

    func rasterize(_ polygons: Polylines, rule: FillRule, antialiased: Bool, shading: Shading, fade: Float, simple: Bool = false) {
        let paint = Paint(shading, transform: transform, tables: scratch.gradientTables)
        rasterize(polygons, rule: rule, antialiased: antialiased, paint: paint, fade: fade, simple: simple)
    }

    /// `simple`: the contours are known not to cross or meet in a pixel (see `Rasterizer.addPolygons`).
    func rasterize(_ polygons: Polylines, rule: FillRule, antialiased: Bool, paint: consuming Paint, fade: Float, simple: Bool = false) {
        let compositing = compositing(fade: fade)
        guard compositing.opacity > 0 else { return }
        executor.fill(polygons, ShapePainting(paint: paint, rule: rule, antialiased: antialiased, simple: simple,
                                              compositing: compositing))
    }

    /// Paints coverage masks placed in device pixels (glyphs from a cache) with `shading`, as
    /// one shape: the context's paint transform, opacity, blend mode, clip and filters apply;
    /// its transform does not move the masks. `owners` keep the masks placed until they are drawn.
    package func fill(_ placements: ArraySlice<MaskPlacement>, keeping owners: [AnyObject], with shading: Shading) {
        if drawFiltered({ $0.fill(placements, keeping: owners, with: shading) }) { return }
        let compositing = compositing()
        guard compositing.opacity > 0, !placements.isEmpty else { return }
        let paint = Paint(shading, transform: transform, tables: scratch.gradientTables)
        withExtendedLifetime(owners) {
            placements.withUnsafeBufferPointer { placements in
                let (rows, columns) = MaskRun.reach(of: placements, width: surface.width, height: surface.height)
                guard !rows.isEmpty else { return }
                executor.fill(masks: placements, keeping: owners, rows: rows, columns: columns,
                              [MaskSegment(ShapePainting(paint: paint, rule: .nonZero, antialiased: true, simple: true, compositing: compositing))])
            }
        }
    }

    /// Paints runs of coverage masks, each with its own shading (a line of text in several
    /// colours): `runs` gives where each run's placements end (indices of `placements`). Runs side
    /// by side, each in pixel columns no other reaches, are painted in one pass; otherwise each as
    /// `fill(_:keeping:with:)`. The pixels are those painting the runs one by one gives.
    package func fill(_ placements: ArraySlice<MaskPlacement>, runs: [(end: Int, shading: Shading)], keeping owners: [AnyObject]) {
        var colors: [(end: Int, color: Color)] = []
        colors.reserveCapacity(runs.count)
        for run in runs {
            guard case .color(let color) = run.shading.kind else { return fillSegments(placements, runs: runs, keeping: owners) }
            colors.append((run.end, color))
        }
        fill(placements, colors: colors, keeping: owners)
    }

    /// `fill(_:runs:keeping:)` for runs each in a plain colour (a line of code in its token
    /// colours): where runs sit side by side and the context blends normally without a mask,
    /// one pass paints each run's columns in its colour.
    package func fill(_ placements: ArraySlice<MaskPlacement>, colors runs: [(end: Int, color: Color)], keeping owners: [AnyObject]) {
        func asShadings() { fillSegments(placements, runs: runs.map { ($0.end, .color($0.color)) }, keeping: owners) }
        guard runs.count > 1, !hasFilters else { return asShadings() }
        let compositing = compositing()
        guard compositing.opacity > 0, !placements.isEmpty else { return }
        guard compositing.mode == .normal, Compositor.isUnmasked(compositing) else { return asShadings() }
        var colors: [(columns: Range<Int>, color: UInt32)] = []
        colors.reserveCapacity(runs.count)
        let sideBySide = Self.forEachRunsColumns(placements, ends: runs.lazy.map(\.end)) { run, columns in
            colors.append((columns, Pixel.pack(runs[run].color.premultiplied)))
        }
        guard sideBySide else { return asShadings() }
        guard let first = colors.first, let last = colors.last else { return }
        let painting = ShapePainting(paint: Paint(.color(runs[0].color), transform: transform), rule: .nonZero, antialiased: true,
                                     simple: true, compositing: compositing)
        fillMasks(placements, keeping: owners,
                  [MaskSegment(columns: first.columns.lowerBound..<last.columns.upperBound, painting: painting, colors: colors)])
    }

    /// The runs' own shadings: a segment each when they sit side by side, else one by one.
    private func fillSegments(_ placements: ArraySlice<MaskPlacement>, runs: [(end: Int, shading: Shading)], keeping owners: [AnyObject]) {
        func oneByOne() {
            var start = placements.startIndex
            for run in runs {
                if run.end > start { fill(placements[start..<run.end], keeping: owners, with: run.shading) }
                start = run.end
            }
        }
        guard runs.count > 1, !hasFilters else { return oneByOne() }
        let compositing = compositing()
        guard compositing.opacity > 0, !placements.isEmpty else { return }
        var segments: [MaskSegment] = []
        segments.reserveCapacity(runs.count)
        let sideBySide = Self.forEachRunsColumns(placements, ends: runs.lazy.map(\.end)) { run, columns in
            let paint = Paint(runs[run].shading, transform: transform, tables: scratch.gradientTables)
            segments.append(MaskSegment(columns: columns, painting: ShapePainting(paint: paint, rule: .nonZero, antialiased: true,
                                                                                  simple: true, compositing: compositing)))
        }
        guard sideBySide else { return oneByOne() }
        fillMasks(placements, keeping: owners, segments)
    }

    /// Calls `body` with each non-empty run's index and the pixel columns its placements cover
    /// (runs end at `ends`, indices of `placements`), left to right; false, and stops, at a run
    /// that shares a column with the one before it (an overhang, a right-to-left run).
    private static func forEachRunsColumns(_ placements: ArraySlice<MaskPlacement>, ends: some Sequence<Int>,
                                           _ body: (Int, Range<Int>) -> Void) -> Bool {
        var start = placements.startIndex, lastEnd = Int.min
        for (run, end) in ends.enumerated() {
            guard end > start else { continue }
            var lo = Int.max, hi = Int.min
            for p in placements[start..<end] { lo = min(lo, Int(p.x)); hi = max(hi, Int(p.x) &+ Int(p.width)) }
            guard lo >= lastEnd, lo < hi else { return false }
            lastEnd = hi
            body(run, lo..<hi)
            start = end
        }
        return true
    }

    /// Hands `placements`, painted as `segments` say, to the executor over the rows and columns they reach.
    private func fillMasks(_ placements: ArraySlice<MaskPlacement>, keeping owners: [AnyObject], _ segments: [MaskSegment]) {
        withExtendedLifetime(owners) {
            placements.withUnsafeBufferPointer { placements in
                let (rows, columns) = MaskRun.reach(of: placements, width: surface.width, height: surface.height)
                guard !rows.isEmpty else { return }
                executor.fill(masks: placements, keeping: owners, rows: rows, columns: columns, segments)
            }
        }
    }

    // MARK: Clipping

    /// Options for `clip(to:style:options:)`.
    public struct ClipOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Clip to everything outside the path instead of inside.
        public static let inverse = ClipOptions(rawValue: 1)
    }

    /// Intersects the clip with `path` (or with its outside, given `.inverse`).
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = []) {
        let w = surface.width, h = surface.height
        let shape = ClipMask(width: w, height: h, fill: 0)
        scratch.flat.removeAll()
        scratch.flat.append(path, transform: transform, tolerance: Self.tolerance)
        scratch.rasterizer.addPolygons(scratch.flat)
        let pathRows = scratch.rasterizer.pendingRows
        var sink = MaskSink(mask: shape.coverage, width: w, antialiased: style.isAntialiased)
        scratch.rasterizer.sweep(rule: style.rule, into: &sink)
        shape.intersect(with: clipMask, shapeRows: pathRows, inverse: options.contains(.inverse),
                        outline: scratch.flat.axisAlignedRectangle)
        clipMask = shape
    }

    /// The bounding rectangle of the current clip, in user space.
    public var clipBoundingRect: CGRect {
        var device = CGRect(origin: .zero, size: deviceSize)
        if let mask = clipMask {
            if let b = mask.bounds {
                device = CGRect(x: b.minX, y: b.minY, width: b.maxX - b.minX, height: b.maxY - b.minY)
            } else {
                return .zero
            }
        }
        return device.applying(transform.inverted())
    }

    // MARK: Layers

    /// Draws `content` into a new transparent layer, then composites the layer into this context
    /// with this context's opacity, blend mode and clip. The layer starts with this context's transform.
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        // Without filters, an executor that records draws the layer band by band.
        if filters.isEmpty, try executor.recordLayer(compositing(), { inner in
            var context = GraphicsContext(surface: surface, scratch: scratch, executor: inner)
            context.transform = transform
            context.strokeTrim = strokeTrim
            context.fillFade = fillFade
            try content(&context)
        }) { return }
        try drawFilteredLayer(content)
    }

    /// Draws `content` into a new layer on this thread, applies the filters and composites the
    /// result (`drawLayer`, and every operation of a context with filters).
    func drawFilteredLayer(_ content: (inout GraphicsContext) throws -> Void) rethrows {
        let layer = scratch.layerSurface()
        var kept = false
        defer { if !kept { scratch.recycle(layer) } }
        var inner = GraphicsContext(surface: layer, scratch: scratch)
        inner.transform = transform
        inner.strokeTrim = strokeTrim
        inner.fillFade = fillFade
        try content(&inner)
        let result = applyFilters(to: layer)
        if composite(result) {
            kept = result === layer
        } else if result !== layer {
            scratch.recycle(result)
        }
    }

    /// Composites a whole surface onto this one with the context's opacity, blend mode and clip.
    /// True when the executor kept the surface (recorded, to be composited band by band): the
    /// caller must not reuse it.
    func composite(_ layer: Surface) -> Bool {
        let compositing = compositing()
        guard compositing.opacity > 0 else { return false }
        return executor.composite(layer, compositing)
    }
}

extension GraphicsContext {
    /// The transform `change` gives a context that starts untransformed (nothing is drawn): where
    /// a view's effects (an offset, a scale, a rotation) put what is inside them.
    package static func transform(of change: (inout GraphicsContext) -> Void) -> CGAffineTransform {
        var context = probe
        change(&context)
        return context.transform
    }

    /// A context nothing is ever drawn with (only its transform is read), so threads may share it.
    nonisolated(unsafe) private static let probe = GraphicsContext(surface: Surface(width: 1, height: 1), scratch: RenderScratch(width: 1, height: 1))
}
