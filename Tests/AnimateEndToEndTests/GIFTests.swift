import AnimateDrawing
import AnimatePixels
import AnimateRender
import AnimateScene
import AnimateTestSupport
import AnimateTimeline
import Foundation
import Testing

/// GIF palette and mapping: what keeps GIFs small (frame differencing) and flat colours flat.
@Suite struct GIFTests {
    /// The image blocks of a GIF: each one's rectangle and whether its graphic control extension
    /// names a transparent index (which lets a frame leave unchanged pixels as they were).
    struct ImageBlock: Equatable {
        var x, y, width, height: Int
        var transparent: Bool
    }

    func imageBlocks(_ bytes: [UInt8]) throws -> [ImageBlock] {
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func skipSubBlocks(_ at: inout Int) { while bytes[at] != 0 { at += Int(bytes[at]) + 1 }; at += 1 }
        try #require(bytes.count > 13 && Array(bytes[0..<6]) == Array("GIF89a".utf8))
        var at = 13 + (bytes[10] & 0x80 != 0 ? 3 << (Int(bytes[10] & 7) + 1) : 0)
        var blocks: [ImageBlock] = [], transparent = false
        while at < bytes.count, bytes[at] != 0x3B {
            switch bytes[at] {
            case 0x21:
                if bytes[at + 1] == 0xF9 { transparent = bytes[at + 3] & 1 == 1 }
                at += 2
                skipSubBlocks(&at)
            case 0x2C:
                blocks.append(ImageBlock(x: u16(at + 1), y: u16(at + 3), width: u16(at + 5), height: u16(at + 7), transparent: transparent))
                let flags = bytes[at + 9]
                at += 10 + (flags & 0x80 != 0 ? 3 << (Int(flags & 7) + 1) : 0) + 1
                skipSubBlocks(&at)
                transparent = false
            default:
                Issue.record("unexpected GIF block 0x\(String(bytes[at], radix: 16)) at \(at)")
                return blocks
            }
        }
        return blocks
    }

    func renderGIF(_ scene: Scene, name: String) throws -> URL {
        let url = scratchDirectory().appendingPathComponent(name)
        _ = try Renderer(request: RenderRequest(scene: scene, output: .gif(url), rate: FrameRate(numerator: 10)!, threads: 2)).run()
        return url
    }

    @Test func paletteLeavesOneIndexFree() {
        func frame(colours: Int) -> [UInt8] {
            (0..<colours).flatMap { i in [UInt8(i & 0xFF), UInt8(i >> 8), 7, 255] }
        }
        let exact = GIFPalette(samples: [frame(colours: 255)])
        #expect(exact.isExact && exact.colors.count == 255)
        let cut = GIFPalette(samples: [frame(colours: 256)])
        #expect(!cut.isExact && cut.colors.count == GIFPalette.maxColors)
        let many = GIFPalette(samples: [frame(colours: 3_000)])
        #expect(many.colors.count <= GIFPalette.maxColors)
    }

    @Test func everyLaterFrameCanLeaveUnchangedPixelsInPlace() throws {
        // Random colours in 4x4 tiles, new ones in every frame: every palette entry is drawn in
        // every frame. FFmpeg's encoder can only leave unchanged pixels in place (a transparent
        // index) if some index is never drawn.
        let scene = Scene(name: "test-confetti", description: "random colour tiles", duration: 1,
                          size: CGSize(width: 160, height: 96)) { c, f in
            var random = RandomSource(seed: 7).fork(UInt64(f.index))
            for y in stride(from: 0, to: 96, by: 4) {
                for x in stride(from: 0, to: 160, by: 4) {
                    c.fill(Path(CGRect(x: x, y: y, width: 4, height: 4)),
                           with: .color(Color(red: random.unit(), green: random.unit(), blue: random.unit())))
                }
            }
        }
        let blocks = try imageBlocks([UInt8](Data(contentsOf: renderGIF(scene, name: "confetti.gif"))))
        #expect(blocks.count == 10)
        let allTransparent = blocks.dropFirst().allSatisfy(\.transparent)
        #expect(allTransparent, "\(blocks)")
    }

    @Test func ditheringDoesNotCarryChangesAcrossFlatColour() throws {
        // A dot moves on a flat background at the left; a still gradient sits at the right of the
        // same rows. The flat colour between them is in the palette, so the moving dot's dither
        // error stops there and the gradient's pixels are the same in every frame.
        let scene = Scene(name: "test-still-gradient", description: "moving dot beside a still gradient", duration: 1,
                          size: CGSize(width: 240, height: 120)) { c, f in
            c.fill(Path(CGRect(x: 0, y: 0, width: 240, height: 120)), with: .color(Color(red: 0.1, green: 0.1, blue: 0.2)))
            c.fill(Path(ellipseIn: CGRect(x: 8 + 40 * f.progress, y: 20 + 20 * f.progress, width: 50.3, height: 70.7)),
                   with: .color(Color(red: 0.9, green: 0.6, blue: 0.3)))
            c.fill(Path(CGRect(x: 140, y: 0, width: 100, height: 120)),
                   with: .linearGradient(Gradient(colors: [.blue, .orange, .green]), startPoint: CGPoint(x: 140, y: 0),
                                         endPoint: CGPoint(x: 240, y: 120)))
        }
        let url = try renderGIF(scene, name: "still-gradient.gif")
        let frames = try decodeRGB(url, width: 240, height: 120)
        #expect(frames.count == 10)
        func gradientPixels(_ frame: [UInt8]) -> [UInt8] {
            (0..<120).flatMap { y in frame[(y * 240 + 140) * 3 ..< (y * 240 + 240) * 3] }
        }
        let first = gradientPixels(frames[0])
        #expect(Set(stride(from: 0, to: first.count, by: 3).map { first[$0] }).count > 8, "the gradient should be dithered over many entries")
        for (i, frame) in frames.enumerated().dropFirst() {
            let changed = zip(gradientPixels(frame), first).filter { $0 != $1 }.count
            #expect(changed == 0, "frame \(i) re-dithered the still gradient (\(changed) channel values differ)")
        }
        // So each later frame stores only the rectangle around the dot.
        let blocks = try imageBlocks([UInt8](Data(contentsOf: url)))
        let leftOfGradient = blocks.dropFirst().allSatisfy { $0.x + $0.width <= 140 }
        #expect(leftOfGradient, "\(blocks)")
    }
}
