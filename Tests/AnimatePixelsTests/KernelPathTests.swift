import AnimateDrawing
import AnimatePixels
import AnimateTestSupport
import CKernels
import Foundation
import Testing

/// The C pixel kernels give the same bytes on every instruction-set path this CPU has. A path is
/// chosen for the calling thread only (`ak_scope_path`), so these tests run beside any others.
@Suite struct KernelPathTests {

    /// A random premultiplied pixel (no colour channel above its alpha).
    static func premultiplied(using generator: inout SystemRandomNumberGenerator) -> UInt32 {
        let a = UInt32.random(in: 0...255, using: &generator)
        return (0..<3).reduce(a << 24) { $0 | UInt32.random(in: 0...a, using: &generator) << (8 * UInt32($1)) }
    }

    /// Coverage as the sweep leaves it, and outside 0...1 and NaN, which clamp.
    static func coverage(_ count: Int, using generator: inout SystemRandomNumberGenerator) -> [Float] {
        (0..<count).map { _ in
            [Float.random(in: -0.2...1.2, using: &generator), 0, 1, 0.5, .nan, Float.random(in: 0...1, using: &generator)]
                .randomElement(using: &generator)!
        }
    }

    static func channel(_ p: UInt32, _ index: Int) -> UInt32 { (p >> UInt32(8 * index)) & 0xFF }

    static func pixel(_ channels: (Int) -> UInt32) -> UInt32 { (0..<4).reduce(0) { $0 | channels($1) << UInt32(8 * $1) } }

    /// `x * k / 255`, exactly rounded.
    static func scaled(_ x: UInt32, _ k: UInt32) -> UInt32 { UInt32((Double(x) * Double(k) / 255).rounded()) }

    /// `c` weighted by `k`, then over `d`, each channel exactly rounded.
    static func over(_ c: UInt32, weight k: UInt32, onto d: UInt32) -> UInt32 {
        let s = pixel { scaled(channel(c, $0), k) }
        return pixel { channel(s, $0) + scaled(channel(d, $0), 255 - (s >> 24)) }
    }

    /// The table entry of gradient position `t` (0...1), as every gradient kernel looks it up:
    /// `t` scaled to the table, clamped, rounded to nearest even by the float magic number.
    static func tableIndex(_ t: Float, size: Int) -> UInt32 {
        let top = Float(size - 1)
        var s = t * top
        s = s < top ? s : top
        s = s > 0 ? s : 0
        return (s + 8_388_608).bitPattern & UInt32(size - 1)
    }

    @Test func overConstantIsExactlyRoundedOnEveryPath() {
        var generator = SystemRandomNumberGenerator()
        for path in kernelPaths {
            for count in [0, 1, 3, 4, 7, 8, 9, 15, 16, 17, 33, 100] {
                for _ in 0..<50 {
                    let s = Self.premultiplied(using: &generator)
                    let original = (0..<count).map { _ in Self.premultiplied(using: &generator) }
                    var row = original
                    with(path: path) { row.withUnsafeMutableBufferPointer { ak_over_constant(s, $0.baseAddress, count) } }
                    let keep = 255 - Double(s >> 24)
                    let expected = original.map { d in
                        (0..<4).reduce(UInt32(0)) { out, c in
                            let shift = UInt32(8 * c)
                            let channel = (s >> shift & 0xFF) + UInt32((Double(d >> shift & 0xFF) * keep / 255).rounded())
                            return out | channel << shift
                        }
                    }
                    #expect(row == expected, "path \(path), \(count) pixels, colour \(String(s, radix: 16))")
                }
            }
        }
    }

    @Test func overConstantWithCoverageIsExactlyRoundedOnEveryPath() {
        var generator = SystemRandomNumberGenerator()
        for path in kernelPaths {
            for count in [1, 3, 4, 7, 8, 9, 16, 17, 40] {
                for _ in 0..<50 {
                    let c = Self.premultiplied(using: &generator)
                    let opacity = [Float(1), 0.5, Float.random(in: 0...1, using: &generator)].randomElement(using: &generator)!
                    let coverage = Self.coverage(count, using: &generator)
                    let original = (0..<count).map { _ in Self.premultiplied(using: &generator) }
                    var row = original
                    with(path: path) {
                        row.withUnsafeMutableBufferPointer { r in coverage.withUnsafeBufferPointer { ak_over_constant_coverage(c, r.baseAddress, $0.baseAddress, opacity, count) } }
                    }
                    let expected = zip(original, coverage).map { d, cov -> UInt32 in
                        let clamped: Float = cov > 0 ? min(cov, 1) : 0
                        return Self.over(c, weight: (clamped * (opacity * 255) + 8_388_608).bitPattern & 0x1FF, onto: d)
                    }
                    #expect(row == expected, "path \(path), \(count) pixels, colour \(String(c, radix: 16)), opacity \(opacity)")
                }
            }
        }
    }

