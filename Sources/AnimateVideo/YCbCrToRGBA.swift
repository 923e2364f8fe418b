import CFFmpeg

/// 8-bit planar Y'CbCr to straight RGBA in integer arithmetic (16 fractional bits): the
/// matrix (BT.601, BT.709 or BT.2020) and range (limited or full) the frame is tagged with, each
/// chroma sample used for the luma samples it covers. The same bytes on every machine.
enum YCbCrToRGBA {
    struct Matrix {
        /// Luma weights of red and blue (green's is what they leave).
        let kr: Double
        let kb: Double
        static let bt601 = Matrix(kr: 0.299, kb: 0.114)
        static let bt709 = Matrix(kr: 0.2126, kb: 0.0722)
        static let bt2020 = Matrix(kr: 0.2627, kb: 0.0593)
    }

    static func convert(_ frame: UnsafeMutablePointer<AVFrame>, width: Int, height: Int, shifts: (x: Int, y: Int),
                        matrix: Matrix, fullRange: Bool) -> [UInt8] {
        let one = 65536.0
        // Y' and the chroma differences scaled to 0...255 and -127.5...127.5.
        let yScale = fullRange ? 1 : 255.0 / 219, cScale = fullRange ? 1 : 255.0 / 224
        let yOffset = fullRange ? 0 : 16
        let kg = 1 - matrix.kr - matrix.kb
        let cy = Int((yScale * one).rounded())
        let rv = Int((2 * (1 - matrix.kr) * cScale * one).rounded())
        let bu = Int((2 * (1 - matrix.kb) * cScale * one).rounded())
        let gu = Int((2 * (1 - matrix.kb) * matrix.kb / kg * cScale * one).rounded())
        let gv = Int((2 * (1 - matrix.kr) * matrix.kr / kg * cScale * one).rounded())
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let f = frame.pointee
        guard let yPlane = f.data.0, let uPlane = f.data.1, let vPlane = f.data.2 else { return out }
        let yStride = Int(f.linesize.0), uStride = Int(f.linesize.1), vStride = Int(f.linesize.2)
        // Values clamped to 0...255 by a table (no branch): every sum lies in -512..<768.
        let table = (0..<1280).map { UInt32(min(max($0 - 512, 0), 255)) }
        out.withUnsafeMutableBytes { raw in table.withUnsafeBufferPointer { tableBuffer in
            let clampTable = tableBuffer.baseAddress! + 512
            @inline(__always) func clamp(_ v: Int) -> UInt32 { clampTable[v] }
            let dst = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
            let step = 1 << shifts.x
            for y in 0..<height {
                let yRow = yPlane + y * yStride, uRow = uPlane + (y >> shifts.y) * uStride, vRow = vPlane + (y >> shifts.y) * vStride
                let row = dst + y * width
                var x = 0, c = 0
                while x < width {
                    // One chroma sample's terms, for the luma samples it covers.
                    let u = Int(uRow[c]) - 128, v = Int(vRow[c]) - 128
                    let r = rv * v + 32768, g = 32768 - gu * u - gv * v, b = bu * u + 32768
                    let end = min(x + step, width)
                    while x < end {
                        let luma = (Int(yRow[x]) - yOffset) * cy
                        row[x] = clamp((luma + r) >> 16) | clamp((luma + g) >> 16) << 8 | clamp((luma + b) >> 16) << 16 | 0xFF00_0000
                        x += 1
                    }
                    c += 1
                }
            }
        } }
        return out
    }
}
