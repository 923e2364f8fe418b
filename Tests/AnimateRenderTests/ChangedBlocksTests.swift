import AnimateDrawing
import AnimateRender
import AnimateTestSupport
import AnimateTimeline
import AnimateVideo
import Foundation
import Testing

/// A canvas records which 32x2 blocks it wrote since a revision, and a background it still holds
/// is written again only where it was drawn over. Frame after frame of random drawing on one
/// canvas, every block it reports unchanged must hold the pixels it had, its pixels must be a fresh
/// canvas's, and the video frames converted from it must be those of a fresh converter.
@Suite struct ChangedBlocksTests {
    typealias Draw = @Sendable (inout GraphicsContext) -> Void

    /// One frame: whether it clears to a colour or to transparent, then its drawings.
    struct Frame {
        var clear: Color
        var drawings: [Draw]
    }

    static func frames(width: Int, height: Int, count: Int, seed: UInt64) -> [Frame] {
        var random = RandomSource(seed: seed)
        func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        func coordinate(_ limit: Int) -> Double { Double(pick(limit * 4)) / 4 - 2 }
        let whole = CGRect(x: 0, y: 0, width: width, height: height)
        let sky = Gradient(colors: [Color(red: 0.1, green: 0.1, blue: 0.3), Color(red: 0, green: 0, blue: 0.05)])
        let backgrounds: [Draw?] = [
            nil,
            { $0.fill(Path(whole), with: .color(Color(red: 0.1, green: 0.1, blue: 0.2))) },
            { $0.fill(Path(whole), with: .color(Color(red: 0.1, green: 0.2, blue: 0.1))) },
            { $0.fill(Path(whole), with: .linearGradient(sky, startPoint: .zero, endPoint: CGPoint(x: width, y: height))) },
            { $0.fill(Path(whole), with: .radialGradient(sky, center: CGPoint(x: 10, y: 10), startRadius: 0, endRadius: 40)) },
            { $0.fill(Path(whole), with: .color(Color(red: 0.9, green: 0.2, blue: 0.1, opacity: 0.5))) },
        ]
        return (0..<count).map { _ in
            var drawings: [Draw] = []
            // Backgrounds mostly repeat, so the held-background and kept-gradient paths are taken;
            // a quarter of frames draw straight over the clear.
            let choice = pick(4)
            if let background = backgrounds[choice == 0 ? 0 : choice == 1 ? pick(backgrounds.count) : 3] { drawings.append(background) }
            for _ in 0..<pick(4) {
                let x = coordinate(width), y = coordinate(height), size = 1 + coordinate(width / 3)
                let rect = CGRect(x: x, y: y, width: size, height: size * 0.7)
                switch pick(7) {
                case 0: drawings.append { $0.fill(Path(ellipseIn: rect), with: .color(.yellow)) }
                case 1: drawings.append { $0.stroke(Path(rect), with: .color(.white), lineWidth: 1.5) }
                case 2: drawings.append { c in c.drawLayer { $0.fill(Path(rect), with: .color(.pink)) } }
                case 3: drawings.append { c in
                    c.clip(to: Path(ellipseIn: rect))
                    c.fill(Path(whole), with: .color(.green))
                }
                case 4: drawings.append { c in c.blendMode = .multiply; c.fill(Path(rect), with: .color(.cyan)) }
                case 5: drawings.append { c in c.opacity = 0.4; c.fill(Path(rect), with: .linearGradient(sky, startPoint: .zero, endPoint: CGPoint(x: 9, y: 9))) }
                default: drawings.append { $0.fill(Path(whole.insetBy(dx: 3, dy: 3)), with: .color(.blue)) }
                }
            }
            return Frame(clear: pick(5) == 0 ? Color(red: 0.3, green: 0.3, blue: 0.3) : .clear, drawings: drawings)
        }
    }

    static func render(_ frame: Frame, into canvas: inout Bitmap) {
        canvas.clear(frame.clear)
        canvas.draw { context, _ in
            for draw in frame.drawings {
                var c = context
                draw(&c)
            }
        }
    }

    static func bytes(_ canvas: Bitmap) -> [UInt8] { canvas.withPremultipliedBytes { Array($0) } }

