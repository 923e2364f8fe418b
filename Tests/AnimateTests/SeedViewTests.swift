import Animate
import AnimateTestSupport
import Foundation
import PlaygroundSupport
import Testing

/// The seed lessons' whole views (Tests/AnimateTests/Seeds), set as the playground's live view
/// as the lessons do, drawn in a 700x700 window: each draws what its lesson shows.
@Suite(.serialized) struct SeedViewTests {
    /// The live view a lesson sets, drawn in a window.
    static func window(_ live: () -> Void, size: CGSize = CGSize(width: 700, height: 700), name: String) throws -> Bitmap {
        live()
        let view = try #require(PlaygroundPage.current.liveView)
        var bitmap = Bitmap(width: Int(size.width), height: Int(size.height))
        bitmap.draw { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
            context.draw(AnyView(view), in: CGRect(origin: .zero, size: size), environment: .frame(at: 0))
        }
        try? bitmap.writePNG(to: artifactDirectory().appendingPathComponent("seed-\(name).png"))
        return bitmap
    }

    /// How many pixels are close to `color`.
    static func count(_ b: Bitmap, near color: (UInt8, UInt8, UInt8), within: Int = 24) -> Int {
        var n = 0
        for y in 0..<b.height {
            for x in 0..<b.width {
                let p = b.premultipliedPixel(x: x, y: y)
                if abs(Int(p.x) - Int(color.0)) <= within && abs(Int(p.y) - Int(color.1)) <= within && abs(Int(p.z) - Int(color.2)) <= within { n += 1 }
            }
        }
        return n
    }

    @Test func theLeafLessonDrawsItsGreenLeavesUnderItsTitle() throws {
        let b = try Self.window({ LeafTransformLesson.live() }, name: "4-7d")
        // SwiftUI's green leaves, the orange title.
        #expect(Self.count(b, near: (0x34, 0xC7, 0x59)) > 2_000)
        #expect(Self.count(b, near: (0xFF, 0x95, 0x00)) > 100)
    }

    @Test func thePolygonLessonDrawsItsGridOfPolygons() throws {
        let b = try Self.window({ RegularPolygonLesson.live() }, size: CGSize(width: 700, height: 1000), name: "4-8a")
        #expect(Self.count(b, near: (0x34, 0xC7, 0x59)) > 20_000, "nine green polygons")
        #expect(Self.count(b, near: (0x32, 0xAD, 0xE6)) > 1_000, "the canvas's cyan pentagon and hexagons")
    }

    @Test func theSwipeLessonDrawsItsRingsAndCircle() throws {
        let b = try Self.window({ DragCarouselLesson.live() }, name: "4-9c")
        #expect(Self.count(b, near: (0x32, 0xAD, 0xE6)) > 5_000, "the cyan ring")
        #expect(Self.count(b, near: (0x00, 0x7A, 0xFF)) > 20_000, "the blue circle")
    }
}

extension SeedViewTests {
    /// 4-8b as a scene: its `onChange(of: 時間)` updates `@State` colour coefficients as frames
    /// advance (the star's yellow darkens and brightens), and every frame is the same drawn
    /// alone, after other frames, or at another frame rate.
    @Test func theGradientLessonChangesItsStateAsFramesAdvanceAndEachFrameIsAPureFunctionOfTime() throws {
        GradientStarLesson.live()
        let view = try #require(PlaygroundPage.current.liveView)
        let scene = Scene(name: "4-8b", description: "the gradient stars", duration: 4, size: CGSize(width: 600, height: 900)) { AnyView(view) }
        func frame(_ index: Int, fps: Int, cursor: SceneCursor? = nil) -> [UInt8] {
            var bitmap = Bitmap(width: 600, height: 900)
            let c = cursor ?? scene.cursor()
            c.drawer(for: Frame(index: index, rate: FrameRate(numerator: fps)!, count: fps * 4, size: bitmap.size)).render(into: &bitmap)
            return bitmap.rgba8()
        }
        let alone = frame(30, fps: 30)
        let run = scene.cursor()
        for i in 0..<30 { _ = frame(i, fps: 30, cursor: run) }
        #expect(frame(30, fps: 30, cursor: run) == alone, "frame 30 alone and after frames 0-29")
        #expect(frame(60, fps: 60) == alone, "the same time at 60 fps")
        #expect(frame(0, fps: 30) != alone, "the state moved on: the star's colours changed")
        // The left star's centre: black at first (coefficient 0), yellow later as it grows by 0.03 a tick.
        func centre(_ rgba: [UInt8]) -> (Int, Int, Int) {
            // Find the canvas's left-star centre: a quarter across, in the middle of the canvas's height.
            var best = (0, 0, 0)
            for y in stride(from: 100, to: 500, by: 4) {
                let i = (y * 600 + 150) * 4
                if Int(rgba[i]) + Int(rgba[i + 1]) > best.0 + best.1 && rgba[i + 2] < 80 { best = (Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2])) }
            }
            return best
        }
        let early = centre(frame(0, fps: 30)), later = centre(frame(15, fps: 30))
        #expect(later.0 > early.0 + 60, "the yellow brightened: \(early) then \(later)")
        var still = Bitmap(width: 600, height: 900)
        scene.cursor().drawer(for: Frame(index: 15, rate: FrameRate(numerator: 30)!, count: 120, size: still.size)).render(into: &still)
        try? still.writePNG(to: artifactDirectory().appendingPathComponent("seed-4-8b-half-second.png"))
    }
}

