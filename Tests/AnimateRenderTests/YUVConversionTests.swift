import AnimatePixels
import AnimateRender
import AnimateTestSupport
import AnimateTimeline
import AnimateVideo
import Foundation
import Testing

/// Our RGB to BT.709 limited-range conversion against the exact formula in `Double`.
@Suite struct YUVConversionTests {
    /// Exact Y, Cb, Cr (unrounded) of an RGB triple in 0...255.
    func exact(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        let kr = 0.2126, kb = 0.0722, kg = 1 - kr - kb
        let y = kr * r + kg * g + kb * b
        return (16 + 219 * y / 255, 128 + 224 * (b - y) / (2 * (1 - kb)) / 255, 128 + 224 * (r - y) / (2 * (1 - kr)) / 255)
    }

    /// Converts premultiplied RGBA through the public Y4M path and returns the Y, U, V planes.
    func convert(_ rgba: [UInt8], width: Int, height: Int) throws -> ([UInt8], [UInt8], [UInt8]) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("yuv-\(UUID().uuidString).y4m")
        defer { try? FileManager.default.removeItem(at: url) }
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        let writer = try RawVideoWriter(kind: .y4m, handle: handle, width: width, height: height, rate: FrameRate(numerator: 30)!)
        let frame = try rgba.withUnsafeBufferPointer { try VideoFrameMaker(yuv420Width: width, height: height).frame(premultipliedRGBA: $0) }
        try writer.append(frame)
        try handle.close()
        let bytes = [UInt8](try Data(contentsOf: url))
        let start = bytes.indices.filter { bytes[$0] == 0x0A }[1] + 1      // after the header and "FRAME\n"
        let cw = (width + 1) / 2, ch = (height + 1) / 2
        let y = Array(bytes[start..<start + width * height])
        let u = Array(bytes[start + width * height..<start + width * height + cw * ch])
        let v = Array(bytes[start + width * height + cw * ch..<start + width * height + 2 * cw * ch])
        return (y, u, v)
    }

    @Test(arguments: [(37, 23), (64, 36), (1, 1), (2, 3)])
    func everySampleIsWithinOneLevelOfTheExactValue(size: (Int, Int)) throws {
        let (w, h) = size
        var random = RandomSource(seed: 709)
        var rgba = [UInt8](repeating: 255, count: w * h * 4)
        for i in 0..<w * h {
            // Corners of the RGB cube as well as random colours.
            let pick = random.next()
            for c in 0..<3 {
                rgba[i * 4 + c] = pick % 4 == 0 ? ((pick >> (8 + c)) & 1 == 1 ? 255 : 0) : UInt8(truncatingIfNeeded: random.next())
            }
        }
        let (y, u, v) = try convert(rgba, width: w, height: h)
        func px(_ x: Int, _ yy: Int) -> (Double, Double, Double) {
            let i = (min(yy, h - 1) * w + min(x, w - 1)) * 4
            return (Double(rgba[i]), Double(rgba[i + 1]), Double(rgba[i + 2]))
        }
        var exactCount = 0, total = 0
        func check(_ ours: UInt8, _ want: Double) {
            let off = abs(Double(ours) - want.rounded())
            #expect(off <= 1, "got \(ours), exact \(want)")
            if off == 0 { exactCount += 1 }
            total += 1
        }
        for row in 0..<h {
            for x in 0..<w {
                let (r, g, b) = px(x, row)
                check(y[row * w + x], exact(r, g, b).0)
            }
        }
        let cw = (w + 1) / 2
        for cy in 0..<(h + 1) / 2 {
            for cx in 0..<cw {
                // The mean of the 2x2 block, edges repeating the last column or row.
                let block = [px(2 * cx, 2 * cy), px(2 * cx + 1, 2 * cy), px(2 * cx, 2 * cy + 1), px(2 * cx + 1, 2 * cy + 1)]
                let r = block.map(\.0).reduce(0, +) / 4, g = block.map(\.1).reduce(0, +) / 4, b = block.map(\.2).reduce(0, +) / 4
                let e = exact(r, g, b)
                check(u[cy * cw + cx], e.1)
                check(v[cy * cw + cx], e.2)
            }
        }
        #expect(Double(exactCount) >= 0.99 * Double(total), "\(exactCount) of \(total) exactly rounded")
    }

    @Test func blackAndWhiteHitTheStudioRangeEnds() throws {
        let (y, u, v) = try convert([0, 0, 0, 255, 255, 255, 255, 255], width: 2, height: 1)
        #expect(y == [16, 235])
        #expect(u == [128] && v == [128])
    }

    /// Y4M bytes of `frames`, each converted by `converter(index)`.
    func y4m(_ frames: [[UInt8]], width: Int, height: Int, converter: (Int) throws -> VideoFrameMaker) throws -> [UInt8] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("yuv-\(UUID().uuidString).y4m")
        defer { try? FileManager.default.removeItem(at: url) }
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        let writer = try RawVideoWriter(kind: .y4m, handle: handle, width: width, height: height, rate: FrameRate(numerator: 30)!)
        // Every frame is converted before any is written, so each has a buffer of its own: a sample
        // the converter failed to write cannot be masked by a recycled buffer holding the last frame.
        let converted = try frames.enumerated().map { i, rgba in
            try rgba.withUnsafeBufferPointer { try converter(i).frame(premultipliedRGBA: $0) }
        }
        for frame in converted { try writer.append(frame) }
        try handle.close()
        return [UInt8](try Data(contentsOf: url))
    }

    /// A converter fed one frame after another converts only what changed; every frame must still
    /// be byte for byte what a fresh converter makes of it: changes in either row of a pair, at
    /// block edges, in an odd last column or row, a repeated frame, a frame changed everywhere.
    @Test(arguments: [(37, 23), (64, 36), (1, 1), (2, 3), (97, 41), (128, 2)])
    func frameAfterFrameIsTheSameAsEachFrameAlone(size: (Int, Int)) throws {
        let (w, h) = size
        var random = RandomSource(seed: 420)
        func randomByte() -> UInt8 { UInt8(truncatingIfNeeded: random.next()) }
        var frame = (0..<w * h * 4).map { _ in randomByte() }
        var frames = [frame]
        func change(x: Int, y: Int) {
            guard x >= 0, x < w, y >= 0, y < h else { return }
            frame[(y * w + x) * 4 + Int(random.next() % 3)] &+= 1 + randomByte() % 200
        }
        for step in 0..<24 {
            switch step % 6 {
            case 0: break                                                   // the same frame again
            case 1: change(x: w - 1, y: h - 1)                              // the odd corners
            case 2: for x in [0, 31, 32, 63, 64, w - 1] { change(x: x, y: 1) }  // second rows, block edges
            case 3: for _ in 0..<3 { change(x: Int(random.next() % UInt64(w)), y: Int(random.next() % UInt64(h))) }
            case 4: frame = (0..<w * h * 4).map { _ in randomByte() }       // everything
            default: for x in 0..<w { change(x: x, y: h - 1) }              // the whole last row
            }
            frames.append(frame)
        }
        let shared = try VideoFrameMaker(yuv420Width: w, height: h)
        let incremental = try y4m(frames, width: w, height: h) { _ in shared }
        let alone = try y4m(frames, width: w, height: h) { _ in try VideoFrameMaker(yuv420Width: w, height: h) }
        #expect(incremental.count == alone.count)
        let wrong = zip(incremental, alone).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(wrong == nil, "first differing byte at \(wrong ?? -1) of \(alone.count)")
    }
}
