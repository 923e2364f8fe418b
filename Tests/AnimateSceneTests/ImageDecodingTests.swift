import AnimateDrawing
import AnimateScene
import AnimateTestSupport
import AnimateText
import AnimateVideo
import Foundation
import Testing
import AnimateScene

@Suite struct ImageDecodingTests {
    @Test func badImageFilesRaiseErrorsNamingTheFile() throws {
        let dir = scratchDirectory()
        let truncated = dir.appendingPathComponent("truncated.png")
        var bytes = [UInt8](repeating: 0, count: 64 * 64 * 4)
        for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: i &* 2654435761 >> 13) }
        let full = try bytes.withUnsafeBufferPointer { try PNGEncoder.encode(rgba: $0, width: 64, height: 64) }
        try Data(full.prefix(full.count / 2)).write(to: truncated)
        let text = dir.appendingPathComponent("notes.png")
        try Data("not an image".utf8).write(to: text)
        let empty = dir.appendingPathComponent("empty.jpg")
        try Data().write(to: empty)
        for (url, reason) in [(truncated, "corrupt or truncated"), (text, "not a PNG or JPEG"), (empty, "empty"),
                              (dir, "directory"), (dir.appendingPathComponent("missing.png"), "no such file")] {
            do {
                _ = try Image(contentsOf: url)
                Issue.record("\(url.lastPathComponent) decoded")
            } catch let error as ImageError {
                #expect(error.description.contains(url.path) && error.description.contains(reason), "\(error)")
            }
        }
        // A network-looking name is just a (missing) local file: FFmpeg never sees the path.
        #expect(throws: ImageError.self) { try Image(contentsOf: URL(fileURLWithPath: "http://example.com/a.png")) }
    }

    @Test func shrunkImagesAreAreaAveraged() throws {
        // A 1-pixel checkerboard shrunk 8x averages to mid-grey instead of aliasing to black or white.
        var rgba = [UInt8](repeating: 255, count: 256 * 256 * 4)
        for y in 0..<256 { for x in 0..<256 where (x + y) % 2 == 0 { for c in 0..<3 { rgba[(y * 256 + x) * 4 + c] = 0 } } }
        let image = Image(rgba: rgba, width: 256, height: 256)!
        var canvas = Bitmap(width: 32, height: 32)
        canvas.draw { context, _ in context.draw(image, in: CGRect(x: 0, y: 0, width: 32, height: 32)) }
        for y in 4..<28 { for x in 4..<28 {
            let p = canvas.premultipliedPixel(x: x, y: y)
            #expect(abs(Int(p.x) - 128) <= 2 && p.w == 255)
        } }
    }
}
