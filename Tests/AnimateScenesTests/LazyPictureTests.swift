import AnimateDrawing
import AnimateRender
import AnimateScene
import AnimateScenes
import AnimateTestSupport
import AnimateTimeline
import AnimateVideo
import Foundation
import Testing

/// A folder of pictures is read from the pictures' headers and each is decoded when a frame first
/// draws it, kept while there is room: thousands of photos are ready at once and cost only the
/// ones on screen, with the same frames as pictures decoded up front.
@Suite(.serialized) struct LazyPictureTests {
    /// `count` pictures of `width` x `height`, each a colour of its own with a darker square.
    static func folder(_ name: String, count: Int, width: Int = 96, height: Int = 64) throws -> URL {
        let dir = scratchDirectory(name)
        for i in 0..<count {
            var picture = Bitmap(width: width, height: height)
            picture.clear(Color(hue: Double(i) / Double(count), saturation: 0.8, brightness: 0.9))
            picture.draw { context, size in
                context.fill(Path(CGRect(x: size.width / 4, y: size.height / 4, width: size.width / 2, height: size.height / 2)),
                             with: .color(Color(white: 0, opacity: 0.5)))
            }
            try picture.writePNG(to: dir.appendingPathComponent(String(format: "p%04d.png", i)))
        }
        return dir
    }

    static func frames(_ scene: Scene, _ indices: [Int], size: CGSize) -> [[UInt8]] {
        let cursor = scene.cursor()
        return indices.map { index in
            var canvas = Bitmap(width: Int(size.width), height: Int(size.height))
            cursor.drawer(for: Frame(index: index, rate: FrameRate(numerator: 10)!, count: Int(scene.duration * 10), size: canvas.size))
                .render(into: &canvas)
            return canvas.rgba8()
        }
    }

    @Test func picturesDecodedWhenDrawnGiveTheFramesOfPicturesDecodedFirst() throws {
        let dir = try Self.folder("lazy-pictures", count: 12)
        let lazy = try SceneInputs(imagesIn: dir, frameSide: 48)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let eager = SceneInputs(images: try names.map { try Image(contentsOf: dir.appendingPathComponent($0)) }).fitting(frameSide: 48)
        #expect(lazy.images.map(\.size) == eager.images.map(\.size))
        let indices = Array(stride(from: 0, to: 360, by: 25))
        let size = CGSize(width: 80, height: 48)
        let fromLazy = Self.frames(BuiltinScenes.named("carousel", inputs: lazy)!, indices, size: size)
        #expect(fromLazy == Self.frames(BuiltinScenes.named("carousel", inputs: eager)!, indices, size: size))
        // Let every decoded picture go after each one drawn: decoded again, the same frames.
        let budget = DecodedPictures.shared.budget
        DecodedPictures.shared.budget = 0
        defer { DecodedPictures.shared.budget = budget }
        let again = try SceneInputs(imagesIn: dir, frameSide: 48)
        #expect(Self.frames(BuiltinScenes.named("carousel", inputs: again)!, indices.reversed(), size: size) == fromLazy.reversed())
        #expect(DecodedPictures.shared.count <= 2 + 1, "only the most recent stay")
    }

    @Test func aFolderOfThousandsIsReadFromHeaders() throws {
        let dir = scratchDirectory("many-pictures")
        var picture = Bitmap(width: 640, height: 480)
        picture.clear(.orange)
        let first = dir.appendingPathComponent("p0000.png")
        try picture.writePNG(to: first)
        for i in 1..<3000 { try FileManager.default.copyItem(at: first, to: dir.appendingPathComponent(String(format: "p%04d.png", i))) }
        let inputs = try SceneInputs(imagesIn: dir, frameSide: 120)
        #expect(inputs.images.count == 3000 && inputs.images.allSatisfy { $0.width == 160 && $0.height == 120 })
        // Drawing one shows it.
        var canvas = Bitmap(width: 160, height: 120)
        canvas.draw { context, size in context.draw(inputs.images[1234], in: CGRect(origin: .zero, size: size)) }
        #expect(canvas.premultipliedPixel(x: 80, y: 60) == picture.premultipliedPixel(x: 320, y: 240))
    }

    @Test func aPictureThatCannotBeDecodedWhenDrawnFailsTheRender() async throws {
        let dir = try Self.folder("vanishing-pictures", count: 3)
        let inputs = try SceneInputs(imagesIn: dir, frameSide: 48)
        // The second picture is damaged after its header was read.
        let second = dir.appendingPathComponent("p0001.png")
        var bytes = try Data(contentsOf: second)
        bytes.replaceSubrange(60..<bytes.count, with: Data(repeating: 0x55, count: bytes.count - 60))
        try bytes.write(to: second)
        let scene = BuiltinScenes.named("carousel", inputs: inputs)!
        // Drawn alone, it is reported; drawn again in a render, reported again.
        var probe = Bitmap(width: 4, height: 4)
        probe.draw { context, _ in context.draw(inputs.images[1], in: CGRect(x: 0, y: 0, width: 4, height: 4)) }
        #expect(DecodedPictures.shared.takeFailure() is ImageError)
        let out = scratchDirectory("vanishing-out").appendingPathComponent("c.png")
        let request = try RenderRequest(scene: scene, output: .png(out), size: FrameSize(width: 80, height: 48),
                                        rate: FrameRate(numerator: 10)!, frames: .range(20, 20))
        #expect(throws: ImageError.self) { try Renderer(request: request).run() }
        #expect(!FileManager.default.fileExists(atPath: out.path))
        _ = DecodedPictures.shared.takeFailure()
    }
}
