public import Foundation
import AnimateDrawing
import AnimateScene
import AnimateStoryboard
import AnimateText
import AnimateTimeline
import AnimateVideo

/// A lesson's handout: a PDF with one page per slide, showing the slide's last frame under its
/// number and name, and what it says (its narration) and shows (its descriptions) below. Each
/// page is drawn by animate's own text engine (any script) and kept as a JPEG; the PDF's
/// outline lists the slides by name and its metadata carries the title and language.
public struct Handout: Sendable {
    /// A page: 1280 x 905 pixels (A4's proportions, landscape), about 120 dpi.
    static let pageSize = (width: 1280, height: 905)

    public let request: RenderRequest

    public init(request: RenderRequest) { self.request = request }

    /// The PDF's bytes.
    public func pdf() throws -> Data {
        let scene = request.scene
        let slides = scene.slides
        let lines = try scene.narration?.prepare() ?? []
        let descriptions = try scene.spokenDescriptions()
        let title = scene.description.isEmpty ? scene.name : scene.description
        var pages: [(jpeg: [UInt8], name: String)] = []
        for (k, slide) in slides.enumerated() {
            let last = min(request.timelineFrames - 1, max(0, request.rate.frameIndex(at: slide.end - 1e-6)))
            let said = lines.filter { $0.start >= slide.start - 1e-9 && $0.start < slide.end }.map(\.text)
            let shown = descriptions.filter { $0.cue.time >= slide.start - 1e-9 && $0.cue.time < slide.end }.map(\.text)
            let page = drawPage(number: k + 1, of: slides.count, name: slide.name, title: title, frame: last, said: said, shown: shown)
            pages.append((try page.withPremultipliedBytes { try JPEGEncoder.encode(premultipliedRGBA: $0, width: page.width, height: page.height, quality: 3) },
                          slide.name))
        }
        return PDFWriter(title: title, language: StringTable.active?.language ?? "en").document(pages: pages, width: Self.pageSize.width, height: Self.pageSize.height)
    }

    /// One page: the slide's number and name, its last frame, then its words.
    func drawPage(number: Int, of count: Int, name: String, title: String, frame index: Int, said: [String], shown: [String]) -> Bitmap {
        let (width, height) = Self.pageSize
        let margin: CGFloat = 56
        let pictureWidth = CGFloat(width) - 2 * margin
        let pictureHeight = (pictureWidth * CGFloat(request.height) / CGFloat(request.width)).rounded()
        let maxPicture = CGFloat(height) * 0.58
        let scale = min(1, maxPicture / pictureHeight)
        let picture = CGSize(width: (pictureWidth * scale).rounded(), height: (pictureHeight * scale).rounded())
        var still = Bitmap(width: Int(picture.width), height: Int(picture.height))
        let frame = Frame(index: index, rate: request.rate, count: request.timelineFrames, size: picture, seed: request.seed)
        request.scene.render(frame, into: &still)
        var page = Bitmap(width: width, height: height)
        page.draw { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
            let ink = Color(white: 0.1), grey = Color(white: 0.35)
            context.draw(Text(title).font(.system(size: 16)).foregroundColor(grey), at: CGPoint(x: margin, y: margin - 22), anchor: .leading)
            context.draw(Text("\(number) / \(count)").font(.system(size: 16)).foregroundColor(grey),
                         at: CGPoint(x: CGFloat(width) - margin, y: margin - 22), anchor: .trailing)
            context.draw(Text(name).font(.system(size: 30, weight: .semibold)).foregroundColor(ink),
                         at: CGPoint(x: margin, y: margin + 18), anchor: .leading)
            let top = margin + 48
            let box = CGRect(x: (CGFloat(width) - picture.width) / 2, y: top, width: picture.width, height: picture.height)
            if let image = still.picture() { context.draw(image, in: box) }
            context.stroke(Path(box), with: .color(Color(white: 0.8)), lineWidth: 1)
            var y = box.maxY + 22
            let words = said.map { $0 } + shown.map { "Description: " + $0 }
            for paragraph in words {
                let text = Text(paragraph).font(.system(size: 18)).foregroundColor(paragraph.hasPrefix("Description: ") ? grey : ink)
                let resolved = context.resolve(text)
                let measured = resolved.measure(in: CGSize(width: CGFloat(width) - 2 * margin, height: .infinity))
                guard y + measured.height <= CGFloat(height) - margin / 2 else { break }
                context.draw(resolved, in: CGRect(x: margin, y: y, width: CGFloat(width) - 2 * margin, height: measured.height))
                y += measured.height + 10
            }
        }
        return page
    }
}

/// Writes a PDF of whole-page JPEG pictures: a catalog with an outline (one entry per page, its
/// name in UTF-16), metadata (title, language), and one page per picture filling it.
struct PDFWriter {
    let title: String
    let language: String

    func document(pages: [(jpeg: [UInt8], name: String)], width: Int, height: Int) -> Data {
        var out = Data("%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        func object(_ body: Data) {
            offsets.append(out.count)
            out += Data("\(offsets.count) 0 obj\n".utf8) + body + Data("\nendobj\n".utf8)
        }
        func object(_ text: String) { object(Data(text.utf8)) }
        // 1 catalog, 2 pages, 3 outline, 4 info; then per page: page, picture, content, outline item.
        let n = pages.count
        func page(_ k: Int) -> Int { 5 + 4 * k }
        object("<< /Type /Catalog /Pages 2 0 R /Outlines 3 0 R /PageMode /UseOutlines /Lang \(Self.string(language)) >>")
        object("<< /Type /Pages /Kids [\((0..<n).map { "\(page($0)) 0 R" }.joined(separator: " "))] /Count \(n) >>")
        object(n == 0 ? "<< /Type /Outlines /Count 0 >>" : "<< /Type /Outlines /First \(page(0) + 3) 0 R /Last \(page(n - 1) + 3) 0 R /Count \(n) >>")
        object("<< /Title \(Self.string(title)) /Producer (animate) >>")
        for (k, p) in pages.enumerated() {
            object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Resources << /XObject << /P \(page(k) + 1) 0 R >> >> /Contents \(page(k) + 2) 0 R >>")
            object(Data("<< /Type /XObject /Subtype /Image /Width \(width) /Height \(height) /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length \(p.jpeg.count) >>\nstream\n".utf8)
                   + Data(p.jpeg) + Data("\nendstream".utf8))
            let draw = "q \(width) 0 0 \(height) 0 0 cm /P Do Q"
            object("<< /Length \(draw.utf8.count) >>\nstream\n\(draw)\nendstream")
            var item = "<< /Title \(Self.string(p.name)) /Parent 3 0 R /Dest [\(page(k)) 0 R /Fit]"
            if k > 0 { item += " /Prev \(page(k - 1) + 3) 0 R" }
            if k + 1 < n { item += " /Next \(page(k + 1) + 3) 0 R" }
            object(item + " >>")
        }
        let xref = out.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for o in offsets { table += String(format: "%010d 00000 n \n", o) }
        table += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R /Info 4 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return out + Data(table.utf8)
    }

    /// A PDF text string: UTF-16 big-endian with its byte order mark, in hex (any script).
    static func string(_ s: String) -> String {
        var hex = "<FEFF"
        for unit in s.utf16 { hex += String(format: "%04X", unit) }
        return hex + ">"
    }
}
