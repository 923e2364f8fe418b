import Animate
import AnimateTestSupport
import AnimateCLI
import Foundation
import Testing

/// `animate new` as a user meets it: a package outside the repository, with a scene of the user's
/// own, built against this checkout, driven through its own command line.
@Suite(.serialized) struct NewProjectTests {
    @Test func aNewPackageBuildsAndRunsItsOwnScenes() async throws {
        let dir = scratchDirectory().appendingPathComponent("my-lessons")
        let created = try await run(animateBinary(), ["new", dir.path])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains("swift run -c release my-lessons intro -o intro.mp4"))
        let manifest = try String(contentsOf: dir.appendingPathComponent("Package.swift"), encoding: .utf8)
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        #expect(manifest.contains(".package(path: \"\(checkout.path)\")"))
        #expect(manifest.contains("package: \"\(checkout.lastPathComponent)\""))
        for file in ["README.md", ".gitignore", "Sources/MyLessonsScenes/Intro.swift", "Sources/my-lessons/main.swift",
                     "Tests/MyLessonsScenesTests/GoldenFrameTests.swift"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(file).path), "\(file)")
        }

        // A scene of the user's own, beside the example.
        try """
        import Animate

        public let orbit = Scene(name: "orbit", description: "A dot orbiting", duration: 2) { context, frame in
            let size = frame.size
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
            let angle = 2 * Double.pi * frame.progress
            let p = CGPoint(x: size.width / 2 + cos(angle) * size.height / 3, y: size.height / 2 + sin(angle) * size.height / 3)
            context.fill(Path(ellipseIn: CGRect(x: p.x - 10, y: p.y - 10, width: 20, height: 20)), with: .color(.red))
        }

        """.write(to: dir.appendingPathComponent("Sources/MyLessonsScenes/Orbit.swift"), atomically: true, encoding: .utf8)
        // A SwiftUI file pasted unchanged, its #Preview with it, and a scene showing its view.
        try """
        import SwiftUI

        struct Badge: View {
            var body: some View {
                Label("Lesson 1", systemImage: "star.fill").font(.largeTitle)
            }
        }

        #Preview {
            Badge()
        }

        public let badge = Scene(name: "badge", description: "A pasted view", duration: 1, size: CGSize(width: 320, height: 180)) { Badge() }

        """.write(to: dir.appendingPathComponent("Sources/MyLessonsScenes/Badge.swift"), atomically: true, encoding: .utf8)
        let list = dir.appendingPathComponent("Sources/MyLessonsScenes/Scenes.swift")
        try String(contentsOf: list, encoding: .utf8).replacingOccurrences(of: "    intro,\n", with: "    intro,\n    orbit,\n")
            .write(to: list, atomically: true, encoding: .utf8)

        let swift = try #require(which("swift"))
        let build = try await run(swift, ["build", "--product", "my-lessons"], currentDirectory: dir)
        try #require(build.status == 0, "\(build.stdout)\n\(build.stderr)")
        let tool = dir.appendingPathComponent(".build/debug/my-lessons").path
        // The user's package builds the shapes and caption it uses.
        let built = dir.appendingPathComponent(".build/debug")
        #expect(FileManager.default.fileExists(atPath: built.appendingPathComponent("AnimateShapes.build").path))

        let listed = try await run(tool, ["list"])
        #expect(listed.status == 0)
        #expect(listed.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) } == ["intro", "orbit"])
        #expect(manifest.contains("-load-plugin-library"))

        let render = try await run(tool, ["orbit", "--size", "320x180", "--fps", "30", "-o", "orbit.mp4", "--quiet"], currentDirectory: dir)
        #expect(render.status == 0, "\(render.stderr)")
        let info = try probe(dir.appendingPathComponent("orbit.mp4"))
        #expect(info["codec_name"] == "h264" && info["nb_read_frames"] == "60" && info["width"] == "320")

        let hash = try await run(tool, ["hash", "orbit", "--size", "160x90", "--step", "10", "-o", "Tests/Goldens/orbit.framemd5"],
                           currentDirectory: dir)
        #expect(hash.status == 0, "\(hash.stderr)")
        let verify = try await run(tool, ["verify", "Tests/Goldens/orbit.framemd5"], currentDirectory: dir)
        #expect(verify.status == 0 && verify.stdout.contains("12 frames match"), "\(verify.stdout)\(verify.stderr)")

        let sheet = try await run(tool, ["sheet", "orbit", "--columns", "3", "--rows", "2"], currentDirectory: dir)
        #expect(sheet.status == 0, "\(sheet.stderr)")
        let image = try Image(contentsOf: dir.appendingPathComponent("orbit-sheet.png"))
        #expect(image.width > 3 * 480 && image.height > 2 * 270)

        // The user's tool has the same rules and exit codes as animate.
        let unknown = try await run(tool, ["orbt", "--quiet"], currentDirectory: dir)
        #expect(unknown.status == 64 && unknown.stderr.contains("Did you mean 'orbit'?"))
        let odd = try await run(tool, ["orbit", "--size", "65x37", "-o", "x.mp4", "--quiet"], currentDirectory: dir)
        #expect(odd.status == 64 && odd.stderr.contains("needs an even width and height"))
        #expect(try await run(tool, ["new", "elsewhere"]).status == 64)   // `new` belongs to animate itself

        try await previewWatchFollowsEdits(tool: tool, package: dir)
    }

    /// `preview --watch` in the user's package: an edit is compiled and loaded into the running
    /// preview (no relink, no restart), and the open page shows the new frame at the same place
    /// without a manual reload, the same bytes a full build renders; a build error is shown in the
    /// page while the last good build keeps serving, and fixing it shows the fix.
    func previewWatchFollowsEdits(tool: String, package dir: URL) async throws {
        let log = dir.appendingPathComponent("preview-errors.txt")
        let preview = try PreviewProcess(["preview", "intro", "--watch", "--size", "160x90", "--fps", "30"], executable: tool,
                                         currentDirectory: dir, errors: log)
        let browser = try WebDriver()
        try browser.open(preview.url + "#scene=intro&frame=60&size=160x90&fps=30")
        func shown() throws -> [Any] {
            try browser.run("""
                const img = document.getElementById('frame');
                if (!img.naturalWidth || img.dataset.format !== 'png') return [null, null, null];
                const c = document.createElement('canvas'); c.width = img.naturalWidth; c.height = img.naturalHeight;
                const g = c.getContext('2d'); g.drawImage(img, 0, 0);
                return [img.dataset.frame, Array.from(g.getImageData(150, 80, 1, 1).data), document.getElementById('status').textContent];
                """) as? [Any] ?? []
        }
        try browser.waitUntil(seconds: 30) { try shown().first as? String == "60" }
        let before = try shown()[1] as? [Int]
        #expect(before != [255, 59, 48, 255])

        // The background becomes SwiftUI's red.
        let intro = dir.appendingPathComponent("Sources/MyLessonsScenes/Intro.swift")
        let source = try String(contentsOf: intro, encoding: .utf8)
        #expect(source.contains("[.indigo, .purple]"))
        try source.replacingOccurrences(of: "[.indigo, .purple]", with: "[.red, .red]").write(to: intro, atomically: true, encoding: .utf8)
        try browser.waitUntil(seconds: 300) {
            let now = try shown()
            return now.first as? String == "60" && now[1] as? [Int] == [255, 59, 48, 255]
        }
        try browser.screenshot().write(to: artifactDirectory().appendingPathComponent("preview-after-edit.png"))

        // A build error is shown in the page; the last good build keeps serving.
        try (source.replacingOccurrences(of: "[.indigo, .purple]", with: "[.red, .red]") + "\nlet broken = (\n")
            .write(to: intro, atomically: true, encoding: .utf8)
        try browser.waitUntil(seconds: 300) {
            (try browser.run("return document.getElementById('error').style.display === 'block' && document.getElementById('error-text').textContent") as? String)?
                .contains("Intro.swift:") == true
        }
        let title = try browser.run("return document.getElementById('error-title').textContent") as? String
        #expect(title?.hasPrefix("Build failed") == true)
        let (_, status) = try fetch(preview.url + "scenes/intro/frames/3.png?size=160x90")
        #expect(status == 200)
        try browser.screenshot().write(to: artifactDirectory().appendingPathComponent("preview-build-error.png"))

        // Fixed: the page shows the fix, still without a restart.
        try source.replacingOccurrences(of: "[.indigo, .purple]", with: "[.red, .blue]").write(to: intro, atomically: true, encoding: .utf8)
        try browser.waitUntil(seconds: 300) {
            let display = try browser.run("return document.getElementById('error').style.display") as? String
            let status = try shown()[2] as? String
            return display != "block" && status == "live"
        }
        let (reloaded, _) = try fetch(preview.url + "scenes/intro/frames/60.png?size=160x90&fps=30")
        #expect(preview.stop() == 0)
        let said = try String(contentsOf: log, encoding: .utf8)
        #expect(said.components(separatedBy: "preview: Reloaded MyLessonsScenes").count == 3, "two reloads, no restart: \(said)")

        // The same bytes as the package built whole and rendered.
        let swift = try #require(which("swift"))
        let build = try await run(swift, ["build", "--product", "my-lessons"], currentDirectory: dir)
        try #require(build.status == 0, "\(build.stdout)\n\(build.stderr)")
        let full = dir.appendingPathComponent("full-60.png")
        let render = try await run(tool, ["intro", "--frames", "60..60", "--size", "160x90", "--fps", "30", "-o", full.path, "--quiet"])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try Data(contentsOf: full) == reloaded)
    }

    @Test func newRefusesAFolderInUseAndBadNames() async throws {
        let dir = scratchDirectory()
        try Data("x".utf8).write(to: dir.appendingPathComponent("keep.txt"))
        let busy = try await run(animateBinary(), ["new", dir.path])
        #expect(busy.status == 1 && busy.stderr.contains("exists and is not empty"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["keep.txt"])
        let badName = try await run(animateBinary(), ["new", dir.appendingPathComponent("9 lives").path])
        #expect(badName.status == 64 && badName.stderr.contains("cannot name a package"))
        let both = try await run(animateBinary(), ["new", dir.appendingPathComponent("x").path, "--package-path", "/a", "--package-url", "https://b"])
        #expect(both.status == 64)
    }

    @Test func aGitDependencyNamesThePackageByItsRepository() throws {
        let template = try ProjectTemplate(name: "lessons", dependency: .git("https://example.org/team/animate.git"))
        let manifest = try #require(template.files.first { $0.path == "Package.swift" }).text
        #expect(manifest.contains(".package(url: \"https://example.org/team/animate.git\", branch: \"main\")"))
        #expect(manifest.contains("package: \"animate\""))
    }
}
