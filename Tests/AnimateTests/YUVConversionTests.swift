import Animate
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
        FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        let writer = try RawVideoWriter(kind: .y4m, handle: handle, width: width, height: height, rateNumerator: 30, rateDenominator: 1)
        let frame = try rgba.withUnsafeBufferPointer { try VideoEncoder.yuvConverter(width: width, height: height).convert(premultipliedRGBA: $0) }
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
}
