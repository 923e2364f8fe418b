import Animate
import Foundation

/// A lesson with video in it: a screen recording of a render in a terminal beside the lesson
/// file it runs, a zoom into its progress line, and the video it made in a corner (picture in
/// picture). Both clips are made by animate itself the first time the lesson is drawn (kept in
/// `~/.cache/animate/clips`), so the lesson needs no file from outside.
var screenRecording: Scene {
    // Room after each line for the description of what it shows.
    let narration = Narration(start: 0.4, pause: 0.4, [
        .speech("Here is the lesson file, and a recording of it being rendered.", pause: 3.4),
        .speech("The progress line counts the frames as they are drawn.", pause: 3.2),
        "And here is the video it made.",
    ])
    return Scene(name: "screen-recording", description: "A screen recording beside its code, a zoom into it, the result in a corner",
                 narration: narration, background: Color(red: 0.96, green: 0.96, blue: 0.97), tail: 1) { s in
        // Made the first time they are drawn or heard (not when the lesson is listed or timed).
        let terminal = RecordedClips.terminal(), result = RecordedClips.hexagons()
        let code = CodeBlock("""
            import Animate

            let hexagons = Scene(name: "hexagons",
                                 description: "A turning honeycomb",
                                 duration: 8) { context, frame in
                // ...
            }
            """, language: .swift, fontSize: 24)
        let listing = s.add(code, at: CGPoint(x: 470, y: 420))
        s.wait(until: narration.start(of: 0))
        s.play(.typewriter(listing), duration: 1.5, describe: "A Swift lesson file, and a terminal beside it.")
        // The recording plays from the moment it appears, in a window on the right.
        let window = CGRect(x: 960, y: 260, width: 880, height: 495)
        let frame = s.add(Rectangle(), in: window.insetBy(dx: -6, dy: -6), fill: Color(white: 0.2), visible: true)
        _ = frame
        // It waits on its first frame (an empty prompt) and starts so that its progress line
        // fills while the voice talks about it.
        let recording = s.add(terminal.starting(at: max(0, narration.start(of: 1) - 2.6 - s.now)), in: window)
        s.wait(until: narration.start(of: 1))
        // The progress line, near the bottom of the recording: framed by the camera.
        let detail = s.add(Rectangle(), in: CGRect(x: window.minX + 12, y: window.minY + window.height * 0.22,
                                                       width: window.width * 0.8, height: window.height * 0.11),
                           stroke: Color(hex: 0xE0A020), lineWidth: 4)
        s.play(.create(detail), duration: 0.6)
        s.play(.camera(frame: detail, margin: 80), duration: 1.2, describe: "The view closes in on the recording's progress line.")
        s.wait(until: narration.end(of: 1))
        s.play(.camera(zoom: 1), .camera(lookAt: s.center), .fadeOut(detail), duration: 1)
        s.wait(until: narration.start(of: 2))
        // Picture in picture: the video the render made, small in the lower right corner.
        let pip = CGRect(x: 1440, y: 800, width: 400, height: 225)
        let corner = s.add(Rectangle(), in: pip.insetBy(dx: -4, dy: -4), fill: .white)
        let made = s.add(result, in: pip, visible: false)
        s.play(.fadeIn(corner), .fadeIn(made), duration: 0.6, describe: "The honeycomb video plays in the corner.")
        _ = recording
        s.wait(3.5)
    }
}

/// The clips the screen-recording lesson shows, rendered by animate into its cache once.
enum RecordedClips {
    static var folder: URL {
        let base = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".cache")
        return base.appendingPathComponent("animate/clips")
    }

    /// A terminal typing a render command and showing its progress, as a 960x540 30 fps MP4.
    static func terminal() -> VideoClip {
        clip("terminal-v1.mp4", scene: { terminalSession }, size: FrameSize(width: 960, height: 540), fps: 30)
    }

    /// The hexagons scene, 4 s of it at 480x270.
    static func hexagons() -> VideoClip {
        clip("hexagons-v1.mp4", scene: { BuiltinScenes.named("hexagons")! }, size: FrameSize(width: 480, height: 270), fps: 30, duration: 4)
    }

    /// The clip `name` in the cache, rendered from `scene` when first opened if it is not there:
    /// one thread encoding, so the file is the same bytes on any machine.
    private static func clip(_ name: String, scene: @escaping @Sendable () -> Scene, size: FrameSize, fps: Int, duration: Double? = nil) -> VideoClip {
        let url = folder.appendingPathComponent(name)
        return VideoClip(url.path) {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // A failure leaves no file: drawing the clip then fails, naming it.
            guard let request = try? RenderRequest(scene: scene(), output: .mp4(url), size: size, rate: FrameRate(numerator: fps)!, duration: duration,
                                                   threads: 1, encoding: EncodingSettings(quality: .high, encoderThreads: 1)) else { return }
            _ = try? Renderer(request: request).run()
        }
    }

    /// The terminal session: the command typed, then the render's progress line filling.
    static let terminalSession = Scene(name: "terminal", description: "", duration: 6, size: CGSize(width: 960, height: 540)) { context, frame in
        let t = frame.time, size = frame.size, unit = size.width / 960
        context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color(red: 0.11, green: 0.12, blue: 0.14)))
        let font = Font.system(size: 22 * unit, design: .monospaced)
        func line(_ text: String, _ row: Int, _ color: Color = Color(white: 0.88)) {
            context.draw(Text(text).font(font).foregroundColor(color), at: CGPoint(x: 28 * unit, y: (40 + 36 * CGFloat(row)) * unit), anchor: .leading)
        }
        let command = "animate Lesson.swift -o hexagons.mp4"
        let typed = min(command.count, max(0, Int((t - 0.3) * 22)))
        line("$ " + command.prefix(typed) + (t.truncatingRemainder(dividingBy: 1) < 0.5 && typed < command.count ? "▌" : ""), 0, Color(red: 0.55, green: 0.85, blue: 0.55))
        guard t > 2.2 else { return }
        line("compiling Lesson.swift", 1, Color(white: 0.6))
        guard t > 2.8 else { return }
        let done = min(1, (t - 2.8) / 2.5)
        let frames = Int(done * 480)
        let bar = String(repeating: "█", count: Int(done * 24)) + String(repeating: "░", count: 24 - Int(done * 24))
        line("hexagons: \(bar) \(frames)/480 frames", 3)
        if done >= 1 { line("hexagons: 480 frames (8.00 s at 60 fps) → hexagons.mp4", 5, Color(red: 0.55, green: 0.75, blue: 1)) }
    }
}
