import CFFmpeg
import CKernels

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
        var k = ak_ycbcr_coefficients(y_offset: yOffset, cy: cy, rv: rv, gu: gu, gv: gv, bu: bu)
        let f = frame.pointee
        guard let yPlane = f.data.0, let uPlane = f.data.1, let vPlane = f.data.2, shifts.x <= 1 else {
            return [UInt8](repeating: 0, count: width * height * 4)
        }
        let yStride = Int(f.linesize.0), uStride = Int(f.linesize.1), vStride = Int(f.linesize.2)
        // Every byte written below: no need to clear the pixels first.
        let out = [UInt8](unsafeUninitializedCapacity: width * height * 4) { raw, initialized in
            let dst = UnsafeMutableRawPointer(raw.baseAddress!).assumingMemoryBound(to: UInt32.self)
            for y in 0..<height {
                let chromaRow = y >> shifts.y
                ak_ycbcr_row(yPlane + y * yStride, uPlane + chromaRow * uStride, vPlane + chromaRow * vStride,
                             Int32(shifts.x), dst + y * width, width, &k)
            }
            initialized = width * height * 4
        }
        return out
    }
}
