public import Foundation

/// The pixels a frame is drawn into: a value that owns its buffer (copied on write). SwiftUI's
/// drawing view is `Canvas`; this is what it, and every frame, draws into.
///
/// ```swift
/// var bitmap = Bitmap(width: 640, height: 360)
/// bitmap.clear(.white)
/// bitmap.draw { context, size in
///     context.fill(Path(ellipseIn: CGRect(x: 10, y: 10, width: 100, height: 50)), with: .color(.blue))
/// }
/// let bytes = bitmap.rgba8()
/// ```
/// Pixels are stored premultiplied; `rgba8()` returns straight alpha.
public struct Bitmap {
    final class Storage {
        let surface: Surface
        let scratch: RenderScratch
        /// Draws band by band, with its threads.
        var banded: BandedDrawing
        /// Draws each operation at once over the whole frame, when asked (`drawsInBands` off).
        lazy var immediate = ImmediateDrawing(surface: surface, scratch: scratch)
        var drawsInBands = true
        init(width: Int, height: Int) {
            surface = Surface(width: width, height: height)
            scratch = RenderScratch(width: width, height: height)
            banded = BandedDrawing(surface: surface, threads: 1)
        }
        init(copying other: Storage) {
            surface = other.surface.copy()
            scratch = RenderScratch(width: other.surface.width, height: other.surface.height)
            banded = BandedDrawing(surface: surface, threads: other.banded.threads, bandHeight: other.banded.bandHeight)
            drawsInBands = other.drawsInBands
        }
    }

    /// The largest width or height a canvas accepts.
    public static let maximumDimension = 16384

    private var storage: Storage
    /// Width in pixels.
    public var width: Int { storage.surface.width }
    /// Height in pixels.
    public var height: Int { storage.surface.height }
    /// Whether backgrounds are reused from frame to frame; the same bytes either way. On by
    /// default. A clear colour, or an opaque colour over the whole frame, that the canvas still
    /// holds is written again only where it was drawn over; a full-frame opaque gradient drawn the
    /// same way twice in a row is kept (4 bytes a pixel) and copied the next times, likewise only
    /// where it was drawn over. Off, every background is drawn whole, as from scratch.
    public var reusesBackgrounds: Bool {
        get { storage.surface.reuse.isEnabled }
        nonmutating set { storage.surface.reuse.isEnabled = newValue }
    }

    /// How many threads draw each `draw` call, each a band of rows at a time; 1 by default. The
    /// drawing closure still runs once, on the calling thread: what it draws is recorded (outlines
    /// flattened and stroked, paints resolved) and the bands are rasterized and composited in
    /// parallel. The bytes are the same for every count. Layers with filters (blur, shadow) are
    /// drawn whole on the calling thread, since a blur reaches across bands.
    public var drawingThreads: Int {
        get { storage.banded.threads }
        nonmutating set {
            let threads = min(max(newValue, 1), Self.maximumDrawingThreads)
            guard threads != drawingThreads else { return }
            storage.banded = BandedDrawing(surface: storage.surface, threads: threads, bandHeight: bandHeight)
        }
    }

    /// Rows a band holds (even); where the cuts fall changes no pixel.
    package var bandHeight: Int {
        get { storage.banded.bandHeight }
        nonmutating set { storage.banded = BandedDrawing(surface: storage.surface, threads: drawingThreads, bandHeight: newValue) }
    }

    /// Whether `draw` records and draws band by band (the default), or draws each operation at
    /// once over the whole frame, as a filtered layer is drawn: the same bytes, slower; the
    /// reference the bands are checked against.
    package var drawsInBands: Bool {
        get { storage.drawsInBands }
        nonmutating set { storage.drawsInBands = newValue }
    }

    /// The most threads a canvas draws with.
    public static let maximumDrawingThreads = 256

    /// The size in pixels, as the drawing closure sees it.
    public var size: CGSize { CGSize(width: width, height: height) }

    /// A transparent canvas; dimensions are clamped to `1...maximumDimension`.
    public init(width: Int, height: Int) {
        storage = Storage(width: min(max(width, 1), Self.maximumDimension),
                          height: min(max(height, 1), Self.maximumDimension))
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    }

    /// Sets every pixel to `color`.
    public mutating func clear(_ color: Color) {
        makeUnique()
        storage.surface.fill(Pixel.pack(color.premultiplied))
    }

    /// Draws with a fresh context, the same closure shape as SwiftUI's `Canvas { context, size in ... }`.
    public mutating func draw<R>(_ body: (inout GraphicsContext, CGSize) throws -> R) rethrows -> R {
        makeUnique()
        guard storage.drawsInBands else {
            var context = GraphicsContext(surface: storage.surface, scratch: storage.scratch, executor: storage.immediate)
            return try body(&context, size)
        }
        let banded = storage.banded
        var context = GraphicsContext(surface: storage.surface, scratch: storage.scratch, executor: banded)
        // What was recorded is drawn even when the closure throws, as it would have been drawn
        // by then had each command been drawn as it came.
        defer { banded.flush() }
        return try body(&context, size)
    }

    /// The pixels as straight (un-premultiplied) RGBA bytes, rows top to bottom.
    public func rgba8() -> [UInt8] {
        let n = width * height
        return [UInt8](unsafeUninitializedCapacity: n * 4) { out, count in
            StraightAlpha.convert(storage.surface.settledPixels(), count: n, into: out.baseAddress!)
            count = n * 4
        }
    }

    /// The pixels as an image, `scale` pixels a point (nil for a size an image cannot have).
    package func picture(scale: CGFloat = 1) -> Image? {
        var image = Image(rgba: rgba8(), width: width, height: height)
        image?.scale = scale
        return image
    }

    /// Calls `body` with the premultiplied RGBA bytes (which are also the image flattened over black).
    package func withPremultipliedBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let raw = UnsafeRawPointer(storage.surface.settledPixels()).assumingMemoryBound(to: UInt8.self)
        return try body(UnsafeBufferPointer(start: raw, count: width * height * 4))
    }

    /// A moment in a canvas's drawing history, to ask later which parts of it changed since
    /// (`withChanges(since:_:)`).
    package struct Revision {
        let surface: FrameReuse.Identity
        let epoch: UInt32
    }

    /// Marks the canvas as it is now: what is drawn afterwards counts as changed since.
    package func revision() -> Revision {
        Revision(surface: storage.surface.reuse.identity, epoch: storage.surface.reuse.revision())
    }

    /// Calls `body` with the blocks that may have changed since `revision`, or with nil when
    /// anything may have: every pixel was written since, or the revision is of another canvas
    /// (a copy is another canvas) or nil.
    package func withChanges<R>(since revision: Revision?, _ body: (ChangedBlocks?) throws -> R) rethrows -> R {
        let surface = storage.surface
        _ = surface.settledPixels() // a pending clear is written, and counted, first
        guard let revision, revision.surface === surface.reuse.identity else { return try body(nil) }
        return try withExtendedLifetime(storage) { try body(surface.reuse.changes(since: revision.epoch)) }
    }

    /// The premultiplied RGBA value of pixel `(x, y)`, for tests and tools.
    public func premultipliedPixel(x: Int, y: Int) -> SIMD4<UInt8> {
        let p = storage.surface.settledPixels()[y * width + x]
        return SIMD4(UInt8(p & 0xFF), UInt8((p >> 8) & 0xFF), UInt8((p >> 16) & 0xFF), UInt8(p >> 24))
    }
}