extension SeedViewTests {
    /// 4-9d, the full swipe lesson: a TimelineView around a canvas whose @State the drag gesture
    /// would set; with no touches it shows its rings at rest, the same on every frame.
    @Test func theFullSwipeLessonShowsItsRingsAtRest() throws {
        let b = try Self.window({ DragCarouselCompleteLesson.live() }, name: "4-9d")
        #expect(Self.count(b, near: (0x32, 0xAD, 0xE6)) > 5_000, "the cyan ring")
        #expect(Self.count(b, near: (0x00, 0x7A, 0xFF)) > 20_000, "the blue circle")
        let view = try #require(PlaygroundPage.current.liveView)
        let scene = Scene(name: "4-9d", description: "the swipe", duration: 4, size: CGSize(width: 500, height: 500)) { AnyView(view) }
        func frame(_ index: Int) -> [UInt8] {
            var bitmap = Bitmap(width: 500, height: 500)
            scene.cursor().drawer(for: Frame(index: index, rate: FrameRate(numerator: 30)!, count: 120, size: bitmap.size)).render(into: &bitmap)
            return bitmap.rgba8()
        }
        #expect(frame(0) == frame(90), "nothing moves without a drag")
    }
}

extension SeedViewTests {
    /// The paths chapter (seed 004): the five built-in shapes stacked, the stroked lens, and the
    /// frame picker's grid of the four shapes, each stroked in the primary colour over its
    /// secondary-grey fill.
    @Test func thePathsChapterDrawsItsShapesAndTheFramePickersGrid() throws {
        let stacked = try Self.window({ PlaygroundPage.current.setLiveView(BuiltInShapes()) }, name: "004-built-in-shapes")
        // Five black shapes share the padded column: most of it is ink.
        #expect(Self.count(stacked, near: (0, 0, 0)) > 120_000)
        let lens = try Self.window({ PlaygroundPage.current.setLiveView(Shapes_Previews.previews) }, name: "004-lens")
        let lensInk = Self.count(lens, near: (0, 0, 0))
        #expect(lensInk > 10_000 && lensInk < 60_000, "a lens outline 10 points wide, not a filled one: \(lensInk)")
        #expect(lens.premultipliedPixel(x: 350, y: 350).x == 255, "the lens is hollow")
        let picker = try Self.window({ PlaygroundPage.current.setLiveView(FramePicker_Previews.previews) }, name: "004-frame-picker")
        // Color.secondary is (60, 60, 67) at 60% over white.
        let grey = Self.count(picker, near: (138, 138, 142), within: 4)
        #expect(grey > 20_000, "four shapes filled grey: \(grey)")
        #expect(Self.count(picker, near: (0, 0, 0)) > 4_000, "their black outlines")
        // The adaptive grid puts all four in the first row, left to right: circle, rectangle, cone, lens.
        var rows = Set<Int>()
        for y in 0..<picker.height where (0..<picker.width).contains(where: { x in
            let p = picker.premultipliedPixel(x: x, y: y); return abs(Int(p.x) - 138) < 4 && abs(Int(p.z) - 142) < 4 }) { rows.insert(y / 10) }
        #expect(rows.count <= 13, "one row of shapes 120 points tall: rows \(rows.sorted())")
    }

