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
        let yOffset = Int32(fullRange ? 0 : 16)
        let kg = 1 - matrix.kr - matrix.kb
        let cy = Int32((yScale * one).rounded())
        let rv = Int32((2 * (1 - matrix.kr) * cScale * one).rounded())
        let bu = Int32((2 * (1 - matrix.kb) * cScale * one).rounded())
        let gu = Int32((2 * (1 - matrix.kb) * matrix.kb / kg * cScale * one).rounded())
        let gv = Int32((2 * (1 - matrix.kr) * matrix.kr / kg * cScale * one).rounded())
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let f = frame.pointee
        guard let yPlane = f.data.0, let uPlane = f.data.1, let vPlane = f.data.2 else { return out }
        let yStride = Int(f.linesize.0), uStride = Int(f.linesize.1), vStride = Int(f.linesize.2)
        // A row's chroma terms, one per pixel (each chroma sample's for the pixels it covers):
        // the loop over pixels then reads plain arrays, which the compiler vectorizes.
        var red = [Int32](repeating: 0, count: width), green = red, blue = red
        out.withUnsafeMutableBytes { raw in
            red.withUnsafeMutableBufferPointer { rTerm in green.withUnsafeMutableBufferPointer { gTerm in blue.withUnsafeMutableBufferPointer { bTerm in
                let dst = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
                var chromaRow = -1
                for y in 0..<height {
                    if y >> shifts.y != chromaRow {
                        chromaRow = y >> shifts.y
                        let uRow = uPlane + chromaRow * uStride, vRow = vPlane + chromaRow * vStride
                        for x in 0..<width {
                            let u = Int32(uRow[x >> shifts.x]) - 128, v = Int32(vRow[x >> shifts.x]) - 128
                            rTerm[x] = rv &* v &+ 32768
                            gTerm[x] = 32768 &- gu &* u &- gv &* v
                            bTerm[x] = bu &* u &+ 32768
                        }
                    }
                    let yRow = yPlane + y * yStride, row = dst + y * width
                    for x in 0..<width {
                        let luma = (Int32(yRow[x]) &- yOffset) &* cy
                        let r = min(max((luma &+ rTerm[x]) >> 16, 0), 255)
                        let g = min(max((luma &+ gTerm[x]) >> 16, 0), 255)
                        let b = min(max((luma &+ bTerm[x]) >> 16, 0), 255)
                        row[x] = UInt32(truncatingIfNeeded: r) | UInt32(truncatingIfNeeded: g) << 8 | UInt32(truncatingIfNeeded: b) << 16 | 0xFF00_0000
                    }
                }
            } } }
        }
        return out
    }
}
