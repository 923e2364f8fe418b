public import Foundation

/// A ready SwiftPM package of the user's own: an example scene in a library target, an
/// executable that is the full command line for its scenes, a golden-hash test, a README and a
/// .gitignore. What `animate new <dir>` writes.
public struct ProjectTemplate: Sendable {
    /// Where the package gets animate from.
    public enum Dependency: Hashable, Sendable {
        /// A checkout on this machine. SwiftPM names a path dependency after its folder.
        case path(String)
        /// A git repository, by URL, on its main branch.
        case git(String)

        /// The package identity products are referred to by.
        var identity: String {
            switch self {
            case .path(let path): return URL(fileURLWithPath: path).lastPathComponent
            case .git(let url):
                let last = URL(string: url)?.lastPathComponent ?? url
                return last.hasSuffix(".git") ? String(last.dropLast(4)) : last
            }
        }
    }

    /// The package name, which is also the executable's name.
    public let name: String
    /// The Swift module holding the scenes: the name in UpperCamelCase plus `Scenes`.
    public let scenesModule: String
    public let dependency: Dependency
    /// The git URL shown as the alternative to a path dependency, when one is known.
    public let gitURL: String?
    /// The `#Preview` compiler plugin the scenes target loads, so SwiftUI files with previews
    /// compile as they are (built by the checkout's tool; none for a git dependency).
    public var previewPlugin: String?

