import AnimateTestSupport
import AnimateVideo
import Foundation
import Testing

/// `animate Lesson.swift`: a single file is a lesson, compiled against the tool's own modules into
/// a library it loads (kept in a cache by content), its scenes rendered like the built-in ones.
@Suite(.serialized) struct LessonFileTests {
    let binary = animateBinary()

    /// Runs the tool with its lesson cache in `cache`.
    func animate(_ args: [String], in dir: URL, cache: URL) async throws -> (status: Int32, stdout: String, stderr: String) {
        try await run("/usr/bin/env", ["XDG_CACHE_HOME=\(cache.path)", binary] + args, currentDirectory: dir, timeLimit: 600)
    }

    static let lesson = """
        import Animate

        /// A square that grows, then a storyboard: two scenes in one file.
        let grow = Scene(name: "grow", description: "A square grows", duration: 1, size: CGSize(width: 320, height: 180)) { context, frame in
            let side = 20 + 100 * frame.progress
            context.fill(Path(CGRect(x: 160 - side / 2, y: 90 - side / 2, width: side, height: side)), with: .color(.orange))
        }

        let words = Scene(name: "words", description: "A word written") { s in
            let word = s.add(Text("Hello").font(.system(size: 120)), at: CGPoint(x: 960, y: 540))
            s.play(.write(word), duration: 1)
        }

        /// A whole SwiftUI view: a circle that grows with `withAnimation` from `onAppear`.
        struct Badge: View {
            @State private var scale = 0.2
            var body: some View {
                VStack(spacing: 8) {
                    Circle().fill(Color.orange).frame(width: 100, height: 100).scaleEffect(scale)
                    Text("Badge").font(.title).foregroundColor(.white)
                }
                .onAppear { withAnimation(.easeInOut(duration: 1)) { scale = 1 } }
            }
        }

        let badge = Scene(name: "badge", description: "A SwiftUI view", duration: 2, size: CGSize(width: 320, height: 180), background: .black) {
            Badge()
        }

        let notAScene = 42
        """

