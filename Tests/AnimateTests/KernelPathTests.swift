import Animate
import CKernels
import Foundation
import Testing

/// The C pixel kernels give the same bytes on every instruction-set path this CPU has.
@Suite(.serialized) struct KernelPathTests {
    /// The paths to run: every one this machine has.
    static var paths: [Int32] {
        [Int32(AK_PATH_SCALAR), Int32(AK_PATH_SSE2), Int32(AK_PATH_AVX2)].filter { ak_available_paths() & $0 != 0 }
    }

    /// Runs `body` with `path` in use, then goes back to the one that was.
    func with<R>(path: Int32, _ body: () throws -> R) rethrows -> R {
        let previous = ak_current_path()
        #expect(ak_use_path(path) == 1)
        defer { _ = ak_use_path(previous) }
        return try body()
    }

    @Test func overConstantIsExactlyRoundedOnEveryPath() {
        var generator = SystemRandomNumberGenerator()
        for path in Self.paths {
            for count in [0, 1, 3, 4, 7, 8, 9, 15, 16, 17, 33, 100] {
                for _ in 0..<50 {
                    // A premultiplied colour and premultiplied pixels (no channel above its alpha).
                    func premultiplied() -> UInt32 {
                        let a = UInt32.random(in: 0...255, using: &generator)
                        return (0..<3).reduce(a << 24) { $0 | UInt32.random(in: 0...a, using: &generator) << (8 * UInt32($1)) }
                    }
                    let s = premultiplied()
                    let original = (0..<count).map { _ in premultiplied() }
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

    @Test func framesAreTheSameBytesOnEveryPath() throws {
        // Half-transparent fills over a gradient and over each other: the constant-colour spans the kernel draws.
        let scene = Scene(name: "test-blobs", description: "overlapping translucent blobs", duration: 1,
                          size: CGSize(width: 320, height: 180)) { c, f in
            c.fill(Path(CGRect(origin: .zero, size: f.size)),
                   with: .linearGradient(Gradient(colors: [.white, .teal]), startPoint: .zero, endPoint: CGPoint(x: 320, y: 180)))
            for k in 0..<12 {
                let x = Double(k) * 23 + 40 * f.progress, y = Double(k % 4) * 35
                c.fill(Path(ellipseIn: CGRect(x: x, y: y, width: 90, height: 70)),
                       with: .color(Color(red: Double(k) / 12, green: 0.3, blue: 1 - Double(k) / 12, opacity: 0.35)))
            }
        }
        let request = try RenderRequest(scene: scene, rate: FrameRate(numerator: 30)!)
        var reference: [UInt8]?
        for path in Self.paths {
            let bytes = with(path: path) { () -> [UInt8] in
                var canvas = Canvas(width: 320, height: 180)
                request.render(12, into: &canvas)
                return canvas.rgba8()
            }
            if let reference { #expect(bytes == reference, "path \(path)") } else { reference = bytes }
        }
        #expect(Self.paths.count >= 2, "x86-64 has at least the scalar and SSE2 paths")
    }
}
