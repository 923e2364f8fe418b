import AnimateDrawing
import AnimateRender
import AnimateScene
import AnimateScenes
import AnimateTestScenes
import AnimateTestSupport
import AnimateTimeline
import Foundation
import Testing

@Suite struct FrameHashFFmpegTests {
    @Test func formatEqualsFFmpegFramemd5OnTheSameRawFrames() async throws {
        let ffmpeg = try #require(which("ffmpeg"))
        let r = try RenderRequest(scene: particlesScene, size: FrameSize(width: 64, height: 36), rate: FrameRate(numerator: 60)!,
                                  frames: .range(0, 4), threads: 2)
        let manifest = try FrameHashing.manifest(for: r)
        // The same frames as raw RGBA, hashed by ffmpeg's framemd5 muxer.
        var raw = Data()
        var canvas = Bitmap(width: 64, height: 36)
        for i in r.frameIndices {
            r.render(i, into: &canvas)
            raw.append(contentsOf: canvas.rgba8())
        }
        let url = scratchDirectory().appendingPathComponent("frames.rgba")
        try raw.write(to: url)
        let out = try await run(ffmpeg, ["-v", "error", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "64x36", "-r", "60", "-i", url.path,
                                   "-f", "framemd5", "-"])
        #expect(out.status == 0)
        let ours = manifest.text.split(separator: "\n").filter { !$0.hasPrefix("#animate") }
        #expect(ours == out.stdout.split(separator: "\n"))
    }
}