    @Test(arguments: [(75, 41), (200, 64), (31, 1)])
    func unchangedBlocksKeepTheirPixels(size: (Int, Int)) {
        let (width, height) = size
        let frames = Self.frames(width: width, height: height, count: 60, seed: UInt64(width * 1000 + height))
        var reused = Bitmap(width: width, height: height)
        var previous = Self.bytes(reused)
        var revision = reused.revision()
        var partial = 0
        for (i, frame) in frames.enumerated() {
            Self.render(frame, into: &reused)
            var fresh = Bitmap(width: width, height: height)
            Self.render(frame, into: &fresh)
            let now = Self.bytes(reused)
            #expect(now == Self.bytes(fresh), "frame \(i): reused canvas differs from a fresh one")
            var stale: (Int, Int)?
            reused.withChanges(since: revision) { changes in
                guard let changes else { return }
                var flagged = 0
                for pair in 0..<(height + 1) / 2 {
                    for block in 0..<changes.blocksPerRowPair {
                        if changes.mayHaveChanged(rowPair: pair, block: block) { flagged += 1; continue }
                        for y in (2 * pair)..<min(2 * pair + 2, height) {
                            let start = (y * width + block * ChangedBlocks.width) * 4
                            let end = (y * width + min((block + 1) * ChangedBlocks.width, width)) * 4
                            if now[start..<end] != previous[start..<end] { stale = (pair, block) }
                        }
                    }
                }
                if flagged < changes.blocksPerRowPair * ((height + 1) / 2) { partial += 1 }
            }
            #expect(stale == nil, "frame \(i): block \(String(describing: stale)) changed but was reported unchanged")
            previous = now
            revision = reused.revision()
        }
        // The record must actually be used: many frames repeat the previous one's clear and
        // background (9 and 10 of these 60 frames report some blocks unchanged).
        if width * height > 4 * ChangedBlocks.width * 2 {
            #expect(partial >= frames.count / 10, "only \(partial) of \(frames.count) frames had a partial record")
        }
    }

    /// A revision of another canvas, or of this one before a copy was drawn into, says nothing.
    @Test func aRevisionBelongsToItsCanvas() {
        var a = Bitmap(width: 40, height: 4)
        let b = Bitmap(width: 40, height: 4)
        let revision = a.revision()
        b.withChanges(since: revision) { #expect($0 == nil) }
        a.withChanges(since: revision) { #expect($0 != nil) }
        let copy = a
        a.draw { c, _ in c.fill(Path(CGRect(x: 0, y: 0, width: 2, height: 2)), with: .color(.red)) }
        copy.withChanges(since: revision) { #expect($0 != nil) }
        a.withChanges(since: revision) { #expect($0 == nil) }
    }

    /// Converting the canvas itself, frame after frame, gives the video frames a fresh converter
    /// makes of its bytes.
    @Test(arguments: [(75, 41), (200, 64)])
    func convertingTheCanvasIsConvertingItsBytes(size: (Int, Int)) throws {
        let (width, height) = size
        let frames = Self.frames(width: width, height: height, count: 40, seed: 7)
        let shared = try VideoFrameMaker(yuv420Width: width, height: height)
        var canvas = Bitmap(width: width, height: height)
        var incremental: [VideoFrame] = [], alone: [VideoFrame] = []
        for frame in frames {
            Self.render(frame, into: &canvas)
            incremental.append(try shared.frame(of: canvas))
            let fresh = try VideoFrameMaker(yuv420Width: width, height: height)
            alone.append(try canvas.withPremultipliedBytes { try fresh.frame(premultipliedRGBA: $0) })
        }
        #expect(try y4m(incremental, width: width, height: height) == y4m(alone, width: width, height: height))
    }

    func y4m(_ frames: [VideoFrame], width: Int, height: Int) throws -> [UInt8] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("blocks-\(UUID().uuidString).y4m")
        defer { try? FileManager.default.removeItem(at: url) }
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        let writer = try RawVideoWriter(kind: .y4m, handle: handle, width: width, height: height, rate: FrameRate(numerator: 30)!)
        for frame in frames { try writer.append(frame) }
        try handle.close()
        return [UInt8](try Data(contentsOf: url))
    }
}
