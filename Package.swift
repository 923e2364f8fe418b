// swift-tools-version:6.0
import PackageDescription

// Layers, each a module with one job; data flows one way (time -> scene -> canvas -> pixels ->
// sinks). A module imports only what it lists below as a dependency, every file imports what it
// uses, and `scripts/check-imports` (run by scripts/test) fails when an import goes against this:
//
//   AnimateMath        <- (nothing of ours)       portable sin, cos, pow...: the same bits on any machine
//   AnimateTimeline    <- Math, CFrameClock       frame time (and Date() while a frame draws), easing, keyframes, springs, seeded randomness
//   AnimateDrawing     <- Math, Timeline, CKernels   geometry, colours, paths, the rasterizer, the SwiftUI-style context
//   AnimateText        <- Drawing, CFreeType, CHarfBuzz, CFriBidi, CICU   fonts, shaping, bidi, line breaks
//   AnimateViews       <- Drawing, Text, Timeline    SwiftUI's views: layout, state, environment, animation
//   AnimateFormula     <- Drawing, Text, CHarfBuzz   TeX math read, laid out with an OpenType MATH font
//   AnimateLexers      <- (nothing of ours)       source code lexed into Pygments' token kinds
//   AnimateCode        <- Drawing, Text, Lexers      code on screen: tokens laid out, themed and morphed
//   AnimateDiagrams    <- Drawing, Text, Formula     axes, plots sampled to a quarter pixel
//   AnimateSpace       <- Math, Drawing, Text, Formula, Diagrams   lesson space in 3D: camera, meshes, a depth-buffered raster
//   AnimateStoryboard  <- the vocabulary above (Space too)   the lesson timeline: things, beats, sections, camera
//   AnimatePixels      <- Drawing, CKernels          a bitmap into an encoder's planes (YUV, palette...)
//   AnimateAudio       <- Math                       48 kHz buffers, tones, the sample-exact mix, captions
//   AnimateSpeech      <- CSpeechChild               espeak-ng in a child process, with word timings
//   AnimateVideo       <- Timeline, Drawing, Pixels, Audio, CFFmpeg   encoders, muxers, decoders: takes planes
//   AnimateScene       <- Views, Storyboard, Audio, Speech, Video, CPoppler   scenes, their sounds and inputs
//   AnimateRender      <- Scene, Pixels, Video, CSignalSafe   requests, the pipeline, sinks, manifests, joins
//   Animate            <- all of the above           re-exports only, and the DocC catalog
//   AnimateShapes      <- Animate     shapes lessons reuse and the caption card
//   AnimateScenes      <- Animate, Shapes           the built-in lessons
//   AnimateCLI         <- Animate, CSignalSafe   the command line (its children end with it);  AnimatePreview <- Animate, CLI: the browser preview
//
// `import Animate` re-exports the vocabulary of every layer; plumbing is `package`. The
// Architecture article of the DocC catalog walks one frame through these modules.
let package = Package(
    name: "animate",
    products: [
        // The library: drawing, text, timeline, scenes, the render pipeline and its outputs.
        .library(name: "Animate", targets: ["Animate", "PlaygroundSupport"]),
        // The `animate` command line for your own scenes: `AnimateCLI.main(scenes: [...])`.
        .library(name: "AnimateCLI", targets: ["AnimateCLI"]),
        // Shapes lessons reuse (Star, Heart, RegularPolygon, ...) and the caption card.
        .library(name: "AnimateShapes", targets: ["AnimateShapes"]),
        // The built-in lesson scenes (the `animate` tool's); your own package does not need them.
        .library(name: "AnimateScenes", targets: ["AnimateScenes"]),
        // `preview`: scrub any frame of any scene in a browser, rebuilt as you edit. Add it to your
        // command line with `AnimateCLI.main(scenes: ..., commands: [PreviewCommand.self])`.
        .library(name: "AnimatePreview", targets: ["AnimatePreview"]),
        // `import SwiftUI`, `import UIKit` and `import CoreGraphics` as files written on an Apple
        // platform say them, with Xcode's `#Preview`: those files compile unchanged.
        .library(name: "SwiftUI", targets: ["SwiftUI", "UIKit", "CoreGraphics", "AVFoundation", "AVKit"]),
        .executable(name: "animate", targets: ["animate"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The preview's HTTP server, only in AnimatePreview: HTTP/1.1 on POSIX sockets with no other
        // dependency (a tenth of the build of a SwiftNIO server stack).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.0"),
        // `swift package generate-documentation`: the DocC catalog in Sources/Animate/Animate.docc,
        // with the code of Snippets/ (a command plugin; nothing of it is linked into the library).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // FFmpeg 5.1's C libraries, used only by AnimateVideo.
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavcodec",
            providers: [.apt(["libavcodec-dev", "libavformat-dev", "libavfilter-dev", "libavutil-dev", "libswscale-dev", "libswresample-dev"])]
        ),
        // libavfilter, opened on first use (a clip's sound retimed) instead of at every start.
        .target(name: "CFFmpegFilter", linkerSettings: [.linkedLibrary("dl")]),
        // libwebp's demuxer: animated WebP, which FFmpeg 5.1 does not decode (video clips).
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"])]
        ),
        // FreeType and fontconfig: glyph outlines and font lookup, used only by AnimateText.
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev", "libfontconfig-dev"])]
        ),
        // HarfBuzz: OpenType shaping (AnimateText) and its MATH table (AnimateFormula).
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        // FriBidi: the Unicode Bidirectional Algorithm, used only by AnimateText.
        .systemLibrary(
            name: "CFriBidi",
            pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]
        ),
        // ICU's line breaking (with its Thai, Lao, Khmer and CJK dictionaries) and script
        // property, behind names Swift can import; used only by AnimateText.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc")]),
        // The speech child: espeak-ng speaking one utterance in a fresh process (this executable,
        // started again and caught before main), used only by AnimateSpeech. It loads the library
        // when it speaks (linked, it would load PulseAudio and ALSA into every run).
        .target(name: "CSpeechChild", linkerSettings: [.linkedLibrary("dl")]),
        // Poppler's PDF renderer behind a C interface (its own is C++), used only by AnimateScene
        // for the PDF pictures of asset catalogs.
        .target(name: "CPoppler", linkerSettings: [.linkedLibrary("poppler-cpp")]),
        // Removing a staged folder from a signal handler (system calls only).
        .target(name: "CSignalSafe"),
        // The wall clock Foundation's Date() reads, which says a frame's date while the frame is drawn.
        .target(name: "CFrameClock", linkerSettings: [.linkedLibrary("dl")]),
        // sin, cos, atan2, exp, pow... from IEEE operations only, so frames are the same bytes on any machine.
        .target(name: "AnimateMath"),
        // Pixel kernels in C, one file per pipeline stage, each written once over Vector.h and
        // compiled for SSE2, AVX2 and AVX-512, picked at run time by CPU feature (Swift cannot
        // compile one function for an instruction set the rest of the program may not have); every
        // path gives the bytes of its scalar reference.
        .target(name: "CKernels"),
        // Geometry, colours, paths, the rasterizer and the SwiftUI-style drawing context.
        .target(name: "AnimateDrawing", dependencies: ["AnimateMath", "AnimateTimeline", "CKernels"]),
        // SwiftUI's view layer: views laid out as SwiftUI lays them out, their state and
        // environment, animations and transitions, drawn through the context.
        .target(name: "AnimateViews", dependencies: ["AnimateDrawing", "AnimateText", "AnimateTimeline"]),
        // Exact frame time, scenes, easing and animation helpers, seeded randomness.
        .target(name: "AnimateTimeline", dependencies: ["AnimateMath", "CFrameClock"]),
        // Sound at 48 kHz stereo in plain Swift: buffers, synthesized tones, the sample-exact mix, captions.
        .target(name: "AnimateAudio", dependencies: ["AnimateMath"]),
        // Text-to-speech with word timings, through espeak-ng.
        .target(name: "AnimateSpeech", dependencies: ["CSpeechChild", "AnimateMath"]),
        // Pixels to what encoders take, in plain Swift: RGB->YUV (whole or only what changed), GIF palettes.
        .target(name: "AnimatePixels", dependencies: ["AnimateDrawing", "CKernels"]),
        // The thin Swift wrapper over FFmpeg, and the only module that imports it: encoders, muxers,
        // decoders (images and sound), resampling, PNG, hashing.
        .target(name: "AnimateVideo", dependencies: ["CFFmpeg", "CFFmpegFilter", "CWebP", "CKernels", "AnimateTimeline", "AnimateDrawing", "AnimatePixels", "AnimateAudio"]),
        // Text: fonts found through fontconfig, runs shaped by HarfBuzz in the order FriBidi and ICU's
        // line breaking give, glyph outlines from FreeType, filled by our rasterizer.
        .target(name: "AnimateText", dependencies: ["CFreeType", "CHarfBuzz", "CFriBidi", "CICU", "AnimateDrawing"]),
        // Formulas: TeX math notation read into math lists and laid out by TeX's rules with an
        // OpenType MATH font (HarfBuzz's hb-ot-math), drawn as glyphs and rules.
        .target(name: "AnimateFormula", dependencies: ["AnimateDrawing", "AnimateText", "CHarfBuzz"]),
        // Source code split into tokens named as Pygments names them, by rule tables on one engine;
        // bytes in, tokens out (no drawing), so it builds beside the drawing layers.
        .target(name: "AnimateLexers"),
        // Code on screen: tokens laid out in a monospaced grid, coloured by a theme, morphed between versions.
        .target(name: "AnimateCode", dependencies: ["AnimateDrawing", "AnimateText", "AnimateLexers"]),
        // Three dimensions: points, meshes and surfaces seen through Manim's camera and lit, drawn
        // with a depth buffer into the two-dimensional context.
        .target(name: "AnimateSpace", dependencies: ["AnimateMath", "AnimateDrawing", "AnimateText", "AnimateFormula", "AnimateDiagrams"]),
        // Diagrams for lessons: axes and function plots.
        .target(name: "AnimateDiagrams", dependencies: ["AnimateDrawing", "AnimateText", "AnimateFormula", "AnimateMath"]),
        // The lesson timeline: things placed on a canvas and beats that show, move, morph and
        // emphasise them, with sections and a camera.
        .target(name: "AnimateStoryboard", dependencies: ["AnimateMath", "AnimateTimeline", "AnimateDrawing", "AnimateText", "AnimateViews",
                                                          "AnimateFormula", "AnimateCode", "AnimateDiagrams", "AnimateSpace"]),
        // Scenes: a named animation drawn per frame (a closure, a view or a storyboard), with its
        // sounds and narration, the pictures and files it reads, and the errors the library throws.
        .target(name: "AnimateScene", dependencies: ["AnimateTimeline", "AnimateDrawing", "AnimateText", "AnimateViews", "AnimateStoryboard", "AnimateSpace", "AnimateFormula",
                                                     "AnimateAudio", "AnimateSpeech", "AnimateVideo", "CPoppler"]),
        // Rendering: requests, the frame pipeline and its executors' plans, the sinks and the
        // files they write, frame manifests and segment joins.
        .target(name: "AnimateRender", dependencies: ["AnimateMath", "AnimateTimeline", "AnimateDrawing", "AnimateText", "AnimateFormula", "AnimateLexers", "AnimateCode", "AnimateStoryboard",
                                                      "AnimateAudio", "AnimatePixels", "AnimateVideo", "AnimateScene", "CSignalSafe"]),
        // Rendering on many machines: a render's shards planned, run by Slurm, GNU parallel over
        // ssh or this machine, retried, joined and checked.
        .target(name: "AnimateFarm", dependencies: ["AnimateScene", "AnimateRender", "AnimateVideo"]),
        // What `import Animate` gives: the vocabulary of every layer above, and the DocC catalog.
        .target(name: "Animate", dependencies: ["AnimateMath", "AnimateTimeline", "AnimateDrawing", "AnimateText", "AnimateViews", "AnimateFormula", "AnimateSpace",
                                                "AnimateLexers", "AnimateCode", "AnimateDiagrams", "AnimateStoryboard", "AnimateAudio", "AnimateSpeech",
                                                "AnimateVideo", "AnimateScene", "AnimateRender"]),
        // `import PlaygroundSupport` for lesson code written in playgrounds: `PlaygroundPage`.
        .target(name: "PlaygroundSupport", dependencies: ["AnimateViews"]),
        // The command line (subcommands, progress, interruption), for any list of scenes.
        .target(
            name: "AnimateCLI",
            dependencies: ["Animate", "AnimateMath", "AnimateFarm", "CSignalSafe", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The live preview: an HTTP server on loopback serving one page and frames drawn on demand.
        // Its own target, so the library and the command line build without a server.
        .target(
            name: "AnimatePreview",
            dependencies: [
                "Animate", "AnimateCLI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            resources: [.copy("Resources/preview.html")]
        ),
        // The names files written on an Apple platform import. On Linux these names are free; on a
        // Mac, Apple's own modules of these names come first.
        // Its `#Preview` declarations name a plugin the compiler loads only where a preview is
        // used (the tool builds it, Sources/AnimateMacros); here it would only warn that it is absent.
        .target(name: "SwiftUI", dependencies: ["Animate", "AnimateViews", "UIKit"], swiftSettings: [.unsafeFlags(["-suppress-warnings"])]),
        .target(name: "UIKit", dependencies: ["Animate", "AnimateDrawing", "AnimateViews"]),
        .target(name: "CoreGraphics", dependencies: ["AnimateDrawing"]),
        // AVFoundation's `AVPlayer` and AVKit's `VideoPlayer`: a video file in a SwiftUI view.
        .target(name: "AVFoundation", dependencies: ["Animate"]),
        .target(name: "AVKit", dependencies: ["Animate", "AVFoundation"]),
        // Shapes lessons reuse and the caption card: what `animate new` packages depend on.
        .target(name: "AnimateShapes", dependencies: ["Animate"]),
        // The built-in lesson scenes, one file each.
        // Localizations/*.po are read from the checkout at run time (`--language`), not bundled.
        .target(name: "AnimateScenes", dependencies: ["Animate", "AnimateShapes"], path: "Scenes", exclude: ["Localizations"]),
        // The `animate` tool: the command line with the built-in scenes.
        // Its symbols exported, so a lesson file it compiles and loads (`animate Lesson.swift`)
        // calls into this copy of the library.
        .executableTarget(name: "animate", dependencies: ["AnimateCLI", "AnimatePreview", "AnimateScenes", "SwiftUI", "UIKit", "CoreGraphics",
                                                         "AVFoundation", "AVKit", "PlaygroundSupport"],
                          linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]),
        // Benchmarks (scripts/bench): the peer display lists drawn through our canvas.
        .executableTarget(name: "animate-bench", dependencies: ["Animate", "AnimateScenes"]),
        // What the test targets share: scratch folders, processes and their time limits, coverage.
        .target(name: "AnimateTestSupport", dependencies: ["AnimateDrawing", "AnimateText", "AnimateVideo", "CKernels"], path: "Tests/AnimateTestSupport"),
        // Scenes the render and end-to-end tests draw (no lesson scene needed).
        .target(name: "AnimateTestScenes", dependencies: ["AnimateTimeline", "AnimateDrawing", "AnimateScene"], path: "Tests/AnimateTestScenes"),
        // A test target per module, in process (no tool, no other process): `scripts/test --fast`.
        .testTarget(name: "AnimateMathTests", dependencies: ["AnimateMath", "AnimateTimeline"]),
        .testTarget(name: "AnimateTimelineTests", dependencies: ["AnimateTimeline"]),
        .testTarget(name: "AnimateFarmTests", dependencies: ["AnimateFarm", "AnimateRender", "AnimateTestSupport"]),
        .testTarget(name: "AnimateDrawingTests", dependencies: ["AnimateDrawing", "AnimateTestSupport", "AnimateText", "AnimateTimeline"]),
        .testTarget(name: "AnimateAudioTests", dependencies: ["AnimateAudio"]),
        .testTarget(name: "AnimateTextTests", dependencies: ["AnimateText", "AnimateTestSupport", "AnimateDrawing", "AnimateTimeline", "AnimateVideo"]),
        .testTarget(name: "AnimateViewsTests", dependencies: ["AnimateViews", "AnimateTestSupport", "AnimateDrawing", "AnimateScene", "AnimateText", "AnimateTimeline", "AnimateVideo"]),
        .testTarget(name: "AnimateFormulaTests", dependencies: ["AnimateFormula", "AnimateTestSupport", "AnimateTimeline", "AnimateDrawing", "AnimateText"]),
        .testTarget(name: "AnimateCodeTests", dependencies: ["AnimateCode", "AnimateLexers", "AnimateTestSupport", "AnimateDrawing", "AnimateTimeline"]),
        .testTarget(name: "AnimateSpaceTests", dependencies: ["AnimateSpace", "AnimateTestSupport", "AnimateDrawing", "AnimateFormula", "AnimateText"]),
        .testTarget(name: "AnimateDiagramsTests", dependencies: ["AnimateDiagrams", "AnimateTestSupport", "AnimateDrawing", "AnimateFormula"]),
        .testTarget(name: "AnimateStoryboardTests", dependencies: ["AnimateStoryboard", "AnimateSpace", "AnimateMath", "AnimateTestSupport", "AnimateDiagrams", "AnimateDrawing", "AnimateFormula", "AnimateText", "AnimateTimeline", "AnimateViews", "AnimateCode", "AnimateLexers"]),
        .testTarget(name: "AnimatePixelsTests", dependencies: ["AnimatePixels", "AnimateTestSupport", "CKernels", "AnimateDrawing"]),
        .testTarget(name: "AnimateSceneTests", dependencies: ["AnimateScene", "AnimateTestSupport", "AnimateTestScenes", "AnimateDrawing", "AnimateTimeline", "AnimateViews", "AnimateText", "AnimateVideo", "AnimateAudio", "AnimateFormula", "AnimateStoryboard"]),
        .testTarget(name: "AnimateRenderTests", dependencies: ["AnimateRender", "AnimateTestSupport", "AnimateTestScenes", "AnimateScenes", "AnimateDrawing", "AnimateStoryboard", "AnimateTimeline", "AnimateVideo", "AnimateCode", "AnimateLexers", "AnimateFormula", "AnimateScene", "AnimatePixels", "CKernels", "AnimateText"]),
        .testTarget(name: "AnimateScenesTests", dependencies: ["AnimateScenes", "AnimateText", "AnimateTestSupport", "AnimateScene", "AnimateVideo", "AnimateDrawing", "AnimateRender", "AnimateTimeline"]),
        .testTarget(name: "AnimateCLITests", dependencies: ["Animate", "AnimateCLI", "AnimateScenes", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // `import Animate` and `import SwiftUI` as lessons use them: the seed lessons pasted whole.
        .testTarget(name: "AnimateTests", dependencies: ["Animate", "AnimateTestSupport", "PlaygroundSupport", "SwiftUI"]),
        // The preview's routes in process, requests handed to its handler (no socket, no process).
        .testTarget(name: "AnimatePreviewTests", dependencies: ["Animate", "AnimateAudio", "AnimateScenes", "AnimatePreview", "AnimateTestSupport",
                                                               .product(name: "FlyingFox", package: "FlyingFox")]),
        // Everything that starts a process: the built tool as a user runs it (the command line,
        // shards and joins, the preview in a browser, a new package built against this
        // checkout), outputs decoded by ffmpeg, and the outside references (hb-shape, Pygments,
        // Typst). The slow stage of `scripts/test`.
        .testTarget(name: "AnimateEndToEndTests", dependencies: ["Animate", "AVKit", "AnimateSpeech", "AnimateShapes", "AnimateScenes", "AnimateCLI", "AnimatePreview", "AnimateTestSupport", "AnimateTestScenes", "AnimateDrawing", "AnimateFarm", "AnimatePixels", "AnimateRender", "AnimateScene", "AnimateText", "AnimateTimeline", "AnimateVideo"]),
    ],
    swiftLanguageModes: [.v5]
)

// Imports the compiler checks: a file sees only the modules it imports itself (members
// included), and an import is internal unless it is written `public import`, which a module
// needs only where a dependency's types show in its own API.
// The modules in Swift 6's language mode (data-race safety checked by the compiler): every
// layer up to the views; the views and what stands on them are next.
let swift6 = ["AnimateMath", "AnimateTimeline", "AnimateAudio", "AnimateSpeech", "AnimateDrawing", "AnimatePixels", "AnimateText",
              "AnimateLexers", "AnimateCode", "AnimateFormula", "AnimateDiagrams", "AnimateVideo",
              "AnimateMathTests", "AnimateTimelineTests", "AnimateAudioTests", "AnimateDrawingTests", "AnimateTextTests", "AnimateCodeTests",
              "AnimateFormulaTests", "AnimateDiagramsTests", "AnimatePixelsTests"]
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ] + (swift6.contains(target.name) ? [.swiftLanguageMode(.v6)] : [])
}