    /// Levels painted with a colour per pixel (a line of code in its colours, one pass) give each
    /// pixel what the one-colour kernel gives it, on every path.
    @Test func overPerPixelColoursWithLevelsIsTheOneColourKernelPixelByPixel() {
        var generator = SystemRandomNumberGenerator()
        for path in kernelPaths {
            for count in [1, 3, 4, 7, 8, 9, 16, 17, 31, 40, 67] {
                for _ in 0..<40 {
                    let colors = (0..<count).map { _ in Self.premultiplied(using: &generator) }
                    let opacity = [Float(1), 0.5, Float.random(in: 0...1, using: &generator)].randomElement(using: &generator)!
                    let levels = (0..<count).map { _ in [UInt8(0), 255, UInt8.random(in: 0...255, using: &generator)].randomElement(using: &generator)! }
                    let original = (0..<count).map { _ in Self.premultiplied(using: &generator) }
                    var row = original
                    with(path: path) {
                        row.withUnsafeMutableBufferPointer { r in
                            levels.withUnsafeBufferPointer { l in colors.withUnsafeBufferPointer { ak_over_colors_levels($0.baseAddress, r.baseAddress, l.baseAddress, opacity, count) } }
                        }
                    }
                    var expected = original
                    for i in 0..<count {
                        var one = [original[i]]
                        let level = [levels[i]]
                        one.withUnsafeMutableBufferPointer { r in level.withUnsafeBufferPointer { ak_over_constant_levels(colors[i], r.baseAddress, $0.baseAddress, opacity, 1) } }
                        expected[i] = one[0]
                    }
                    #expect(row == expected, "path \(path), \(count) pixels, opacity \(opacity)")
                }
            }
        }
    }

    @Test func overPerPixelColoursWithCoverageIsExactlyRoundedOnEveryPath() {
        var generator = SystemRandomNumberGenerator()
        for path in kernelPaths {
            for count in [1, 3, 4, 7, 8, 9, 16, 17, 40] {
                for _ in 0..<50 {
                    let opacity = [Float(1), 0.5, Float.random(in: 0...1, using: &generator)].randomElement(using: &generator)!
                    let coverage = Self.coverage(count, using: &generator)
                    let source = (0..<count).map { _ in Self.premultiplied(using: &generator) }
                    let original = (0..<count).map { _ in Self.premultiplied(using: &generator) }
                    var row = original
                    with(path: path) {
                        row.withUnsafeMutableBufferPointer { r in
                            coverage.withUnsafeBufferPointer { ak_over_coverage(source, r.baseAddress, $0.baseAddress, opacity, count) }
                        }
                    }
                    let expected = (0..<count).map { i -> UInt32 in
                        // The coverage times the opacity is rounded to float before it is clamped.
                        let weighted = coverage[i] * opacity
                        let clamped: Float = weighted > 0 ? min(weighted, 1) : 0
                        return Self.over(source[i], weight: (clamped * 255 + 8_388_608).bitPattern & 0x1FF, onto: original[i])
                    }
                    #expect(row == expected, "path \(path), \(count) pixels, opacity \(opacity)")
                }
            }
        }
    }

