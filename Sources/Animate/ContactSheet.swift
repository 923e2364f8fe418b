import Foundation

/// A grid of frames spread across a scene's duration, labelled with time and frame index, to check
/// a scene at a glance.
public enum ContactSheet {
    /// Renders `columns x rows` frames of `request` (each at the request's size) into one canvas.
    public static func render(_ request: RenderRequest, columns: Int, rows: Int) throws -> Canvas {
        let count = max(1, columns * rows)
        let last = request.timelineFrames - 1
        let indices = (0..<count).map { k in count == 1 ? 0 : Int((Double(k) * Double(last) / Double(count - 1)).rounded()) }
        let labelHeight = max(20, request.height / 9)
        let gap = max(4, request.width / 60)
        var sheet = Canvas(width: columns * request.width + (columns + 1) * gap,
                           height: rows * (request.height + labelHeight) + (rows + 1) * gap)
        sheet.clear(Color(white: 0.16))
        var thumbs: [Int: Image] = [:]
        let renderer = Renderer(request: request)
        try renderer.renderFrames(indices, { _, canvas in Image(rgba: canvas.rgba8(), width: canvas.width, height: canvas.height)! },
                                  consume: { index, image in thumbs[index] = image })
        sheet.draw { context, _ in
            for (k, index) in indices.enumerated() {
                let x = CGFloat(gap + (k % columns) * (request.width + gap))
                let y = CGFloat(gap + (k / columns) * (request.height + labelHeight + gap))
                if let image = thumbs[index] {
                    context.draw(image, in: CGRect(x: x, y: y, width: CGFloat(request.width), height: CGFloat(request.height)))
                }
                let time = request.rate.time(ofFrame: index)
                context.draw(Text(String(format: "%.2f s · frame %d", time, index))
                                .font(.system(size: CGFloat(labelHeight) * 0.5)).foregroundColor(Color(white: 0.85)),
                             at: CGPoint(x: x + 4, y: y + CGFloat(request.height) + CGFloat(labelHeight) / 2), anchor: .leading)
            }
        }
        return sheet
    }
}