    /// A template for a package called `name` (letters, digits, `-` and `_`, starting with a letter).
    public init(name: String, dependency: Dependency, gitURL: String? = nil) throws {
        guard let first = name.unicodeScalars.first, CharacterSet.letters.contains(first),
              name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }) else {
            throw ProjectError.badName(name)
        }
        self.name = name
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" })
        scenesModule = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Scenes"
        self.dependency = dependency
        if case .git(let url) = dependency { self.gitURL = url } else { self.gitURL = gitURL }
    }

    /// The checkout this tool was built from, if it is still there: its root folder.
    public static var builtFromCheckout: URL? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        guard let manifest = try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8),
              manifest.contains("name: \"animate\"") else { return nil }
        return root
    }

    /// The `origin` URL of a git checkout, if it has one.
    public static func originURL(ofCheckout root: URL) -> String? {
        guard let config = try? String(contentsOf: root.appendingPathComponent(".git/config"), encoding: .utf8) else { return nil }
        var inOrigin = false
        for line in config.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("[") { inOrigin = line == "[remote \"origin\"]" }
            else if inOrigin, line.hasPrefix("url") , let eq = line.firstIndex(of: "=") {
                return line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// Writes the package into `directory`, which must not exist or be empty.
    public func write(to directory: URL) throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw ProjectError.fileInTheWay(path: directory.path) }
            guard try fm.contentsOfDirectory(atPath: directory.path).isEmpty else {
                throw ProjectError.folderNotEmpty(path: directory.path)
            }
        }
        for (path, text) in files {
            let url = directory.appendingPathComponent(path)
            do {
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            } catch {
                throw ProjectError.cannotWrite(path: url.path, reason: (error as NSError).localizedDescription)
            }
        }
    }

    /// Every file of the package, by relative path.
    public var files: [(path: String, text: String)] {
        [("Package.swift", packageManifest),
         ("Sources/\(scenesModule)/Intro.swift", introScene),
         ("Sources/\(scenesModule)/Scenes.swift", sceneList),
         ("Sources/\(name)/main.swift", mainFile),
         ("Tests/\(scenesModule)Tests/GoldenFrameTests.swift", goldenTest),
         ("Tests/Goldens/README.md", goldensReadme),
         (".gitignore", gitignore),
         ("README.md", readme)]
    }

    private var packageLine: String {
        switch dependency {
        case .path(let path): return ".package(path: \(quoted(path)))"
        case .git(let url): return ".package(url: \(quoted(url)), branch: \"main\")"
        }
    }

    private var alternativeLines: String {
        switch dependency {
        case .path(let path):
            let url = gitURL.map(quoted) ?? "\"<animate's git URL>\""
            return """
                    // animate from the checkout at \(path). SwiftPM names a path dependency after its
                    // folder, so the products below say package: \(quoted(dependency.identity)).
                    // To use its git repository instead, swap the line for the one below and say
                    // package: "animate" in the products:
                    // .package(url: \(url), branch: "main"),
            """
        case .git:
            return """
                    // animate from its git repository. To use a checkout on this machine instead, swap
                    // the line for `.package(path: "/path/to/animate")` and name the products' package
                    // after that folder (SwiftPM names a path dependency after its folder).
            """
        }
    }

    /// The scenes target's settings that load the `#Preview` plugin, if there is one.
    private var previewSettings: String {
        guard let previewPlugin else { return "" }
        return ",\n            swiftSettings: [\n"
            + "                // `#Preview` in views pasted from Xcode: the compiler plugin animate's checkout built.\n"
            + "                .unsafeFlags([\"-load-plugin-library\", \(quoted(previewPlugin))]),\n"
            + "            ]"
    }

    var packageManifest: String {
        let package = quoted(dependency.identity)
        return """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: \(quoted(name)),
            dependencies: [
        \(alternativeLines)
                \(packageLine),
            ],
            targets: [
                // Your scenes: one file each, listed in Scenes.swift.
                .target(name: \(quoted(scenesModule)), dependencies: [
                    .product(name: "Animate", package: \(package)),
                    .product(name: "AnimateShapes", package: \(package)),
                    // `import SwiftUI`, `import UIKit`, `import CoreGraphics` in views pasted from Xcode.
                    .product(name: "SwiftUI", package: \(package)),
                ]\(previewSettings)),
                // The command line for your scenes: render, list, preview, sheet, hash, verify, concat, --shard.
                .executableTarget(name: \(quoted(name)), dependencies: [
                    \(quoted(scenesModule)),
                    .product(name: "AnimateCLI", package: \(package)),
                    .product(name: "AnimatePreview", package: \(package)),
                ], linkerSettings: [
                    // Lets `preview --watch` load your edited scenes into the running preview
                    // instead of relinking and restarting the whole tool.
                    .unsafeFlags(["-Xlinker", "--export-dynamic"]),
                ]),
                // Checks your scenes' frames against the manifests in Tests/Goldens.
                .testTarget(name: \(quoted(scenesModule + "Tests")), dependencies: [
                    \(quoted(scenesModule)),
                    .product(name: "Animate", package: \(package)),
                ]),
            ]
        )

        """
    }

    var introScene: String {
        """
        import Animate
        import AnimateShapes

        /// A first scene: a star springs in and turns over a gradient, under a caption. Layout
        /// follows the frame size, so any --size works; motion follows time in seconds, so any --fps works.
        public let intro = Scene(name: "intro", description: "A star springs in and turns under a caption", duration: 4) { context, frame in
            let size = frame.size
            // Paint every pixel: undrawn pixels are transparent, which MP4 shows as black.
            context.fill(Path(CGRect(origin: .zero, size: size)),
                         with: .linearGradient(Gradient(colors: [.indigo, .purple]), startPoint: .zero,
                                               endPoint: CGPoint(x: size.width, y: size.height)))
            let grow = Motion.tween(from: 0.0, to: 1, duration: 1.2, easing: .spring(Spring()))
            let radius = size.height * 0.3 * grow.value(at: frame.time)
            var star = context
            star.translateBy(x: size.width / 2, y: size.height * 0.55)
            star.rotate(by: .degrees(72 * frame.progress))
            star.fill(Star(5, ratio: 0.45).path(in: CGRect(x: -radius, y: -radius, width: 2 * radius, height: 2 * radius)),
                      with: .radialGradient(Gradient(colors: [.yellow, .orange]), center: .zero, startRadius: 0, endRadius: radius))
            Caption.draw("Lesson 1", subtitle: "a star", in: context, size: size, dark: true)
        }

        """
    }

    var sceneList: String {
        """
        import Animate

        /// Every scene of this package, in the order `list` shows them. Add yours here.
        public let scenes: [Scene] = [
            intro,
        ]

        """
    }

    var mainFile: String {
        """
        import AnimateCLI
        import AnimatePreview
        import \(scenesModule)

        // The full command line (render, list, preview, sheet, hash, verify, concat) for this package's scenes.
        AnimateCLI.main(scenes: scenes, commands: [PreviewCommand.self])

        """
    }

    var goldenTest: String {
        """
        import Animate
        import Foundation
        import Testing
        import \(scenesModule)

        /// Re-renders the frames of every manifest in Tests/Goldens and compares their hashes, so a
        /// change to a scene (or to animate) that changes its pictures is caught.
        @Test func framesMatchTheGoldens() throws {
            let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Goldens")
            let manifests = try FileManager.default.contentsOfDirectory(at: goldens, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "framemd5" }
            try #require(!manifests.isEmpty, "Record a manifest first: swift run -c release \(name) hash intro --size 320x180 --step 30 -o Tests/Goldens/intro.framemd5")
            for url in manifests {
                let manifest = try FrameManifest(contentsOf: url)
                let scene = try SceneCatalog(scenes).scene(named: manifest.scene)
                let mismatches = try FrameVerifier(manifest: manifest, scene: scene).run()
                #expect(mismatches.isEmpty, "\\(url.lastPathComponent): frames \\(mismatches.map(\\.index)) differ; see `\(name) verify \\(url.path) --diff diffs`")
            }
        }

        """
    }

    var goldensReadme: String {
        """
        Frame-hash manifests (`\(name) hash <scene> ... -o Tests/Goldens/<scene>.framemd5`), checked by `swift test`.

        """
    }

    var gitignore: String {
        """
        .build/
        .swiftpm/
        /diffs/
        *.mp4
        *.gif
        *-sheet.png

        """
    }

    var readme: String {
        """
        # \(name)

        Lesson videos drawn with [animate](\(gitURL ?? "https://swift.org")): scenes in `Sources/\(scenesModule)/`,
        the command line in `Sources/\(name)/`.

        ## Three commands

        ```sh
        swift run -c release \(name) preview intro --watch --open   # scrub and play it in a browser, rebuilt as you edit
        swift run -c release \(name) intro -o intro.mp4             # render a scene to MP4 (or .gif, .png, frame_%05d.png)
        swift run -c release \(name) hash intro --size 320x180 --step 30 -o Tests/Goldens/intro.framemd5 && swift test
        ```

        The third records the scene's frame hashes; from then on `swift test` fails when its pictures change
        (`swift run -c release \(name) verify Tests/Goldens/intro.framemd5 --diff diffs` shows where).
        `swift run -c release \(name) --help` lists everything else: `list`, `sheet` (a grid of frames),
        `--size`, `--fps`, `--frames`, `--shard` and `concat`, `--quality`.

        ## Add a scene

        Write `Sources/\(scenesModule)/MyScene.swift` with `public let myScene = Scene(name: "my-scene", ...)`
        (see `Intro.swift`) and add `myScene` to the list in `Scenes.swift`.

        ## Add a voice

        Give a scene a narration and let its words set the timing; the MP4 gets the voice as AAC:

        ```swift
        let voice = Narration(voice: .english, ["This is a star.", "It has five points."])   // or Voice("cmn"), Voice("fr")...
        public let star = Scene(name: "star", description: "A narrated star", duration: 6) { context, frame in
            let grow = progress(of: frame.time, in: voice.start(of: 0)...(voice.start(of: 0) + 0.5))
            // ... draw, using voice.time(of: "five") for the moment a word is spoken
        }
        .narrated(by: voice, endingAfter: 1)
        .sounds { [SoundCue(.click, at: voice.time(of: "five") ?? 0)] }
        ```

        `swift run -c release \(name) star -o star.mp4 --captions star.vtt` writes the video and its captions
        (`--burn-captions` draws them in); `--audio music.m4a` plays a file under it; the preview plays the sound.

        ## Pitfalls

        - **A path dependency is named after its folder.** `.package(path: "/some/where/animate-checkout")` is
          the package `animate-checkout`, and every `.product(..., package:)` in Package.swift must say so.
        - **Render with release builds** (`-c release`). A debug build draws frames dozens of times slower;
          even a whole MP4 render, where the encoder's share is the same, takes several times longer.
        - **Paint the whole frame.** Pixels nothing draws are transparent, and MP4 has no transparency: they
          come out black. Start a scene by filling its background.
        - **Keep frames pure.** Draw from `frame` (index, time, progress, size, seed) only; randomness from
          `RandomSource(seed: frame.seed)`. Then any frame renders the same alone, in a range, on any thread
          count or shard, and the golden hashes hold.

        """
    }

    private func quoted(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// A project that cannot be created. `description` is the one line a user reads.
public enum ProjectError: Error, CustomStringConvertible, Sendable, Equatable {
    case badName(String)
    case fileInTheWay(path: String)
    case folderNotEmpty(path: String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .badName(let name): "'\(name)' cannot name a package: use ASCII letters, digits, '-' and '_', starting with a letter"
        case .fileInTheWay(let path): "cannot create \(path): a file is in the way"
        case .folderNotEmpty(let path): "cannot create \(path): it exists and is not empty"
        case let .cannotWrite(path, reason): "cannot write \(path): \(reason)"
        }
    }
}
