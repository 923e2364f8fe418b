import AnimateDrawing
import AnimateScene
import AnimateScenes
import AnimateTestSupport
import AnimateTimeline
import AnimateVideo
import Foundation
import Testing
import AnimateRender

@Suite struct BuiltInSceneRenderTests {
    @Test func carouselTakesTheUsersPictures() async throws {
        let dir = scratchDirectory()
        var pixels = [UInt8](repeating: 0, count: 8 * 8 * 4)
        for i in 0..<64 { pixels[4 * i] = 250; pixels[4 * i + 3] = 255 }
        try pixels.withUnsafeBufferPointer { try PNGEncoder.write(rgba: $0, width: 8, height: 8, to: dir.appendingPathComponent("red.png")) }
        let red = Image(rgba: pixels, width: 8, height: 8)!
        let scene = BuiltinScenes.named("carousel", inputs: SceneInputs(images: [red, red]))!
        #expect(scene.duration == 6)
        var canvas = Bitmap(width: 64, height: 36)
        scene.render(Frame(index: 30, rate: FrameRate(numerator: 30)!, count: 180, size: canvas.size), into: &canvas)
        #expect(canvas.premultipliedPixel(x: 32, y: 14) == SIMD4(250, 0, 0, 255))
        let r = try await run(animateBinary(), ["carousel", "--images", dir.path, "--size", "64x36", "--frames", "0..0", "-o", "c.png", "--quiet"],
                        currentDirectory: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let missing = try await run(animateBinary(), ["carousel", "--images", dir.appendingPathComponent("none").path, "-o", "x.mp4", "--quiet"],
                              currentDirectory: dir)
        #expect(missing.status == 1 && missing.stderr.hasPrefix("error: cannot read image"))
    }

    @Test func scenesRenderToMP4AndGIFThroughTheCLI() async throws {
        let dir = scratchDirectory()
        for name in ["hexagons", "carousel", "swipe"] {
            for ext in ["mp4", "gif"] {
                let r = try await run(animateBinary(), [name, "--size", "160x90", "--fps", "20", "--duration", "1", "-o", "\(name).\(ext)", "--quiet"],
                                currentDirectory: dir)
                #expect(r.status == 0, "\(name).\(ext): \(r.stderr)")
                let info = try probe(dir.appendingPathComponent("\(name).\(ext)"))
                #expect(info["nb_read_frames"] == "20", "\(name).\(ext)")
            }
        }
    }
}
