import Animate
import AnimateScenes
import ArgumentParser
@testable import AnimateCLI
import Foundation
import Testing

/// Every number a user gives goes through one checked conversion: values from the whole range
/// (huge, tiny, negative zero, subnormal, infinities, NaN spellings, hex floats, junk) through every
/// numeric option of every command, and through the library's initializers, each either accepted
/// or refused with one line naming the option: never a trap.
@Suite struct NumberClassTests {
    init() { Tool.catalog = BuiltinScenes.catalog }

    static let numbers = [
        "0", "-0", "0.0", "-0.0", "1", "-1", "2", "7", "1e-320", "4.9e-324", "-4.9e-324", "2.2250738585072014e-308",
        "1e18", "9.2e18", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "18446744073709551616",
        "1e308", "1.7976931348623157e308", "1e309", "-1e309", "inf", "-inf", "+inf", "infinity", "Infinity",
        "nan", "NaN", "-nan", "+nan", "nan(0x1)", "snan", "0x1p3", "0x1.8p1", "-0x1p-1074", "0x7fffffffffffffff",
        "", " ", "1e", "+5", "5 ", "١٢", "1_000", "3/2", "1/0", "0/0", "-3/-2", "4294967297/1", "99999999999999999999/1",
    ]

    static let options: [(command: [String], option: String, suffix: [String])] = [
        (["hexagons"], "--fps", []), (["hexagons"], "--duration", []), (["hexagons"], "--seed", []),
        (["hexagons"], "--threads", []), (["hexagons"], "--crf", []), (["hexagons"], "--encoder-threads", []),
        (["hexagons"], "--audio-offset", ["--audio", "x.wav"]), (["hexagons"], "--audio-gain", ["--audio", "x.wav"]),
        (["hexagons"], "--at", ["-o", "still.png"]), (["hexagons"], "--max-memory", []),
        (["hash", "hexagons"], "--step", []), (["hash", "hexagons"], "--threads", []),
        (["sheet", "hexagons"], "--columns", []), (["sheet", "hexagons"], "--rows", []),
    ]

    @Test(arguments: Self.options.indices)
    func everyNumericOptionTakesTheWholeRange(option index: Int) throws {
        let (command, option, suffix) = Self.options[index]
        for number in Self.numbers {
            let arguments = command + [option, number] + suffix
            do {
                var parsed = try AnimateCommand.parseAsRoot(arguments)
                try parsed.validate()
                if let render = parsed as? RenderCommand { _ = try render.request(readingImages: false) }
            } catch {
                let message = AnimateCommand.message(for: error)
                let code = AnimateCommand.exitCode(for: error).rawValue
                #expect(code == 64, "\(arguments): \(code) \(message)")
                #expect(!message.isEmpty && message.split(separator: "\n").count == 1, "\(arguments): \(message)")
            }
        }
    }

    /// Frame selections and sizes, which hold two numbers each.
    @Test func rangesAndSizesTakeTheWholeRange() throws {
        for a in Self.numbers.prefix(40) {
            for template in [["--frames", "\(a)..5"], ["--frames", "2..\(a)"], ["--frames", a], ["--size", "\(a)x90"], ["--size", "160x\(a)"],
                             ["--shard", "\(a)/4"], ["--shard", "1/\(a)"]] {
                let arguments = ["hexagons"] + template
                do {
                    var parsed = try AnimateCommand.parseAsRoot(arguments)
                    try parsed.validate()
                    if let render = parsed as? RenderCommand { _ = try render.request(readingImages: false) }
                } catch {
                    #expect(AnimateCommand.exitCode(for: error).rawValue == 64, "\(arguments)")
                }
            }
        }
    }

    /// The library's own entry points take the same values without trapping.
    @Test func theLibraryTakesTheWholeRange() throws {
        let scene = try #require(BuiltinScenes.named("hexagons"))
        let doubles: [Double] = [0, -0.0, 1, -1, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
                                 1e18, 9.2e18, 0x1p63, -0x1p63, 1e308, .greatestFiniteMagnitude, .infinity, -.infinity, .nan, -.nan,
                                 .signalingNaN, 0x1.8p1]
        let ints = [0, -1, 1, 2, Int(Int32.max), Int(Int32.max) + 1, Int.max, Int.min, Int.max - 1]
        for d in doubles {
            _ = try? RenderRequest(scene: scene, duration: d)
            _ = try? RenderRequest(scene: scene, size: FrameSize(width: 64, height: 36), stillTime: d)
            _ = try? RenderRequest(scene: scene, soundtrack: Soundtrack(path: "x.wav", offset: d, gain: 1))
            _ = try? RenderRequest(scene: scene, soundtrack: Soundtrack(path: "x.wav", offset: 0, gain: d))
            let rate = FrameRate(numerator: 30)!
            _ = rate.frameIndex(at: d)
            _ = rate.frameCount(forDuration: d)
            _ = AudioClock.sample(at: d)
        }
        // Scene code hands the drawing API the same values: arcs, strokes, blurs, shadows, dashes.
        var canvas = Bitmap(width: 16, height: 16)
        for d in doubles {
            let v = CGFloat(d)
            canvas.draw { context, _ in
                var path = Path()
                path.addArc(center: CGPoint(x: 8, y: 8), radius: 4, startAngle: .radians(0), endAngle: .radians(v), clockwise: false)
                path.addRelativeArc(center: CGPoint(x: 8, y: 8), radius: 3, startAngle: .radians(v), delta: .radians(v))
                context.stroke(path, with: .color(.red), lineWidth: v)
                context.stroke(path, with: .color(.blue), style: StrokeStyle(lineWidth: 1, dash: [v, 2], dashPhase: v))
                var layer = context
                layer.addFilter(.blur(radius: v))
                layer.fill(Path(ellipseIn: CGRect(x: 2, y: 2, width: 12, height: 12)), with: .color(.green))
                var shadowed = context
                shadowed.addFilter(.shadow(color: .black, radius: 2, x: v, y: v))
                shadowed.fill(Path(CGRect(x: 4, y: 4, width: 4, height: 4)), with: .color(.white))
                context.opacity = v
                context.fill(Path(CGRect(x: v, y: v, width: v, height: v)), with: .color(.white))
            }
        }
        for n in ints {
            _ = FrameRate(numerator: n, denominator: 1)
            _ = FrameRate(numerator: 30, denominator: n)
            _ = try? RenderRequest(scene: scene, size: FrameSize(width: n, height: 36))
            _ = try? RenderRequest(scene: scene, frames: .range(n, 5))
            _ = try? RenderRequest(scene: scene, frames: .range(0, n))
            _ = try? RenderRequest(scene: scene, step: n)
            _ = try? RenderRequest(scene: scene, threads: n)
            _ = try? RenderRequest(scene: scene, seed: UInt64(truncatingIfNeeded: n))
            _ = Shard(n, of: 4)
            _ = Shard(1, of: n)
        }
    }
}