    // Tables whose entries are their own indices, so the output is the index; the larger one
    // tells apart positions a float step apart far more often.
    @Test(arguments: [1024, 1 << 20])
    func radialGradientIndicesMatchTheirFloatArithmeticOnEveryPath(size: Int) {
        var generator = SystemRandomNumberGenerator()
        let table = (0..<UInt32(size)).map { $0 }
        for path in kernelPaths {
            for _ in 0..<200 {
                let count = Int.random(in: 1...70, using: &generator), x = Int.random(in: -50...2000, using: &generator)
                func r(_ range: ClosedRange<Float>) -> Float { Float.random(in: range, using: &generator) }
                let a = r(-2...2), b = r(-2...2), u0 = r(-3000...3000), v0 = r(-3000...3000), r0 = r(0...50), scale = r(0...0.02)
                var out = [UInt32](repeating: 0, count: count)
                with(path: path) { ak_radial_shade(table, UInt32(size), &out, count, Int32(x), a, b, u0, v0, r0, scale, Int32(AK_SPREAD_PAD)) }
                let expected = (0..<count).map { i -> UInt32 in
                    let px = Float(x) + 0.5 + Float(i)
                    let u = px * a + u0, v = px * b + v0
                    return Self.tableIndex(((u * u + v * v).squareRoot() - r0) * scale, size: size)
                }
                #expect(out == expected, "path \(path), x \(x), count \(count)")
            }
        }
    }

    /// Repeated and mirrored gradients, radial and linear, against the float arithmetic that defines
    /// them (Swift's `rounded(.down)` for the folds), with positions far below zero, past 2^23
    /// (where SSE2 has no floor instruction to lean on) and at exact integers and halves.
    @Test(arguments: [Int32(AK_SPREAD_REPEAT), Int32(AK_SPREAD_MIRROR), Int32(AK_SPREAD_PAD)])
    func spreadGradientsMatchTheirFloatArithmeticOnEveryPath(spread: Int32) {
        var generator = SystemRandomNumberGenerator()
        let size = 1024
        let table = (0..<UInt32(size)).map { $0 }
        func folded(_ t: Float) -> Float {
            switch spread {
            case Int32(AK_SPREAD_REPEAT): return t - t.rounded(.down)
            case Int32(AK_SPREAD_MIRROR):
                let u = t - 2 * (t * 0.5).rounded(.down)
                return u > 1 ? 2 - u : u
            default: return t
            }
        }
        func index(_ t: Float) -> UInt32 { Self.tableIndex(folded(t), size: size) }
        for path in kernelPaths {
            for trial in 0..<300 {
                let count = Int.random(in: 1...70, using: &generator), x = Int.random(in: -50...2000, using: &generator)
                func r(_ range: ClosedRange<Float>) -> Float { Float.random(in: range, using: &generator) }
                // Steps of 1/8 and 1/4 land on integers and halves; huge slopes pass 2^23.
                let a: Float = [r(-0.05...0.05), 0.125, -0.25, r(-3e5...3e5)][trial % 4]
                let t0: Float = [r(-40...40), 0, -0.5, r(-1e8...1e8)][(trial / 4) % 4]
                var out = [UInt32](repeating: 0, count: count)
                with(path: path) { ak_linear_spread_shade(table, UInt32(size), &out, count, Int32(x), a, t0, spread) }
                let expected = (0..<count).map { index((Float(x) + 0.5 + Float($0)) * a + t0) }
                #expect(out == expected, "linear, path \(path), a \(a), t0 \(t0), x \(x)")

                let b = r(-2...2), u0 = r(-3000...3000), v0 = r(-3000...3000), r0 = r(0...50)
                let scale: Float = [r(0...0.02), r(-0.3...0.3), 0.0625][trial % 3]
                with(path: path) {
                    ak_radial_shade(table, UInt32(size), &out, count, Int32(x), a / 1000, b, u0, v0, r0, scale, spread)
                }
                let radial = (0..<count).map { i -> UInt32 in
                    let px = Float(x) + 0.5 + Float(i)
                    let u = px * (a / 1000) + u0, v = px * b + v0
                    return index(((u * u + v * v).squareRoot() - r0) * scale)
                }
                #expect(out == radial, "radial, path \(path), trial \(trial)")
            }
        }
    }

    /// The linear kernel: pixel j gets the table entry at (t + j * dt) >> 16, for positions that
    /// stay inside the table, steps of either sign.
    @Test func linearGradientIndicesAreTheFixedPointPositionsOnEveryPath() {
        var generator = SystemRandomNumberGenerator()
        let table = (0..<UInt32(1024)).map { $0 &* 2_654_435_761 }
        for path in kernelPaths {
            for _ in 0..<500 {
                let count = Int.random(in: 1...90, using: &generator)
                let dt = Int32.random(in: -(1 << 20)...(1 << 20), using: &generator)
                // A start such that every position of the row is in the table.
                let span = Int64(dt) * Int64(count - 1)
                let low = max(0, -span), high = min(Int64(1024 << 16) - 1, Int64(1024 << 16) - 1 - span)
                guard low <= high else { continue }
                let t = Int32(Int64.random(in: low...high, using: &generator))
                var out = [UInt32](repeating: 0, count: count)
                with(path: path) { ak_linear_shade(table, &out, count, t, dt) }
                let expected = (0..<count).map { table[Int((Int64(t) + Int64($0) * Int64(dt)) >> 16)] }
                #expect(out == expected, "path \(path), t \(t), dt \(dt), count \(count)")
            }
        }
    }

