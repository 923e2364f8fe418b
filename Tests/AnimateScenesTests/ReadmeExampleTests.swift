import AnimateDrawing
import AnimateRender
import AnimateScene
import AnimateScenes
import AnimateTestSupport
import AnimateTimeline
import AnimateVideo
import Foundation
import Testing

// The README's scene example, verbatim, so it keeps compiling and drawing.
let bounce = Scene(name: "bounce", description: "A square easing across and back", duration: 4) { context, frame in
    let size = frame.size                                   // layout from the frame size
    context.fill(Path(CGRect(origin: .zero, size: size)),
                 with: .linearGradient(Gradient(colors: [.indigo, .teal]), startPoint: .zero,
                                       endPoint: CGPoint(x: size.width, y: size.height)))
    // Motion in seconds: 2 s across with ease-in-out, then back (autoreversed), looping.
    let across = Motion.tween(from: 0.15, to: 0.85, duration: 2, easing: .easeInOut).autoreversed().looped()
    var square = context
    square.translateBy(x: size.width * across.value(at: frame.time), y: size.height / 2)
    square.rotate(by: .degrees(90 * frame.progress))
    let side = size.height * 0.2
    square.fill(Path(roundedRect: CGRect(x: -side / 2, y: -side / 2, width: side, height: side), cornerRadius: side * 0.15),
                with: .color(.orange))
}

// The README's narrated scene, verbatim.
let narration = Narration(voice: .english, start: 0.5, pause: 0.4, [
    "This is a triangle.",
    "It has three sides: one, two, three.",
])
let triangle = Scene(name: "triangle", description: "A narrated triangle", duration: 10) { context, frame in
    let size = frame.size, t = frame.time
    context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
    // The triangle grows in as the first line begins.
    let grow = progress(of: t, in: narration.start(of: 0)...(narration.start(of: 0) + 0.6))
    let corners = [CGPoint(x: 0.5, y: 0.2), CGPoint(x: 0.8, y: 0.8), CGPoint(x: 0.2, y: 0.8)]
        .map { CGPoint(x: size.width * (0.5 + ($0.x - 0.5) * grow), y: size.height * (0.5 + ($0.y - 0.5) * grow)) }
    // Each side turns orange when its number is spoken.
    for (k, word) in ["one", "two", "three"].enumerated() {
        var side = Path()
        side.move(to: corners[k])
        side.addLine(to: corners[(k + 1) % 3])
        let spoken = t >= narration.time(of: word) ?? .infinity
        context.stroke(side, with: .color(spoken ? .orange : .gray), lineWidth: size.height * 0.01)
    }
}
.narrated(by: narration, endingAfter: 1)          // the scene lasts until 1 s after the voice ends
.sounds { ["one", "two", "three"].compactMap { word in narration.time(of: word).map { SoundCue(.click, at: $0) } } }

@Suite struct ReadmeExampleTests {
    @Test func narratedTriangleFollowsItsVoice() throws {
        try narration.prepare()
        let three = try #require(narration.time(of: "three"))
        #expect(abs(triangle.duration - (narration.end(of: 1) + 1)) < 1e-9)
        #expect(triangle.soundCues.map(\.time) == [narration.time(of: "one"), narration.time(of: "two"), three])
        let rate = FrameRate(numerator: 30)!
        let frameCount = rate.frameCount(forDuration: triangle.duration)
        // Just before "three" the third side (bottom-left to top) is grey; just after, orange.
        for (index, orange) in [(rate.frameIndex(at: three) - 1, false), (rate.frameIndex(at: three) + 1, true)] {
            var canvas = Bitmap(width: 320, height: 180)
            triangle.render(Frame(index: index, rate: rate, count: frameCount, size: canvas.size), into: &canvas)
            let pixel = SIMD4<Int>(truncatingIfNeeded: canvas.premultipliedPixel(x: 112, y: 90))
            // Grey (over white) has equal red and blue; orange far more red than blue.
            #expect(orange ? pixel.x - pixel.z > 60 : abs(pixel.x - pixel.z) < 10 && pixel.x < 230, "frame \(index): \(pixel)")
        }
    }

    /// The README's "Make your own video" scene is the catalog's snippet, which `swift build`
    /// compiles (Snippets/Intro.swift), word for word.
    @Test func theReadmeSceneIsTheCompiledSnippet() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let snippet = try String(contentsOf: root.appendingPathComponent("Snippets/Intro.swift"), encoding: .utf8)
        let code = snippet.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("//") }.joined(separator: "\n")
        #expect(code.contains("public let intro = Scene("))
        #expect(readme.contains("```swift\n" + code.trimmingCharacters(in: .newlines) + "\n```"))
    }

    /// The README's library example, with its file in a scratch folder.
    @Test func libraryExampleRendersAGIFWithTheNote() throws {
        let path = scratchDirectory().appendingPathComponent("bounce.gif").path
        let request = try RenderRequest(scene: bounce, output: Output(path: path),
                                        size: FrameSize(width: 640, height: 360), rate: FrameRate(numerator: 60)!)
        #expect(request.notes.count == 1 && request.rate == FrameRate(numerator: 50)!)
        let summary = try Renderer(request: request).run()
        #expect(summary.frames == 200 && summary.paths == [URL(fileURLWithPath: path)])
        #expect(throws: RenderError.oddSizeForChromaSubsampling(width: 65, height: 37, codec: .h264)) {
            try RenderRequest(scene: bounce, output: .mp4(URL(fileURLWithPath: path)), size: FrameSize(width: 65, height: 37))
        }
        let overlay = try RenderRequest(scene: bounce, output: Output(path: "bounce.mkv"),
                                        encoding: EncodingSettings(quality: .high, codec: .hevc, pixelFormat: .yuv420p10le))
        #expect(overlay.encoding.codec == .hevc && overlay.output?.format == .mkv)
    }

    @Test func bounceSceneDrawsTheSquareWhereTheMotionSays() {
        var canvas = Bitmap(width: 320, height: 180)
        let rate = FrameRate(numerator: 30)!
        // At t = 0 the square is at 15% of the width; at t = 2 s (frame 60) at 85%.
        bounce.render(Frame(index: 0, rate: rate, count: 120, size: canvas.size), into: &canvas)
        #expect(canvas.premultipliedPixel(x: 48, y: 90) == SIMD4(255, 149, 0, 255))
        bounce.render(Frame(index: 60, rate: rate, count: 120, size: canvas.size), into: &canvas)
        #expect(canvas.premultipliedPixel(x: 272, y: 90) == SIMD4(255, 149, 0, 255))
        #expect(canvas.premultipliedPixel(x: 48, y: 90) != SIMD4(255, 149, 0, 255))
        let x = Keyframes(0.0).key(at: 1, 300, easing: .easeOut).key(at: 2, 300).key(at: 3, 0, easing: .spring(Spring()))
        let dots = Motion.stagger(Array(repeating: Motion.tween(from: 0.0, to: 1, duration: 0.6, easing: .easeOutBack), count: 5),
                                  interval: 0.15)
        #expect(x.value(at: 1.5) == 300 && abs(dots[4].value(at: 0.5)) < 1e-9)
    }
}
