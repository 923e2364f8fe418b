import Animate
import ArgumentParser
import Foundation

/// A `WxH` size argument.
struct FrameSize: ExpressibleByArgument {
    let width: Int
    let height: Int
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        width = w; height = h
    }
    static var defaultValueDescription: String { "the scene's size, 1920x1080" }
}

/// A `--shard I/N` argument: part I (0-based) of N.
struct Shard: ExpressibleByArgument {
    let index: Int
    let count: Int
    init?(argument: String) {
        let parts = argument.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, i >= 0, i < n else { return nil }
        index = i; count = n
    }
}

/// A `--frames` argument: `N` (the first N frames) or `A..B` (inclusive indices).
struct FrameSelection: ExpressibleByArgument {
    let first: Int
    let last: Int
    init?(argument: String) {
        if let range = argument.range(of: "..") {
            guard let a = Int(argument[..<range.lowerBound]), let b = Int(argument[range.upperBound...]) else { return nil }
            first = a; last = b
        } else {
            guard let n = Int(argument) else { return nil }
            first = 0; last = n - 1
        }
    }
}

extension FrameRate: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

/// Options shared by every command that renders frames of a scene.
struct SceneOptions: ParsableArguments {
    @Argument(help: "The scene to render (see `animate list`).")
    var scene: String

    @Option(help: ArgumentHelp("Frames per second: an integer, a decimal, or a fraction such as 30000/1001 (at most 240).", valueName: "fps"))
    var fps: FrameRate = FrameRate(numerator: 60)!

    @Option(help: ArgumentHelp("Frame size in pixels, WxH (each 2...8192).", valueName: "WxH"))
    var size: FrameSize?

    @Option(help: ArgumentHelp("Duration in seconds (default: the scene's own).", valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("The first N frames, or an inclusive range of frame indices A..B.", valueName: "N|A..B"))
    var frames: FrameSelection?

    @Option(help: ArgumentHelp("Render shard I of N (0-based): one contiguous part of the frames, as a self-contained segment; join with `animate concat`.", valueName: "I/N"))
    var shard: Shard?

    @Option(help: "Seed for the scene's random numbers.")
    var seed: UInt64 = 0

    @Option(help: "Worker threads drawing frames (default: the number of cores).")
    var threads: Int?

    @Option(help: ArgumentHelp("A folder of PNG/JPEG pictures for scenes that show pictures (the carousel).", valueName: "dir"))
    var images: String?

    /// The pictures in `--images`, sorted by file name. Throws `ImageError` naming a bad file.
    func loadInputs() throws -> SceneInputs {
        guard let images else { return SceneInputs() }
        let dir = URL(fileURLWithPath: images)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ImageError(path: dir.path, reason: "--images needs a folder of PNG or JPEG files, and this is not a folder")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { ["png", "jpg", "jpeg"].contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted()
        guard !names.isEmpty else { throw ImageError(path: dir.path, reason: "the folder has no .png, .jpg or .jpeg files") }
        return SceneInputs(images: try names.map { try Image(contentsOf: dir.appendingPathComponent($0)) })
    }

    /// Checks the values; throws `ValidationError` (usage, exit 64) for bad ones.
    func validate() throws {
        guard BuiltinScenes.named(scene) != nil else {
            throw ValidationError(SceneOptions.unknownSceneMessage(scene))
        }
        guard fps.framesPerSecond <= 240 else { throw ValidationError("--fps \(fps) is above the maximum of 240.") }
        if let size {
            guard (2...8192).contains(size.width), (2...8192).contains(size.height) else {
                throw ValidationError("--size \(size.width)x\(size.height) is out of range: width and height must be 2...8192.")
            }
        }
        if let duration {
            guard duration.isFinite, duration > 0 else { throw ValidationError("--duration must be a positive number of seconds.") }
            guard duration <= 24 * 3600 else { throw ValidationError("--duration \(duration) is longer than 24 hours.") }
            guard duration * fps.framesPerSecond >= 0.5 else { throw ValidationError("--duration \(duration) is shorter than one frame at \(fps) fps.") }
        }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be 1...256.") }
    }

    static func unknownSceneMessage(_ name: String) -> String {
        let names = BuiltinScenes.all.map(\.name)
        let close = names.filter { editDistance($0, name) <= max(2, name.count / 3) || $0.hasPrefix(name) }
        let hint = close.isEmpty ? "" : " Did you mean \(close.map { "'\($0)'" }.joined(separator: " or "))?"
        return "Unknown scene '\(name)'.\(hint) Run 'animate list' to see all scenes."
    }

    /// The render request these options describe, given an output and format.
    func request(output: URL, format: OutputFormat) throws -> RenderRequest {
        let sceneValue = BuiltinScenes.named(scene, inputs: try loadInputs())!
        var request = RenderRequest(scene: sceneValue, output: output, format: format, rate: fps,
                                    width: size?.width, height: size?.height, duration: duration, seed: seed, threads: threads)
        if let frames {
            guard frames.first >= 0, frames.first <= frames.last else {
                throw ValidationError("--frames \(frames.first)..\(frames.last) is empty or negative.")
            }
            guard frames.last < request.timelineFrames else {
                throw ValidationError("--frames \(frames.first)..\(frames.last) is outside the scene: it has frames 0..\(request.timelineFrames - 1) at \(fps) fps.")
            }
            request.frames = frames.first...frames.last
        }
        if let shard {
            guard shard.count <= request.frames.count else {
                throw ValidationError("--shard \(shard.index)/\(shard.count): more shards than the \(request.frames.count) frames to render.")
            }
            let all = request.frames, n = all.count
            let start = all.lowerBound + shard.index * n / shard.count
            let end = all.lowerBound + (shard.index + 1) * n / shard.count - 1
            request.frames = start...end
        }
        return request
    }
}

/// Levenshtein distance, for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    var row = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
        var previous = row[0]
        row[0] = i
        for j in 1...max(b.count, 1) where !b.isEmpty {
            let current = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
            previous = current
        }
    }
    return a.isEmpty ? b.count : row[b.count]
}