    /// `@Environment(\.presentationMode)` and `\.dismiss` in a sheet close it: here from the
    /// sheet's `onAppear`, so the sheet is shown on no frame after the view appears.
    @Test func dismissingASheetClosesIt() throws {
        struct Closing: View {
            @Environment(\.presentationMode) var presentationMode
            var body: some View { Color.red.onAppear { presentationMode.wrappedValue.dismiss() } }
        }
        struct Host: View {
            @State var shown = true
            var body: some View {
                Color.white.sheet(isPresented: $shown) { Closing() }
            }
        }
        let scene = Scene(name: "sheet", description: "", duration: 1, size: CGSize(width: 100, height: 100)) { Host() }
        var bitmap = Bitmap(width: 100, height: 100)
        scene.render(Frame(index: 10, rate: FrameRate(numerator: 30)!, count: 30, size: bitmap.size), into: &bitmap)
        try? bitmap.writePNG(to: artifactDirectory().appendingPathComponent("dismissed-sheet.png"))
        #expect(Self.count(bitmap, near: (255, 255, 255), within: 0) == 100 * 100, "the sheet closed: no dimming, no red")
        #expect(EnvironmentValues().presentationMode.wrappedValue.isPresented == false)
        EnvironmentValues().dismiss()
    }
}

extension SeedViewTests {
    static let pictureColours: [(UInt8, UInt8, UInt8)] = [(230, 40, 40), (40, 200, 60), (40, 60, 230), (240, 200, 30), (200, 40, 200)]

    /// Five 540x960 pictures of their own colours, served for the lessons' random-picture address.
    static func servePictures() throws -> [(UInt8, UInt8, UInt8)] {
        let folder = scratchDirectory("lesson-pictures")
        var files: [URL] = []
        for (i, c) in pictureColours.enumerated() {
            var picture = Bitmap(width: 540, height: 960)
            picture.clear(Color(red: Double(c.0) / 255, green: Double(c.1) / 255, blue: Double(c.2) / 255))
            let url = folder.appendingPathComponent("picture-\(i).png")
            try picture.writePNG(to: url)
            files.append(url)
        }
        URLSession.shared.serve(網址, with: files)
        return pictureColours
    }

    /// A lesson's live view as a scene of `size`, and its frame at `time`.
    static func frame(of live: () -> Void, size: CGSize, at time: Double) throws -> Bitmap {
        live()
        let view = try #require(PlaygroundPage.current.liveView)
        let scene = Scene(name: "lesson", description: "", duration: 5, size: size) { AnyView(view) }
        var bitmap = Bitmap(width: Int(size.width), height: Int(size.height))
        scene.cursor().drawer(for: Frame(index: Int(time * 30), rate: FrameRate(numerator: 30)!, count: 150, size: bitmap.size)).render(into: &bitmap)
        return bitmap
    }

    /// 4-9a: the canvas waits for its picture, which its `.task` loads as it appears, then shows
    /// it centred and scaled to fit.
    @Test func thePictureDownloadLessonShowsItsPicture() throws {
        _ = try Self.servePictures()
        let b = try Self.frame(of: CanvasImageDownloadLesson.live, size: CGSize(width: 500, height: 500), at: 0)
        try? b.writePNG(to: artifactDirectory().appendingPathComponent("seed-4-9a.png"))
        // 540x960 scaled by 500/960 to 281x500, centred: red from x 110 to 390.
        #expect(Self.count(b, near: (230, 40, 40), within: 3) > 270 * 490)
        #expect(b.premultipliedPixel(x: 250, y: 250).x == 230 && b.premultipliedPixel(x: 60, y: 250).x == 255)
    }

    /// 4-8c, the flower of life: its title, a six-sided flower stroked black over the yellow-to-indigo
    /// elliptical gradient, and a twelve-sided one stroked yellow over the black-to-blue radial one.
    @Test func theFlowerOfLifeLessonDrawsBothFlowersOverTheirGradients() throws {
        let b = try Self.window({ FlowerOfLifeLesson.live() }, size: CGSize(width: 600, height: 900), name: "4-8c")
        #expect(Self.count(b, near: (0xFF, 0x95, 0x00)) > 300, "the orange title")
        #expect(Self.count(b, near: (0, 0, 0), within: 40) > 3_000, "the black flower and the radial gradient's dark centre")
        // The elliptical gradient's yellow centre, the radial gradient's blue rim.
        #expect(Self.count(b, near: (0xFF, 0xCC, 0x00), within: 40) > 2_000)
        #expect(Self.count(b, near: (0x00, 0x30, 0xC0), within: 60) > 2_000)
    }

