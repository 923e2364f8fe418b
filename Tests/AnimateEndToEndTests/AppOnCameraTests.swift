import Animate
import AnimateTestSupport
import Foundation
import Testing

/// SwiftUI files run as apps, as a teacher renders them with the tool: playground listings as
/// printed, timers and delayed work on the scene's clock (through the lesson's own compile), a
/// scripted user from the file or from `--touches`; the same frames alone, in order and on any
/// number of threads.
@Suite(.serialized) struct AppOnCameraTests {
    let binary = animateBinary()
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Playground")

    func animate(_ args: [String], in dir: URL, cache: URL) async throws -> (status: Int32, stdout: String, stderr: String) {
        try await run("/usr/bin/env", ["XDG_CACHE_HOME=\(cache.path)", binary] + args, currentDirectory: dir, timeLimit: 600)
    }

    /// The frame hashes `hash` prints (index → MD5), for `args`.
    func hashes(_ args: [String], in dir: URL, cache: URL) async throws -> [Int: String] {
        let r = try await animate(["hash"] + args, in: dir, cache: cache)
        #expect(r.status == 0, "\(r.stderr)")
        var found: [Int: String] = [:]
        for line in r.stdout.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if fields.count == 6, let index = Int(fields[1]) { found[index] = fields[5] }
        }
        return found
    }

    /// Listings copied from the seed tutorials, `import PlaygroundSupport` and the page's
    /// `setLiveView` line as printed (one indented as its note prints it), render as they are.
    @Test(arguments: ["Carousel.swift", "Transform.swift"])
    func playgroundListingsRenderAsPrinted(listing: String) async throws {
        let dir = scratchDirectory(), cache = scratchDirectory()
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(listing), to: dir.appendingPathComponent(listing))
        let r = try await animate(["render", listing, "--at", "0.5", "--size", "390x844", "-o", "still.png", "--quiet"], in: dir, cache: cache)
        #expect(r.status == 0, "\(listing): \(r.stderr)")
        let image = try Image(contentsOf: dir.appendingPathComponent("still.png"))
        #expect(image.width == 390 && image.height == 844)
    }

    /// The carousel listing, unchanged, used by a scripted user from a file: a fast drag moves the
    /// page and leaves it (the lesson's own `onEnded` keeps a fast one), frames the same drawn alone,
    /// in order, and on one thread or two.
    @Test func aListingIsUsedByATouchTrackFromAFile() async throws {
        let dir = scratchDirectory(), cache = scratchDirectory()
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("Carousel.swift"), to: dir.appendingPathComponent("Carousel.swift"))
        try Data(#"{"steps": [{"wait": 0.5}, {"drag": {"from": [300, 422], "by": [-200, 0], "duration": 0.2}}]}"#.utf8)
            .write(to: dir.appendingPathComponent("swipe.json"))
        let common = ["Carousel.swift", "--touches", "swipe.json", "--size", "195x422", "--fps", "20", "--duration", "2"]
        let one = try await hashes(common + ["--threads", "1"], in: dir, cache: cache)
        let two = try await hashes(common + ["--threads", "2"], in: dir, cache: cache)
        #expect(one.count == 40 && one == two)
        #expect(one[5] != one[20], "the drag moved the page")
        #expect(one[20] == one[39], "a fast drag leaves the page where it went")
        for k in [12, 30] {
            let alone = try await hashes(common + ["--frames", "\(k)..\(k)"], in: dir, cache: cache)
            #expect(alone[k] == one[k], "frame \(k) alone")
        }
        // A bad track is one line naming the step.
        try Data(#"[{"wait": 1}, {"tap": 7}]"#.utf8).write(to: dir.appendingPathComponent("bad.json"))
        let bad = try await animate(["render", "Carousel.swift", "--touches", "bad.json", "-o", "x.png"], in: dir, cache: cache)
        #expect(bad.status == 1 && bad.stderr == "error: bad.json: step 2: \"tap\" must be a view's label or a point [x, y]\n", "\(bad.stderr)")
        let notAView = try await animate(["render", "hexagons", "--touches", "swipe.json", "-o", "x.png"], in: dir, cache: cache)
        #expect(notAView.status == 64, "\(notAView.stderr)")
    }

    static let clockLesson = """
        import SwiftUI

        struct Clock: View {
            @State private var tenths = 0
            @State private var late = 0
            var body: some View {
                ZStack(alignment: .topLeading) {
                    Color.white
                    Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 10, height: 10)
                        .offset(x: CGFloat(tenths * 10), y: CGFloat(late * 20))
                }
                .onAppear {
                    Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { timer in
                        tenths += 1
                        if tenths == 10 { timer.invalidate() }
                    }
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1.5, qos: .userInitiated) { late = 1 }
                }
            }
        }

        """

    /// `Timer.scheduledTimer` and `asyncAfter(deadline:qos:)` in a lesson file run on the scene's
    /// clock (the lesson's compile puts them there): ten tenths, then the timer stops; the late
    /// work at 1.5 s.
    @Test func timersAndDelayedWorkInALessonRunOnSceneTime() async throws {
        let dir = scratchDirectory(), cache = scratchDirectory()
        try Data(Self.clockLesson.utf8).write(to: dir.appendingPathComponent("Clock.swift"))
        func square(at time: Double) async throws -> (x: Int, y: Int)? {
            let still = dir.appendingPathComponent("s\(time).png")
            let r = try await animate(["render", "Clock.swift", "--size", "390x844", "--at", String(time), "-o", still.lastPathComponent, "--quiet"],
                                      in: dir, cache: cache)
            #expect(r.status == 0, "\(r.stderr)")
            let image = try Image(contentsOf: still)
            for y in 0..<100 { for x in 0..<200 {
                let i = (y * image.width + x) * 4
                if image.rgba[i] > 200 && image.rgba[i + 1] < 60 { return (x, y) }
            } }
            return nil
        }
        let early = try await square(at: 0.55), done = try await square(at: 1.3), late = try await square(at: 1.6)
        #expect(early?.x == 50 && early?.y == 0, "\(String(describing: early))")
        #expect(done?.x == 100 && done?.y == 0, "\(String(describing: done))")
        #expect(late?.x == 100 && late?.y == 20, "\(String(describing: late))")
    }
}