    /// RGB -> YUV: luma and 4:2:0 chroma rows against BT.709 fixed-point arithmetic on every
    /// path, and whole frames (odd sizes, where edges pair with themselves) with the same planes on
    /// every path, the Swift loops (SSE2 and scalar paths) included.
    @Test func yuvConversionIsTheSameOnEveryPath() {
        var generator = SystemRandomNumberGenerator()
        func pixels(_ n: Int) -> [UInt32] { (0..<n).map { _ in UInt32.random(in: 0...UInt32.max, using: &generator) } }
        for path in kernelPaths {
            for _ in 0..<200 {
                let count = Int.random(in: 1...70, using: &generator)
                let top = pixels(2 * count), bottom = pixels(2 * count)
                var luma = [UInt8](repeating: 0, count: count), u = luma, v = luma
                with(path: path) {
                    ak_luma(top, &luma, count)
                    ak_chroma420(top, bottom, &u, &v, count)
                }
                func channel(_ p: UInt32, _ shift: UInt32) -> Int32 { Int32((p >> shift) & 0xFF) }
                let expectedLuma = (0..<count).map { i -> UInt8 in
                    let p = top[i]
                    return UInt8((channel(p, 0) * 11966 + channel(p, 8) * 40254 + channel(p, 16) * 4064 + (16 << 16 | 1 << 15)) >> 16)
                }
                #expect(luma == expectedLuma, "path \(path), count \(count)")
                for i in 0..<count {
                    let block = [top[2 * i], top[2 * i + 1], bottom[2 * i], bottom[2 * i + 1]]
                    let r = block.reduce(0) { $0 + channel($1, 0) }, g = block.reduce(0) { $0 + channel($1, 8) }
                    let b = block.reduce(0) { $0 + channel($1, 16) }
                    // Cb = 128 + (224/255) (B - Y') / 1.8556 on sums of four, in 2^18 fixed point.
                    let cb = (b * 28784 - r * 6596 - g * 22189 + (128 << 18 | 1 << 17)) >> 18
                    let cr = (r * 28784 - g * 26145 - b * 2639 + (128 << 18 | 1 << 17)) >> 18
                    #expect(u[i] == UInt8(clamping: cb) && v[i] == UInt8(clamping: cr), "path \(path), block \(i)")
                }
            }
        }
        for (width, height) in [(1920, 8), (333, 7), (17, 3)] {
            let frame = pixels(width * height)
            var reference: [UInt8]?
            for path in [Int32(AK_PATH_SSE2)] + kernelPaths {
                let cw = (width + 1) / 2, ch = (height + 1) / 2
                var y = [UInt8](repeating: 0, count: width * height), u = [UInt8](repeating: 0, count: cw * ch), v = u
                with(path: path) {
                    YUVConversion.convert(frame, width: width, height: height, subsampled: true,
                                          y: &y, yStride: width, u: &u, uStride: cw, v: &v, vStride: cw)
                }
                let planes = y + u + v
                if let reference { #expect(planes == reference, "path \(path), \(width)x\(height)") } else { reference = planes }
            }
        }
    }

    /// Y'CbCr -> RGBA rows (a clip's pixels) against the fixed-point formula on every path: full
    /// and half-width chroma, limited and full range, random samples (past the clamps both ways).
    @Test func ycbcrRowsAreTheSameOnEveryPath() {
        var generator = SystemRandomNumberGenerator()
        func bytes(_ n: Int) -> [UInt8] { (0..<n).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        let sets = [ak_ycbcr_coefficients(y_offset: 16, cy: 76309, rv: 117489, gu: 13975, gv: 34925, bu: 138438),
                    ak_ycbcr_coefficients(y_offset: 0, cy: 65536, rv: 91881, gu: 22554, gv: 46802, bu: 116130)]
        for path in kernelPaths {
            for _ in 0..<300 {
                var k = sets.randomElement(using: &generator)!
                let count = Int.random(in: 1...70, using: &generator), shift = Int.random(in: 0...1, using: &generator)
                let y = bytes(count), u = bytes((count + shift) >> shift), v = bytes((count + shift) >> shift)
                var out = [UInt32](repeating: 0, count: count)
                with(path: path) { ak_ycbcr_row(y, u, v, Int32(shift), &out, count, &k) }
                let expected = (0..<count).map { i -> UInt32 in
                    let cu = Int32(u[i >> shift]) - 128, cv = Int32(v[i >> shift]) - 128
                    let luma = (Int32(y[i]) - k.y_offset) * k.cy
                    let r = UInt32(UInt8(clamping: (luma + k.rv * cv + 32768) >> 16))
                    let g = UInt32(UInt8(clamping: (luma + 32768 - k.gu * cu - k.gv * cv) >> 16))
                    let b = UInt32(UInt8(clamping: (luma + k.bu * cu + 32768) >> 16))
                    return r | g << 8 | b << 16 | 0xFF00_0000
                }
                #expect(out == expected, "path \(path), count \(count), chroma shift \(shift)")
            }
        }
    }

    /// The conic kernel against the Swift arithmetic that defines the gradient (Swift's `Float.pi`,
    /// rounded toward zero, and the literals as Swift rounds them), on rows through every quadrant,
    /// along the axes and through the centre.
    // A table of 2^20 entries as well: its indices are fine enough that a position one float step
    // off lands on another entry for about one pixel in twenty.
    @Test(arguments: [1024, 1 << 20])
    func conicGradientIndicesMatchTheirFloatArithmeticOnEveryPath(size: Int) {
        var generator = SystemRandomNumberGenerator()
        let table = (0..<UInt32(size)).map { $0 }
        func reference(_ px: Float, _ a: Float, _ b: Float, _ u0: Float, _ v0: Float, _ start: Float) -> UInt32 {
            let u = px * a + u0, v = px * b + v0
            let au = u < 0 ? -u : u, av = v < 0 ? -v : v
            let swapped = av > au
            let hi = swapped ? av : au, lo = swapped ? au : av
            var q = lo / hi
            if hi == 0 { q = 0 }
            let s = q * q
            var r = ((((0.0208351 * s - 0.085133) * s + 0.180141) * s - 0.3302995) * s + 0.999866) * q
            if swapped { r = Float.pi / 2 - r }
            if u < 0 { r = Float.pi - r }
            if v < 0 { r = -r }
            var w = (r - start) * (1 / (2 * Float.pi)) + 2
            if w >= 2 { w -= 2 }
            if w >= 1 { w -= 1 }
            return Self.tableIndex(w, size: size)
        }
        for path in kernelPaths {
            for trial in 0..<600 {
                let count = Int.random(in: 1...70, using: &generator), x = Int.random(in: -50...2000, using: &generator)
                func r(_ range: ClosedRange<Float>) -> Float { Float.random(in: range, using: &generator) }
                // Some rows lie on an axis (b = 0, v0 = 0) or pass through the centre.
                var a = r(-2...2), b = r(-2...2), u0 = r(-3000...3000), v0 = r(-3000...3000)
                if trial % 5 == 1 { b = 0; v0 = 0 }
                if trial % 5 == 2 { a = 1; b = 0; u0 = -(Float(x) + 0.5 + Float(count / 2)); v0 = 0 }
                if trial % 5 == 3 { a = 0; u0 = 0 }
                let start = r(-6.3...6.3)
                var out = [UInt32](repeating: 0, count: count)
                with(path: path) { ak_conic_shade(table, UInt32(size), &out, count, Int32(x), a, b, u0, v0, start) }
                let expected = (0..<count).map { reference(Float(x) + 0.5 + Float($0), a, b, u0, v0, start) }
                #expect(out == expected, "path \(path), x \(x), count \(count)")
            }
        }
    }

    /// Random blocks of `blocks` touched (about a third), as the sweep's bit words.
    static func touchedBlocks(_ blocks: Int, using generator: inout SystemRandomNumberGenerator) -> [UInt64] {
        var touched = [UInt64](repeating: 0, count: (blocks + 63) / 64)
        for b in 0..<blocks where Int.random(in: 0..<3, using: &generator) == 0 { touched[b / 64] |= 1 << UInt64(b % 64) }
        return touched
    }

    static func isTouched(_ touched: [UInt64], _ b: Int) -> Bool { touched[b / 64] >> UInt64(b % 64) & 1 != 0 }

    /// Cells of `blocks` blocks `columnStride` apart, `value` in each of a touched block's 64 and zero elsewhere.
    static func cells(blocks: Int, columnStride: Int, touched: [UInt64], using generator: inout SystemRandomNumberGenerator,
                      _ value: (inout SystemRandomNumberGenerator) -> Float) -> [Float] {
        var cells = [Float](repeating: 0, count: blocks * columnStride)
        for b in 0..<blocks where isTouched(touched, b) {
            for k in 0..<64 { cells[b * columnStride + k] = value(&generator) }
        }
        return cells
    }

    /// A running sum's coverage as the sweep defines it: min(|sum|, 1), or under even-odd the
    /// distance of |sum| to the nearest even integer.
    static func coverage(ofSum sum: Float, evenOdd: Bool) -> Float {
        guard evenOdd else { return min(abs(sum), 1) }
        let m = abs(sum).truncatingRemainder(dividingBy: 2)
        return m > 1 ? 2 - m : m
    }

    /// The coverage sweep against the Swift running sum it replaced: each row's cells added left to
    /// right through the touched blocks, coverage under both fill rules after every cell, the
    /// blocks with a visible pixel above the threshold, and the cells cleared. Cells mix magnitudes
    /// (so any other order of additions rounds differently) and include sums past 2^23.
    @Test func coverageSweepSumsEachRowInOrderOnEveryPath() {
        var generator = SystemRandomNumberGenerator()
        let threshold: Float = 0.5 / 255
        for path in kernelPaths {
            for trial in 0..<300 {
                let blocks = trial % 3 == 0 ? 100 : 20, words = (blocks + 63) / 64
                let columnStride = 64 + 8 * (trial % 4), coverageStride = blocks * 8 + 3
                let evenOdd = trial % 2 == 1
                let touched = Self.touchedBlocks(blocks, using: &generator)
                var cells = Self.cells(blocks: blocks, columnStride: columnStride, touched: touched, using: &generator) { g in
                    switch Int.random(in: 0..<10, using: &g) {
                    case 0: Float.random(in: -3e7...3e7, using: &g)
                    case 1: Float.random(in: -1e-6...1e-6, using: &g)
                    case 2, 3: 0
                    default: Float.random(in: -1.5...1.5, using: &g)
                    }
                }
                let visible = Int.random(in: 0...(blocks * 8), using: &generator)
                var expectedCoverage = [Float](repeating: -7, count: 8 * coverageStride)
                var expectedLive = [UInt8](repeating: 0xAA, count: blocks)
                var sums = [Float](repeating: 0, count: 8)
                for b in 0..<blocks where Self.isTouched(touched, b) {
                    expectedLive[b] = 0
                    for r in 0..<8 {
                        for j in 0..<8 {
                            sums[r] += cells[b * columnStride + 8 * r + j]
                            let c = Self.coverage(ofSum: sums[r], evenOdd: evenOdd)
                            expectedCoverage[r * coverageStride + 8 * b + j] = c
                            if 8 * b + j < visible && c > threshold { expectedLive[b] |= 1 << UInt8(r) }
                        }
                    }
                }
                var coverage = [Float](repeating: -7, count: 8 * coverageStride)
                var live = [UInt8](repeating: 0xAA, count: blocks)
                with(path: path) {
                    ak_sweep_rows(&cells, columnStride, touched, words, &coverage, coverageStride, &live,
                                  Int32(visible), threshold, evenOdd ? 1 : 0)
                }
                #expect(coverage.map(\.bitPattern) == expectedCoverage.map(\.bitPattern), "path \(path), trial \(trial)")
                #expect(live == expectedLive, "path \(path), trial \(trial)")
                #expect(cells.allSatisfy { $0 == 0 }, "path \(path), trial \(trial)")
            }
        }
    }

    /// The sweep that blends as it sums against the sweep's coverage blended pixel by pixel: a
    /// row's block is blended where a visible pixel of it is above the threshold, the pixels
    /// between blocks at the row's last coverage when that is; only the rows asked for, only
    /// columns left of the width; the write record stamped where pixels were blended, and the
    /// cells cleared.
    @Test func sweepThatBlendsIsTheSweepThenEachPixelsBlendOnEveryPath() {
        var generator = SystemRandomNumberGenerator()
        let threshold: Float = 0.5 / 255
        for path in kernelPaths {
            for trial in 0..<300 {
                let blocks = trial % 3 == 0 ? 70 : 12, words = (blocks + 63) / 64
                let columnStride = 64 + 8 * (trial % 3)
                let evenOdd = trial % 2 == 1
                let width = Int.random(in: 1...(blocks * 8), using: &generator)
                let firstRow = Int.random(in: 0...5, using: &generator)
                let firstLane = Int.random(in: 0...7, using: &generator)
                let lastLane = Int.random(in: firstLane...7, using: &generator)
                let color = trial % 5 == 0 ? 0xFF00_80FF : Self.premultiplied(using: &generator)
                let factor: Float = trial % 4 == 0 ? 255 : Float.random(in: 0...1, using: &generator) * 255
                let touched = Self.touchedBlocks(blocks, using: &generator)
                var cells = Self.cells(blocks: blocks, columnStride: columnStride, touched: touched, using: &generator) { g in
                    switch Int.random(in: 0..<8, using: &g) {
                    case 0: Float.random(in: -0.01...0.01, using: &g)
                    case 1: .nan
                    case 2, 3, 4: 0
                    default: Float.random(in: -1.5...1.5, using: &g)
                    }
                }
                let height = firstRow + 8, blocksPerPair = (width + 31) / 32
                let start = (0..<(width * height)).map { _ in Self.premultiplied(using: &generator) }
                var expected = start, expectedWritten = [UInt32](repeating: 1, count: blocksPerPair * (height / 2 + 1))
                func stamp(_ y: Int, _ x: Int, _ count: Int) {
                    for b in (x / 32)...((x + count - 1) / 32) { expectedWritten[(y / 2) * blocksPerPair + b] = 9 }
                }
                for r in 0..<8 {
                    var sum: Float = 0, held: Float = 0, x = 0
                    let y = firstRow + r, asked = firstLane...lastLane ~= r
                    func blend(_ x: Int, _ count: Int, _ cover: (Int) -> Float) {
                        for i in x..<(x + count) {
                            let k = ak_weight(cover(i), factor)
                            if k != 0 { expected[y * width + i] = Self.over(UInt32(color), weight: k, onto: expected[y * width + i]) }
                        }
                    }
                    func gap(to end: Int) {
                        let end = min(end, width)
                        guard asked, x < end, held > threshold, ak_weight(held, factor) != 0 else { return }
                        stamp(y, x, end - x)
                        blend(x, end - x) { _ in held }
                    }
                    for b in 0..<blocks where Self.isTouched(touched, b) {
                        gap(to: 8 * b)
                        var cover = [Float](repeating: 0, count: 8)
                        for j in 0..<8 {
                            sum += cells[b * columnStride + 8 * r + j]
                            cover[j] = Self.coverage(ofSum: sum, evenOdd: evenOdd)
                        }
                        held = cover[7]
                        let visible = min(8, width - 8 * b)
                        if asked, visible > 0, cover[0..<visible].contains(where: { $0 > threshold }) {
                            stamp(y, 8 * b, visible)
                            blend(8 * b, visible) { cover[$0 - 8 * b] }
                        }
                        x = 8 * b + 8
                    }
                    gap(to: width)
                }
                var pixels = start, written = [UInt32](repeating: 1, count: expectedWritten.count)
                pixels.withUnsafeMutableBufferPointer { p in
                    written.withUnsafeMutableBufferPointer { w in
                        var target = ak_solid_over(pixels: p.baseAddress, width: width, color: UInt32(color), factor: factor,
                                                   written: w.baseAddress, blocks_per_pair: blocksPerPair, epoch: 9)
                        with(path: path) {
                            ak_sweep_over_constant(&cells, columnStride, touched, words, firstRow, Int32(firstLane),
                                                   Int32(lastLane), threshold, evenOdd ? 1 : 0, &target)
                        }
                    }
                }
                #expect(pixels == expected, "path \(path), trial \(trial)")
                #expect(written == expectedWritten, "path \(path), trial \(trial)")
                #expect(cells.allSatisfy { $0 == 0 }, "path \(path), trial \(trial)")
            }
        }
    }

    @Test func edgesAddTheirAreaToTheCellsOfEachRowTheyCross() {
        // The reference is the scan converter's arithmetic written out plainly: each row's piece of
        // the edge, x where it crosses a row boundary from the edge's start, the share of each
        // pixel right of the piece from the integral of clamp(i + 1 - x, 0, 1), as float differences.
        var generator = SystemRandomNumberGenerator()
        let width = 61, stride = width + 2, blocks = (stride + 7) / 8, rowCount = 24, firstRow = 8
        let columnStride = rowCount * 8, wordsPerRow = 1
        func integral(_ t: Double) -> Double { t <= 0 ? 0 : (t < 1 ? 0.5 * t * t : t - 0.5) }
        for trial in 0..<2000 {
            var expected = [Float](repeating: 0, count: blocks * columnStride)
            var expectedTouched = [UInt64](repeating: 0, count: rowCount)
            var cells = expected, touched = expectedTouched
            func add(_ row: Int, _ ax: Double, _ bx: Double, _ d: Float) {
                let xa = min(ax, bx), xb = max(ax, bx), i0 = Int(xa), i1 = Int(xb)
                func cell(_ i: Int) -> Int { (i / 8) * columnStride + (row - firstRow) * 8 + i % 8 }
                for b in (i0 / 8)...((i1 + 1) / 8) { expectedTouched[row - firstRow] |= 1 << UInt64(b) }
                if i0 == i1 || xb - xa < 1e-9 {
                    let a = Float(Double(i0 + 1) - 0.5 * (xa + xb))
                    expected[cell(i0)] += d * a
                    expected[cell(i0 + 1)] += d * (1 - a)
                    return
                }
                var previous: Float = 0
                for i in i0...i1 {
                    let a = Float((integral(Double(i + 1) - xa) - integral(Double(i + 1) - xb)) * (1 / (xb - xa)))
                    expected[cell(i)] += d * (a - previous)
                    previous = a
                }
                expected[cell(i1 + 1)] += d * (1 - previous)
            }
            for _ in 0..<(1 + trial % 4) {
                // Steep, shallow, vertical, within one row or one pixel, whole-row and fractional ends.
                let kind = Int.random(in: 0..<5, using: &generator)
                var y0 = Double.random(in: 0...40, using: &generator)
                var y1 = kind == 0 ? y0 + Double.random(in: 0.001...0.9, using: &generator) : Double.random(in: y0...40, using: &generator)
                if kind == 1 { y0.round(.down); y1.round(.up) }
                guard y1 > y0, y1 <= 40 else { continue }
                let x0 = Double.random(in: 0...Double(width), using: &generator)
                let x1 = kind == 2 ? x0 : kind == 3 ? min(max(x0 + Double.random(in: -0.5...0.5, using: &generator), 0), Double(width))
                    : Double.random(in: 0...Double(width), using: &generator)
                let sign: Float = Bool.random(using: &generator) ? 1 : -1
                let first = Int(y0), last = min(Int(y1.rounded(.up)) - 1, 39)
                let top = max(first, firstRow), bottom = min(last, firstRow + rowCount - 1)
                guard top <= bottom else { continue }
                let dxdy = (x1 - x0) / (y1 - y0)
                func crossing(_ y: Double) -> Double { x0 + (y - y0) * dxdy }
                for row in top...bottom {
                    let from = row == first ? y0 : Double(row), to = row == last ? y1 : Double(row + 1)
                    let xa = row == first ? x0 : crossing(from)
                    add(row, xa, crossing(to), row == first || row == last ? sign * Float(to - from) : sign)
                }
                cells.withUnsafeMutableBufferPointer { c in
                    touched.withUnsafeMutableBufferPointer { t in
                        var rows = ak_cell_rows(cells: c.baseAddress!, column_stride: columnStride, touched: t.baseAddress!,
                                                words_per_row: wordsPerRow, first_row: firstRow)
                        ak_accumulate_edge(&rows, x0, y0, x1, y1, sign, first, last, top, bottom)
                    }
                }
            }
            let differing = cells.indices.first { cells[$0].bitPattern != expected[$0].bitPattern }
            #expect(differing == nil, "trial \(trial): cell \(differing ?? 0) is \(cells[differing ?? 0]), not \(expected[differing ?? 0])")
            #expect(touched == expectedTouched, "trial \(trial)")
        }
    }

}