    /// The state experiment under 4-9b: `onAppear` sets x to 10, `onChange` then to 20, and the
    /// canvas's own `x = 30` is ignored (SwiftUI ignores state set while views are drawn), so the
    /// text says "x = 20" and the canvas "x in Canvas = 20", as the lesson explains.
    @Test func stateSetWhileACanvasDrawsIsIgnored() throws {
        let lesson = try Self.frame(of: StateExperimentLesson.live, size: CGSize(width: 500, height: 300), at: 1)
        struct Expected: View {
            var body: some View {
                Text("x = 20")
                    .font(.largeTitle)
                Canvas { 圖層, 尺寸 in
                    圖層.draw(Text("x in Canvas = 20"), at: CGPoint(x: 尺寸.width/2, y: 尺寸.height/2))
                }
            }
        }
        let expected = try Self.frame(of: { PlaygroundPage.current.setLiveView(Expected()) }, size: CGSize(width: 500, height: 300), at: 1)
        try? lesson.writePNG(to: artifactDirectory().appendingPathComponent("seed-state-experiment.png"))
        #expect(lesson.rgba8() == expected.rgba8())
    }

    /// 4-9b, the carousel: its `.task` downloads five pictures from a random-picture address,
    /// served here by five local pictures of their own colours; the canvas shows the first, slides
    /// to the next as its `onChange` counts the timeline's frames, and after about 3.3 s moves the
    /// first picture to the end (the dots under it mark the second).
    @Test func theCarouselLessonShowsThePicturesItsTaskLoadsAndSlidesThem() throws {
        let colours = try Self.servePictures()
        imageCarouselLessonLive()
        let view = try #require(PlaygroundPage.current.liveView)
        let scene = Scene(name: "4-9b", description: "the carousel", duration: 5, size: CGSize(width: 500, height: 500)) { AnyView(view) }
        func frame(_ time: Double, cursor: SceneCursor? = nil) -> Bitmap {
            var bitmap = Bitmap(width: 500, height: 500)
            (cursor ?? scene.cursor()).drawer(for: Frame(index: Int(time * 30), rate: FrameRate(numerator: 30)!, count: 150, size: bitmap.size)).render(into: &bitmap)
            return bitmap
        }
        func centre(_ b: Bitmap) -> (UInt8, UInt8, UInt8) {
            let p = b.premultipliedPixel(x: 250, y: 250)
            return (UInt8(p.x), UInt8(p.y), UInt8(p.z))
        }
        func near(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Bool {
            abs(Int(a.0) - Int(b.0)) < 4 && abs(Int(a.1) - Int(b.1)) < 4 && abs(Int(a.2) - Int(b.2)) < 4
        }
        let first = frame(0)
        try? first.writePNG(to: artifactDirectory().appendingPathComponent("seed-4-9b-start.png"))
        #expect(near(centre(first), colours[0]), "the first picture, loaded as the view appeared: \(centre(first))")
        #expect(near(centre(frame(1)), colours[1]), "slid to the second")
        let later = frame(4)
        try? later.writePNG(to: artifactDirectory().appendingPathComponent("seed-4-9b-four-seconds.png"))
        #expect(near(centre(later), colours[2]), "turned once, then slid on to the third: \(centre(later))")
        // Each frame is its time's: the same alone and after the others.
        let run = scene.cursor()
        for t in [0.0, 1, 2, 3] { _ = frame(t, cursor: run) }
        #expect(frame(4, cursor: run).rgba8() == later.rgba8())
    }

    /// An address with no local files fails as the network would, in one line naming the remedy.
    @Test func anAddressWithoutFilesFailsWithoutTheNetwork() async throws {
        let url = try #require(URL(string: "https://example.com/picture.png"))
        await #expect(throws: URLSessionError.notServed("https://example.com/picture.png")) { try await URLSession.shared.data(from: url) }
        #expect(URLSessionError.notServed("https://example.com/picture.png").description.contains("URLSession.shared.serve"))
        #expect(UIImage(data: Data([1, 2, 3])) == nil)
    }
}