    @Test func rendersItsScenesAndCompilesOnce() async throws {
        let dir = scratchDirectory(), cache = scratchDirectory()
        try Self.lesson.write(to: dir.appendingPathComponent("Lesson.swift"), atomically: true, encoding: .utf8)
        let list = try await animate(["list", "Lesson.swift"], in: dir, cache: cache)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) } == ["grow", "words", "badge"])
        // Its only or first scene when none is named; a named one otherwise.
        let first = try await animate(["Lesson.swift", "-o", "grow.mp4", "--fps", "10"], in: dir, cache: cache)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("grow.mp4").path))
        let libraries = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("animate/lessons").path)
        #expect(libraries.filter { $0.hasSuffix(".so") }.count == 1)
        let stamp = try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent("animate/lessons/" + libraries[0]).path)[.modificationDate] as? Date
        let second = try await animate(["Lesson.swift", "words", "-o", "words.mp4", "--fps", "10", "--size", "320x180"], in: dir, cache: cache)
        #expect(second.status == 0, "\(second.stderr)")
        // The second run loaded the library the first compiled.
        let after = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("animate/lessons").path)
        #expect(after == libraries)
        #expect(try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent("animate/lessons/" + libraries[0]).path)[.modificationDate] as? Date == stamp)
        let probe = try await run("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", dir.appendingPathComponent("grow.mp4").path])
        #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "320,180")
        // The SwiftUI view, laid out and animated: the circle small at the start, full size after its animation.
        for (index, expected) in [(0, 20), (90, 100)] {
            let still = try await animate(["Lesson.swift", "badge", "--frames", "\(index)..\(index)", "-o", "badge\(index).png"], in: dir, cache: cache)
            #expect(still.status == 0, "\(still.stderr)")
            let picture = try ImageDecoder.decode([UInt8](Data(contentsOf: dir.appendingPathComponent("badge\(index).png"))))
            // The orange circle's width: its widest row.
            var widest = 0
            for y in 0..<picture.height {
                let orange = (0..<picture.width).filter { x in
                    let p = (y * picture.width + x) * 4
                    return picture.rgba[p] > 200 && picture.rgba[p + 1] > 100 && picture.rgba[p + 1] < 200 && picture.rgba[p + 2] < 80
                }.count
                widest = max(widest, orange)
            }
            #expect(abs(widest - expected) <= 3, "frame \(index): the circle is \(widest) px wide")
        }
    }

    /// Golden hashes of a lesson file's scene: `hash` and `verify` read the lesson as every other
    /// command does, and an edit to the file is caught.
    @Test func hashAndVerifyALessonsScene() async throws {
        let dir = scratchDirectory(), cache = scratchDirectory()
        let file = dir.appendingPathComponent("Lesson.swift")
        try Self.lesson.write(to: file, atomically: true, encoding: .utf8)
        let hash = try await animate(["hash", "Lesson.swift", "grow", "--fps", "10", "-o", "grow.framemd5"], in: dir, cache: cache)
        #expect(hash.status == 0, "\(hash.stderr)")
        let same = try await animate(["verify", "Lesson.swift", "grow.framemd5"], in: dir, cache: cache)
        #expect(same.status == 0 && same.stdout == "10 frames match grow.framemd5\n", "\(same.stdout) \(same.stderr)")
        try Self.lesson.replacingOccurrences(of: ".color(.orange)", with: ".color(.red)").write(to: file, atomically: true, encoding: .utf8)
        let changed = try await animate(["verify", "Lesson.swift", "grow.framemd5"], in: dir, cache: cache)
        #expect(changed.status == 1 && changed.stdout.hasSuffix("10 of 10 frames differ from grow.framemd5\n"), "\(changed.stdout) \(changed.stderr)")
        // Without the lesson, the manifest's scene is not one the tool knows.
        let alone = try await animate(["verify", "grow.framemd5"], in: dir, cache: cache)
        #expect(alone.status == 1 && alone.stderr.contains("grow"), "\(alone.stderr)")
    }

    @Test func aMistakeIsReportedWithItsFileAndLine() async throws {
        let dir = scratchDirectory(), cache = scratchDirectory()
        let line = Self.lesson.split(separator: "\n", omittingEmptySubsequences: false).count + 1
        try (Self.lesson + "\nlet total: Int = \"three\"\n").write(to: dir.appendingPathComponent("Broken.swift"), atomically: true, encoding: .utf8)
        let r = try await animate(["Broken.swift", "-o", "out.mp4"], in: dir, cache: cache)
        #expect(r.status == 1)
        // The compiler's own report, with the file's line, then one line of ours.
        #expect(r.stderr.contains("Broken.swift:\(line):"), "\(r.stderr)")
        #expect(r.stderr.contains("cannot convert value of type 'String'"), "\(r.stderr)")
        #expect(r.stderr.hasSuffix("error: Broken.swift did not compile (the compiler's report is above)\n"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.mp4").path))
    }

    /// A mistake the compiler first blames on the closure's arity (it also tried the view
    /// scene's closure) is reported where it is, from a second compile with typed parameters.
    @Test func aMistakeInADrawingClosureIsReportedWhereItIs() async throws {
        let dir = scratchDirectory(), cache = scratchDirectory()
        try """
            import Animate

            let wave = Scene(name: "wave", description: "A wave", duration: 2) { context, frame in
                let r = frame.progress * 100
                context.fill(Path(CGRect(x: 0, y: 0, width: r, height: r)), with: .color(.blu))
            }
            """.write(to: dir.appendingPathComponent("Broken.swift"), atomically: true, encoding: .utf8)
        let r = try await animate(["Broken.swift", "-o", "out.mp4"], in: dir, cache: cache)
        #expect(r.status == 1)
        #expect(!r.stderr.contains("expects 0 arguments"), "\(r.stderr)")
        #expect(r.stderr.contains("\(dir.path)/Broken.swift:5:"), "the real mistake, at its line in the user's file: \(r.stderr)")
        #expect(r.stderr.contains("blu"), "\(r.stderr)")
        #expect(!r.stderr.contains("retyped"), "no scratch path: \(r.stderr)")
        #expect(r.stderr.contains("note: the drawing closure at Broken.swift:3 compiled again with typed parameters"), "\(r.stderr)")
        #expect(r.stderr.hasSuffix("error: Broken.swift did not compile (the compiler's report is above)\n"), "\(r.stderr)")
    }

    @Test func aFileWithoutScenesOrThatIsMissingIsOneClearLine() async throws {
        let dir = scratchDirectory(), cache = scratchDirectory()
        try "import Animate\nlet answer = 42\n".write(to: dir.appendingPathComponent("Empty.swift"), atomically: true, encoding: .utf8)
        let empty = try await animate(["Empty.swift", "-o", "out.mp4"], in: dir, cache: cache)
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("declares no scene"), "\(empty.stderr)")
        let missing = try await animate(["Nowhere.swift", "-o", "out.mp4"], in: dir, cache: cache)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot read") && missing.stderr.contains("Nowhere.swift"), "\(missing.stderr)")
        #expect(missing.stderr.split(separator: "\n").count == 1)
    }

    /// `preview Lesson.swift --watch`: a saved edit is compiled and shown; a mistake leaves the
    /// last good scenes served.
    @Test func thePreviewWatchesTheLesson() async throws {
        let dir = scratchDirectory(), cache = scratchDirectory()
        let file = dir.appendingPathComponent("Lesson.swift")
        try Self.lesson.write(to: file, atomically: true, encoding: .utf8)
        let preview = try PreviewProcess(["XDG_CACHE_HOME=\(cache.path)", binary, "preview", "Lesson.swift", "--watch"],
                                         executable: "/usr/bin/env", currentDirectory: dir)
        func described(_ text: String) throws -> Bool {
            String(decoding: try fetch(preview.url + "scenes").0, as: UTF8.self).contains("\"description\":\"\(text)\"")
        }
        #expect(try described("A square grows"))
        try Self.lesson.replacingOccurrences(of: "A square grows", with: "A square grows slowly").write(to: file, atomically: true, encoding: .utf8)
        var reloaded = false
        for _ in 0..<300 where !reloaded {
            try await Task.sleep(nanoseconds: 100_000_000)
            reloaded = try described("A square grows slowly")
        }
        #expect(reloaded, "the edit was not shown within 30 s")
        try (Self.lesson + "\nlet total: Int = \"three\"\n").write(to: file, atomically: true, encoding: .utf8)
        try await Task.sleep(nanoseconds: 3_000_000_000)
        #expect(try described("A square grows slowly"))
        #expect(preview.stop() == 0)
    }
}
