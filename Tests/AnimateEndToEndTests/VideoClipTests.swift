import AVKit
import Animate
import AnimateRender
import AnimateScene
import AnimateTestSupport
import Foundation
import Testing

/// Video clips inside scenes: every output frame shows exactly the source frame the timing rule
/// says, in order, alone, on one or two threads; alpha composites; the sound lands where it
/// should; a bad clip is one line naming the file.
@Suite(.serialized) struct VideoClipTests {
    /// Frames 160x90 whose sixteen 10-pixel columns spell the frame number in binary (bit k in
    /// column k: white for 1), made by ffmpeg's own filters: `arguments` pick codec, GOP, rate.
    static func numberedClip(_ url: URL, frames: Int = 90, rate: String = "30", extra: [String] = [], audio: Bool = false) async throws {
        let ffmpeg = try #require(which("ffmpeg"))
        var args = ["-v", "error", "-y", "-f", "lavfi", "-i", "nullsrc=s=160x90:r=\(rate):d=\(Double(frames) / (Double(rate) ?? 30)),format=gray,geq=lum='255*bitand(floor(N/pow(2,floor(X/10))),1)'"]
        if audio { args += ["-f", "lavfi", "-i", "sine=f=1000:d=0.02,apad=pad_dur=0.98,aloop=loop=-1:size=48000", "-t", String(Double(frames) / 30), "-ac", "2", "-ar", "48000"] }
        args += ["-frames:v", String(frames)] + extra + [url.path]
        let r = try await run(ffmpeg, args)
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// The frame number a picture of `numberedClip` shows (drawn at 160x90).
    static func number(_ canvas: Bitmap) -> Int {
        var n = 0
        for bit in 0..<16 where canvas.premultipliedPixel(x: bit * 10 + 5, y: 45).x > 127 { n |= 1 << bit }
        return n
    }

    static func scene(_ clip: VideoClip, duration: Double) -> Scene {
        Scene(name: "clip", description: "", duration: duration, size: CGSize(width: 160, height: 90)) { context, frame in
            context.fill(Path(CGRect(origin: .zero, size: frame.size)), with: .color(.black))
            context.draw(clip, at: frame.time, in: CGRect(origin: .zero, size: frame.size))
        }
    }

    /// The source frame each output frame shows when drawn one by one.
    static func shown(_ scene: Scene, fps: Int, frames: Range<Int>) throws -> [Int] {
        let request = try RenderRequest(scene: scene, size: FrameSize(width: 160, height: 90), rate: FrameRate(numerator: fps)!)
        return frames.map { i in
            var canvas = Bitmap(width: 160, height: 90)
            request.render(i, into: &canvas)
            return number(canvas)
        }
    }

    @Test func everyFrameIsTheSourceFrameItsTimeFallsIn() async throws {
        let dir = scratchDirectory()
        let h264 = dir.appendingPathComponent("n.mp4")
        try await Self.numberedClip(h264, extra: ["-c:v", "libx264", "-g", "10", "-bf", "2", "-pix_fmt", "yuv420p", "-crf", "10"])
        let source = 30.0
        // Placed at 0.5 s, from 1 s of the clip, 1.5 times as fast; at 24 and 60 fps.
        let clip = VideoClip(h264.path, start: 0.5).trimmed(from: 1).rate(1.5)
        for fps in [24, 60] {
            let shown = try Self.shown(Self.scene(clip, duration: 2), fps: fps, frames: 0..<(2 * fps))
            let expected = (0..<(2 * fps)).map { i -> Int in
                let t = Double(i) / Double(fps)
                let clipTime = min(1 + max(0, (t - 0.5) * 1.5), 3 - 1e-6)
                return Int((clipTime * source + 1e-6).rounded(.down))
            }
            #expect(shown == expected, "\(fps) fps")
        }
        // Looped, backwards, frozen.
        let loop = try Self.shown(Self.scene(VideoClip(h264.path).trimmed(from: 0, to: 1).looping(), duration: 3), fps: 30, frames: 0..<90)
        #expect(loop == (0..<90).map { $0 % 30 })
        let back = try Self.shown(Self.scene(VideoClip(h264.path).backwards(), duration: 3), fps: 30, frames: 0..<90)
        #expect(back == (0..<90).map { 89 - $0 })
        let still = try Self.shown(Self.scene(VideoClip(h264.path).frozen(at: 2.01), duration: 1), fps: 30, frames: 0..<30)
        #expect(still.allSatisfy { $0 == 60 })
        // Out of order (a jump back, a jump forward past keyframes): the same frames.
        let scene = Self.scene(VideoClip(h264.path), duration: 3)
        let ordered = try Self.shown(scene, fps: 30, frames: 0..<90)
        let request = try RenderRequest(scene: scene, size: FrameSize(width: 160, height: 90), rate: FrameRate(numerator: 30)!)
        for i in [77, 3, 45, 44, 89, 0, 61] {
            var canvas = Bitmap(width: 160, height: 90)
            request.render(i, into: &canvas)
            #expect(Self.number(canvas) == ordered[i] && ordered[i] == i, "frame \(i)")
        }
    }

    @Test func variableFrameRatesFollowTheirOwnTimes() async throws {
        let dir = scratchDirectory()
        let vfr = dir.appendingPathComponent("vfr.mkv")
        // Frames 0-29 a thirtieth of a second apart, then 30-59 a tenth apart.
        try await Self.numberedClip(vfr, frames: 60, extra: ["-vf", "setpts='if(lt(N,30),N/30,1+(N-30)/10)/TB'", "-fps_mode", "passthrough",
                                                             "-c:v", "libx264", "-g", "7", "-pix_fmt", "yuv420p", "-crf", "10"])
        let shown = try Self.shown(Self.scene(VideoClip(vfr.path), duration: 4), fps: 20, frames: 0..<80)
        let expected = (0..<80).map { i -> Int in
            let t = Double(i) / 20
            return t < 1 ? Int((t * 30 + 1e-6).rounded(.down)) : min(59, 30 + Int(((t - 1) * 10 + 1e-6).rounded(.down)))
        }
        #expect(shown == expected)
    }

    @Test func theSameBytesOnOneAndTwoThreadsAndAlone() async throws {
        let dir = scratchDirectory()
        let clip = dir.appendingPathComponent("c.mp4")
        try await Self.numberedClip(clip, extra: ["-c:v", "libx264", "-g", "12", "-pix_fmt", "yuv420p"])
        let scene = Self.scene(VideoClip(clip.path, start: 0.2).rate(1.25), duration: 2.5)
        var manifests: [[String]] = []
        for threads in [1, 2] {
            let request = try RenderRequest(scene: scene, size: FrameSize(width: 160, height: 90), rate: FrameRate(numerator: 30)!, threads: threads)
            let sink = try FrameHashSink()
            try Renderer(request: request).run(into: sink)
            manifests.append(sink.hashes.map(\.md5))
        }
        #expect(manifests[0] == manifests[1] && manifests[0].count == 75)
        // In shards: each shard's frames are the whole render's.
        var sharded: [String] = []
        for k in 0..<3 {
            let part = try RenderRequest(scene: scene, size: FrameSize(width: 160, height: 90), rate: FrameRate(numerator: 30)!,
                                         shard: Shard(k, of: 3), threads: 2)
            let sink = try FrameHashSink()
            try Renderer(request: part).run(into: sink)
            sharded += sink.hashes.map(\.md5)
        }
        #expect(sharded == manifests[0])
        let request = try RenderRequest(scene: scene, size: FrameSize(width: 160, height: 90), rate: FrameRate(numerator: 30)!, threads: 1)
        for i in [50, 7, 74] {
            let sink = try FrameHashSink()
            try Renderer(request: request).run(into: sink, frames: [i])
            #expect(sink.hashes.map(\.md5) == [manifests[0][i]], "frame \(i) alone")
        }
    }

    @Test func alphaClipsCompositeOverTheScene() async throws {
        let dir = scratchDirectory()
        // A white square on transparency, as ProRes 4444 and as VP9 with alpha.
        let ffmpeg = try #require(which("ffmpeg"))
        for (name, codec) in [("a.mov", ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le"]),
                              ("a.webm", ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p"])] {
            let url = dir.appendingPathComponent(name)
            let r = try await run(ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=white:s=160x90:r=10:d=1", "-f", "lavfi", "-i",
                                           "color=c=black:s=160x90:r=10:d=1,format=gray,geq=lum='255*between(X,40,119)*between(Y,20,69)'",
                                           "-filter_complex", "[0:v]format=rgba[c];[c][1:v]alphamerge"] + codec + [url.path])
            #expect(r.status == 0, "\(r.stderr)")
            let scene = Scene(name: "alpha", description: "", duration: 1, size: CGSize(width: 160, height: 90)) { context, frame in
                context.fill(Path(CGRect(origin: .zero, size: frame.size)), with: .color(Color(red: 1, green: 0, blue: 0)))
                context.draw(VideoClip(url.path), at: frame.time, in: CGRect(origin: .zero, size: frame.size))
            }
            var canvas = Bitmap(width: 160, height: 90)
            try RenderRequest(scene: scene, rate: FrameRate(numerator: 10)!).render(5, into: &canvas)
            let inside = canvas.premultipliedPixel(x: 80, y: 45), outside = canvas.premultipliedPixel(x: 10, y: 10)
            #expect(inside.x > 240 && inside.y > 240 && inside.z > 240, "\(name): \(inside)")
            #expect(outside.x > 240 && outside.y < 15 && outside.z < 15, "\(name): the scene shows through, \(outside)")
        }
    }

    @Test func itsSoundLandsWhereTheClipPlays() async throws {
        let dir = scratchDirectory()
        let clip = dir.appendingPathComponent("s.mp4")
        // A 20 ms beep at the start of every second of the clip.
        try await Self.numberedClip(clip, extra: ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "pcm_s16le", "-f", "mov"], audio: true)
        let placed = VideoClip(clip.path, start: 1).trimmed(from: 0.5)
        let scene = Self.scene(placed, duration: 4).playing(placed)
        let request = try RenderRequest(scene: scene, rate: FrameRate(numerator: 30)!)
        let pcm = try #require(try request.audioMix()).pcm()
        let onset = (0..<(pcm.count / 2)).first { abs(Int(pcm[2 * $0])) > 1000 }
        // The clip's beep at 1 s plays 0.5 s after the clip starts: at scene time 1.5 s.
        #expect(onset.map { abs($0 - 72_000) <= 48 } == true, "\(String(describing: onset))")
        // Twice as fast: the pitch kept (the beep is still 1 kHz), the next beep half a second on.
        let fast = VideoClip(clip.path).rate(2)
        let fastPCM = try #require(try RenderRequest(scene: Self.scene(fast, duration: 1.5).playing(fast), rate: FrameRate(numerator: 30)!).audioMix()).pcm()
        let beeps = stride(from: 0, to: fastPCM.count / 2 - 480, by: 480).filter { w in (0..<480).contains { abs(Int(fastPCM[2 * (w + $0)])) > 1000 } }
        #expect(beeps.first.map { $0 < 2400 } == true && beeps.contains { abs($0 - 24_000) < 2400 }, "\(beeps)")
    }

    @Test func aBadClipIsOneLineNamingIt() async throws {
        let dir = scratchDirectory()
        let missing = VideoClip(dir.appendingPathComponent("nope.mp4").path)
        let text = dir.appendingPathComponent("notes.mp4")
        try Data("not a video".utf8).write(to: text)
        for clip in [missing, VideoClip(text.path)] {
            let out = dir.appendingPathComponent("out.mp4")
            try Data("previous".utf8).write(to: out)
            let request = try RenderRequest(scene: Self.scene(clip, duration: 1), output: .mp4(out), rate: FrameRate(numerator: 10)!)
            #expect(throws: (any Error).self) { try Renderer(request: request).run() }
            do { try Renderer(request: request).run() } catch {
                #expect("\(error)".contains("video clip \(clip.path)") && !"\(error)".contains("\n"), "\(error)")
            }
            #expect(try String(contentsOf: out, encoding: .utf8) == "previous", "the previous output stays")
        }
        // Cut short half-way: the render fails naming the time, and leaves the previous output.
        let whole = dir.appendingPathComponent("whole.mp4"), cut = dir.appendingPathComponent("cut.mp4")
        try await Self.numberedClip(whole, extra: ["-c:v", "libx264", "-g", "10", "-pix_fmt", "yuv420p", "-movflags", "+faststart"])
        let bytes = try Data(contentsOf: whole)
        try bytes.prefix(bytes.count * 6 / 10).write(to: cut)
        let out = dir.appendingPathComponent("out2.mp4")
        try Data("previous".utf8).write(to: out)
        let request = try RenderRequest(scene: Self.scene(VideoClip(cut.path), duration: 3), output: .mp4(out), rate: FrameRate(numerator: 10)!)
        do { try Renderer(request: request).run(); Issue.record("a cut clip rendered") } catch {
            #expect("\(error)".contains("video clip \(cut.path)"), "\(error)")
        }
        #expect(try String(contentsOf: out, encoding: .utf8) == "previous")
    }

    @Test func swiftUIsVideoPlayerPlaysFromTheViewsAppearance() async throws {
        let dir = scratchDirectory()
        let clip = dir.appendingPathComponent("p.mp4")
        try await Self.numberedClip(clip, extra: ["-c:v", "libx264", "-g", "10", "-pix_fmt", "yuv420p", "-crf", "10"])
        let player = AVPlayer(url: clip)
        // The player's view appears at 1 s, filling a 160x90 window.
        let scene = Scene(name: "player", description: "", duration: 3, size: CGSize(width: 160, height: 90)) {
            TimelineView(.animation) { timeline in
                if timeline.date.timeIntervalSinceReferenceDate >= 1 {
                    VideoPlayer(player: player).frame(width: 160, height: 90)
                } else {
                    Color.black.frame(width: 160, height: 90)
                }
            }
        }
        let shown = try Self.shown(scene, fps: 30, frames: 30..<90)
        #expect(shown == Array(0..<60), "\(shown)")
    }

    @Test func animatedGIFAPNGAndWebPToo() async throws {
        let dir = scratchDirectory()
        for (name, codec) in [("n.gif", ["-c:v", "gif"]), ("n.apng", ["-c:v", "apng", "-plays", "0"]), ("n.webp", ["-c:v", "libwebp_anim", "-lossless", "1", "-loop", "0"])] {
            let url = dir.appendingPathComponent(name)
            try await Self.numberedClip(url, frames: 50, rate: "25", extra: codec)
            let shown = try Self.shown(Self.scene(VideoClip(url.path), duration: 2), fps: 50, frames: 0..<100)
            #expect(shown == (0..<100).map { $0 / 2 }, "\(name): \(shown)")
        }
    }
}
