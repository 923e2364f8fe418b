import Foundation

/// A grid of frames spread across a scene's duration, labelled with time and frame index, to check
/// a scene at a glance. As a sink it keeps one thumbnail per frame; `canvas` lays them out.
public final class ContactSheet: FrameSink {
    /// The thumbnail size used when a sheet's request gives none.
    public static let defaultThumbnailSize = FrameSize(width: 480, height: 270)
    /// The columns and rows accepted.
    public static let gridLimits = 1...16

    public let columns: Int
    public let rows: Int
    /// The frames shown, evenly spaced from the first to the last frame of the timeline.
    public let indices: [Int]
    private let request: RenderRequest
    private var thumbnails: [Int: Image] = [:]

    /// A sheet of `columns x rows` frames of `request`, each at the request's size.
    public init(_ request: RenderRequest, columns: Int = 4, rows: Int = 3) throws(RenderError) {
        guard Self.gridLimits.contains(columns), Self.gridLimits.contains(rows) else { throw .invalidSheetGrid }
        self.request = request
        self.columns = columns
        self.rows = rows
        let count = columns * rows
        let last = request.timelineFrames - 1
        indices = (0..<count).map { k in count == 1 ? 0 : Int((Double(k) * Double(last) / Double(count - 1)).rounded()) }
    }

    /// Renders the sheet of `request`.
    public static func render(_ request: RenderRequest, columns: Int = 4, rows: Int = 3) throws -> Canvas {
        let sheet = try ContactSheet(request, columns: columns, rows: rows)
        try Renderer(request: request).run(into: sheet, frames: sheet.indices)
        return sheet.canvas
    }

    public func payload(of canvas: inout Canvas, worker: Int) throws -> Image {
        Image(rgba: canvas.rgba8(), width: canvas.width, height: canvas.height)!
    }

    public func consume(_ image: Image, frame: Int) throws { thumbnails[frame] = image }

    public func finish() throws -> [URL] { [] }

    /// The sheet: the thumbnails consumed so far, in a grid with their labels.
    public var canvas: Canvas {
        let (width, height) = (request.width, request.height)
        let labelHeight = max(20, height / 9)
        let gap = max(4, width / 60)
        var sheet = Canvas(width: columns * width + (columns + 1) * gap, height: rows * (height + labelHeight) + (rows + 1) * gap)
        sheet.clear(Color(white: 0.16))
        sheet.draw { context, _ in
            for (k, index) in indices.enumerated() {
                let x = CGFloat(gap + (k % columns) * (width + gap))
                let y = CGFloat(gap + (k / columns) * (height + labelHeight + gap))
                if let image = thumbnails[index] {
                    context.draw(image, in: CGRect(x: x, y: y, width: CGFloat(width), height: CGFloat(height)))
                }
                let time = request.rate.time(ofFrame: index)
                context.draw(Text(String(format: "%.2f s · frame %d", time, index))
                                .font(.system(size: CGFloat(labelHeight) * 0.5)).foregroundColor(Color(white: 0.85)),
                             at: CGPoint(x: x + 4, y: y + CGFloat(height) + CGFloat(labelHeight) / 2), anchor: .leading)
            }
        }
        return sheet
    }
}
