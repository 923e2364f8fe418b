import AnimateDrawing
import AnimateScene
import AnimateScenes
import AnimateTestSupport
import AnimateText
import AnimateTimeline
import AnimateVideo
import Foundation
import Testing

/// Every built-in scene: renders at any size and frame rate, motion in seconds, listed, captioned.
@Suite struct SceneTests {
    static let names = ["starfield", "hexagons", "gradient", "quadratic", "flower", "leaves", "polygons", "suits", "shapes", "carousel", "swipe",
                        "square-to-circle", "animated-square", "moving-around", "moving-frame-box", "point-on-shapes", "brace-annotation", "vector-arrow", "moving-dots", "moving-group", "moving-angle", "sin-cos-plot", "surface-plot", "camera-rotation", "line-through-surface", "saddle-tangent", "cross-product", "tweening", "pythagoras", "unit-circle", "riemann-sums", "tangent-slope", "linear-map", "polygon-code", "swiftui-view",
                        "angles", "angles-zh", "angles-short", "double-square", "screen-recording"]

    @Test func everySceneIsListedWithADescriptionAndASensibleDuration() {
        #expect(BuiltinScenes.all.map(\.name) == Self.names)
        for scene in BuiltinScenes.all {
            // Loops last 4 to 12 s; narrated lessons as long as their voice.
            let range = scene.narration == nil ? 4.0...12.0 : 10.0...40.0
            #expect(!scene.description.isEmpty && range.contains(scene.duration), "\(scene.name): \(scene.duration) s")
        }
    }

    @Test(arguments: names)
    func rendersAtAnySizeWithoutTrouble(name: String) {
        let scene = BuiltinScenes.named(name)!
        for (w, h) in [(97, 55), (1, 1), (640, 360), (300, 600)] {
            var canvas = Bitmap(width: w, height: h)
            let frame = Frame(index: 45, rate: FrameRate(numerator: 30)!, count: 300, size: canvas.size)
            scene.render(frame, into: &canvas)
            // Something opaque was drawn (every scene paints its background).
            #expect(canvas.premultipliedPixel(x: w / 2, y: h / 2).w == 255, "\(name) at \(w)x\(h)")
        }
    }

    @Test(arguments: names)
    func thirtyAndSixtyFPSShowTheSameMotion(name: String) {
        let scene = BuiltinScenes.named(name)!
        func pixels(index: Int, fps: Int) -> [UInt8] {
            var canvas = Bitmap(width: 160, height: 90)
            let count = FrameRate(numerator: fps)!.frameCount(forDuration: scene.duration)
            scene.render(Frame(index: index, rate: FrameRate(numerator: fps)!, count: count, size: canvas.size), into: &canvas)
            return canvas.rgba8()
        }
        // 2.5 s: frame 75 at 30 fps, frame 150 at 60 fps.
        #expect(pixels(index: 75, fps: 30) == pixels(index: 150, fps: 60), "\(name)")
    }

}

/// The starfield is a pure function of (seed, size, frame index).
@Suite struct StarfieldTests {
    func pixels(_ index: Int, seed: UInt64 = 0) -> [UInt8] {
        let scene = BuiltinScenes.named("starfield")!
        var canvas = Bitmap(width: 192, height: 108)
        scene.render(Frame(index: index, rate: FrameRate(numerator: 60)!, count: 600, size: canvas.size, seed: seed), into: &canvas)
        return canvas.rgba8()
    }

    @Test func sameFrameSameBytes() {
        #expect(pixels(37) == pixels(37))
        _ = pixels(36)
        #expect(pixels(37) == pixels(37))
    }

    @Test func seedAndTimeChangeThePicture() {
        #expect(pixels(37) != pixels(38))
        #expect(pixels(37) != pixels(37, seed: 1))
    }
}

/// The built-in lessons' translations shipped in Scenes/Localizations.
@Suite struct BuiltinTranslationTests {
    @Test func theFrenchTableTranslatesEveryLineOfTheNarratedLesson() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenes/Localizations/fr.po")
        let table = try StringTable(contentsOf: url)
        #expect(table.language == "fr")
        let lines = try #require(BuiltinScenes.named("angles")?.narration).lines.map(\.text)
        for line in lines { #expect(table.entries[line] != nil, "no French for \"\(line)\"") }
        for word in ["red", "green", "blue", "Angles of a triangle"] { #expect(table.entries[word] != nil, "\(word)") }
    }
}
