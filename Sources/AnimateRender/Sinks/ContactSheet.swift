public import AnimateDrawing
import AnimateText
import AnimateVideo
public import Foundation
import AnimateTimeline

/// A grid of frames spread across a scene's duration, labelled with time and frame index, to check
/// a scene at a glance. As a sink it places each frame in the sheet as it arrives (straight RGBA,
/// over the sheet's grey), so it holds one sheet, not one image per frame; its size and memory are
/// checked before anything is drawn.
public final class ContactSheet: FrameSink {
    /// The thumbnail size used when a sheet's request gives none.
    public static let defaultThumbnailSize = FrameSize(width: 480, height: 270)
    /// The columns and rows accepted.
    public static let gridLimits = 1...16
    static let background = Color(white: 0.16)

    public let columns: Int
    public let rows: Int
    /// The frames shown, evenly spaced from the first to the last frame of the timeline.
    public let indices: [Int]
    /// The sheet's size in pixels.
    public let size: FrameSize
    private let request: RenderRequest
    /// The sheet as straight RGBA, made on first use.
    private var pixels: [UInt8] = []
    /// `background` as 8-bit sRGB.
    private let grey: (r: UInt32, g: UInt32, b: UInt32)

    /// A sheet of `columns x rows` frames of `request`, each at the request's size. A sheet
    /// larger than a PNG can hold, or that would not fit in the memory the request may use, is
    /// refused.
    public init(_ request: RenderRequest, columns: Int = 4, rows: Int = 3) throws(RenderError) {
        guard Self.gridLimits.contains(columns), Self.gridLimits.contains(rows) else { throw .invalidSheetGrid }
        self.request = request
        self.columns = columns
        self.rows = rows
        var dot = Bitmap(width: 1, height: 1)
        dot.clear(Self.background)
        let p = dot.rgba8()
        grey = (UInt32(p[0]), UInt32(p[1]), UInt32(p[2]))
        let count = columns * rows
        let last = request.timelineFrames - 1
        indices = (0..<count).map { k in count == 1 ? 0 : Int((Double(k) * Double(last) / Double(count - 1)).rounded()) }
        let sheet = Self.sheetSize(frame: request.size, columns: columns, rows: rows)
        size = sheet
        // PNG's encoder takes at most about 268 million pixels (with its margins).
        guard sheet.width <= Bitmap.maximumDimension, sheet.height <= Bitmap.maximumDimension,
              (sheet.width + 128) * (sheet.height + 128) < Int(Int32.max) / 8 else {
            throw .sheetTooLarge(columns: columns, rows: rows, frame: request.size, sheet: sheet)
        }
        // Planned before anything is drawn: the sheet, the encoder's copy of it and its PNG, the
        // frames in flight (two a worker), beside the workers' own canvases.
        let workers = min(request.threads, count)
        let needed = 3 * sheet.width * sheet.height * 4 + 2 * workers * request.width * request.height * 4
            + MemoryPlan.estimate(width: request.width, height: request.height, workers: workers,
                                  reusesPreviousFrame: false, output: nil, threadsPerFrame: request.threadsPerFrame)
        if let budget = request.memoryBudget, needed > budget {
            throw .notEnoughMemoryForSheet(needed: needed, available: budget)
        }
    }

    /// The size of a sheet of `columns x rows` frames of size `frame`, with their labels and gaps.
    static func sheetSize(frame: FrameSize, columns: Int, rows: Int) -> FrameSize {
        FrameSize(width: columns * frame.width + (columns + 1) * gap(frame.width),
                  height: rows * (frame.height + labelHeight(frame.height)) + (rows + 1) * gap(frame.width))
    }

    private static func labelHeight(_ height: Int) -> Int { max(20, height / 9) }
    private static func gap(_ width: Int) -> Int { max(4, width / 60) }

    /// Renders the sheet of `request`.
    public static func render(_ request: RenderRequest, columns: Int = 4, rows: Int = 3) throws -> ContactSheet {
        let sheet = try ContactSheet(request, columns: columns, rows: rows)
        try Renderer(request: request).run(into: sheet, frames: sheet.indices)
        return sheet
    }

    public func payload(of canvas: inout Bitmap, worker: Int) throws -> [UInt8] { canvas.rgba8() }

    public func consume(_ frame: [UInt8], frame index: Int) throws {
        guard let k = indices.firstIndex(of: index) else { return }
        makeSheet()
        let (x, y) = origin(ofCell: k)
        let (r, g, b) = grey
        pixels.withUnsafeMutableBufferPointer { sheet in
            frame.withUnsafeBufferPointer { source in
                for row in 0..<request.height {
                    var s = row * request.width * 4, d = ((y + row) * size.width + x) * 4
                    for _ in 0..<request.width {
                        // Straight alpha over the opaque grey.
                        let a = UInt32(source[s + 3]), ia = 255 - a
                        sheet[d] = UInt8((UInt32(source[s]) * a + r * ia + 127) / 255)
                        sheet[d + 1] = UInt8((UInt32(source[s + 1]) * a + g * ia + 127) / 255)
                        sheet[d + 2] = UInt8((UInt32(source[s + 2]) * a + b * ia + 127) / 255)
                        sheet[d + 3] = 255
                        s += 4; d += 4
                    }
                }
            }
        }
    }

    public func finish() throws -> [URL] { [] }

    /// The sheet as straight RGBA, rows top to bottom (`size`): the frames consumed so far, in
    /// a grid with their labels.
    public var rgba: [UInt8] {
        makeSheet()
        return pixels
    }

    /// The sheet as a PNG file's bytes.
    package func pngData() throws -> Data {
        makeSheet()
        return Data(try pixels.withUnsafeBufferPointer { try PNGEncoder.encode(rgba: $0, width: size.width, height: size.height) })
    }

    private func origin(ofCell k: Int) -> (x: Int, y: Int) {
        let gap = Self.gap(request.width), label = Self.labelHeight(request.height)
        return (gap + (k % columns) * (request.width + gap), gap + (k / columns) * (request.height + label + gap))
    }

    /// The grey sheet with every label, drawn once, a label at a time.
    private func makeSheet() {
        guard pixels.isEmpty else { return }
        let fill: [UInt8] = [UInt8(grey.r), UInt8(grey.g), UInt8(grey.b), 255]
        pixels = [UInt8](unsafeUninitializedCapacity: size.width * size.height * 4) { out, count in
            for i in 0..<(size.width * size.height) { for c in 0..<4 { out[4 * i + c] = fill[c] } }
            count = size.width * size.height * 4
        }
        let labelHeight = Self.labelHeight(request.height)
        var label = Bitmap(width: request.width, height: labelHeight)
        for (k, index) in indices.enumerated() {
            label.clear(Self.background)
            label.draw { context, _ in
                let time = request.rate.time(ofFrame: index)
                context.draw(Text(String(format: "%.2f s · frame %d", time, index))
                                .font(.system(size: CGFloat(labelHeight) * 0.5)).foregroundColor(Color(white: 0.85)),
                             at: CGPoint(x: 4, y: CGFloat(labelHeight) / 2), anchor: .leading)
            }
            let bytes = label.rgba8()
            let (x, y) = origin(ofCell: k)
            for row in 0..<labelHeight {
                let d = ((y + request.height + row) * size.width + x) * 4
                pixels.replaceSubrange(d..<(d + request.width * 4), with: bytes[(row * request.width * 4)..<((row + 1) * request.width * 4)])
            }
        }
    }
}
