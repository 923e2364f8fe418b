// swift-tools-version:6.0
import PackageDescription

// Layers, each a module with one job; data flows one way:
// time (AnimateTimeline) -> scene (Scenes) -> canvas (AnimateDrawing) -> pixels -> encoder (AnimateVideo).
let package = Package(
    name: "animate",
    products: [
        .library(name: "Animate", targets: ["Animate"]),
        .executable(name: "animate", targets: ["animate"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // FFmpeg 5.1's C libraries. The only place C is imported.
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavcodec",
            providers: [.apt(["libavcodec-dev", "libavformat-dev", "libavutil-dev", "libswscale-dev"])]
        ),
        // FreeType and fontconfig: glyph outlines and font lookup, used only by AnimateText.
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev", "libfontconfig-dev"])]
        ),
        // Geometry, paths, the rasterizer and the SwiftUI-style canvas. Pure Swift.
        .target(name: "AnimateDrawing"),
        // Exact frame time, scenes, easing and animation helpers, seeded randomness.
        .target(name: "AnimateTimeline", dependencies: ["AnimateDrawing"]),
        // The thin Swift wrapper over FFmpeg: encoders, muxers, PNG, hashing.
        .target(name: "AnimateVideo", dependencies: ["CFFmpeg", "AnimateDrawing"]),
        // Text: fonts found through fontconfig, glyph outlines from FreeType, filled by our rasterizer.
        .target(name: "AnimateText", dependencies: ["CFreeType", "AnimateDrawing"]),
        // The built-in scenes, one file each.
        .target(name: "AnimateScenes", dependencies: ["AnimateDrawing", "AnimateTimeline", "AnimateText"], path: "Scenes"),
        // What `import Animate` gives: everything above plus the render pipeline.
        .target(name: "Animate", dependencies: ["AnimateDrawing", "AnimateTimeline", "AnimateText", "AnimateVideo", "AnimateScenes"]),
        // The command-line front end.
        .executableTarget(
            name: "animate",
            dependencies: ["Animate", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Benchmarks (scripts/bench): the peer display lists drawn through our canvas.
        .executableTarget(name: "animate-bench", dependencies: ["Animate"]),
        .testTarget(name: "AnimateTests", dependencies: ["Animate"]),
    ],
    swiftLanguageModes: [.v5]
)
