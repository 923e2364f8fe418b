import AnimateAudio
import AnimateDrawing
public import AnimateScene
import AnimateVideo
public import Foundation

/// Computes frame hashes and checks them against manifests.
public enum FrameHashing {
    /// Hashes the frames of `request` (MD5 of each frame's straight RGBA bytes, via libavutil);
    /// with `saveFramesTo`, also writes each frame as `<index>.png` there (references for `verify --diff`).
    /// With `includingAudio`, also the sound of the frames' span, in packets (see `FrameManifest`).
    public static func manifest(for request: RenderRequest, includingAudio: Bool = false, saveFramesTo frameDirectory: URL? = nil,
                                progress: RenderProgress? = nil, isCancelled: @escaping () -> Bool = { false }) throws -> FrameManifest {
        let audio = includingAudio ? try audioHashes(for: request, isCancelled: isCancelled) : []
        let renderer = Renderer(request: request)
        renderer.isCancelled = isCancelled
        renderer.progress = progress
        let hasher = try FrameHashSink(referenceDirectory: frameDirectory)
        try renderer.run(into: hasher)
        return FrameManifest(scene: request.scene.name, width: request.width, height: request.height, rate: request.rate,
                             seed: request.seed, duration: request.duration, frames: hasher.hashes,
                             audioFrames: includingAudio ? request.frames : nil, soundtrack: request.soundtrack, audio: audio)
    }

    /// The sound packets of `request`'s frames (silence when it has no sound).
    static func audioHashes(for request: RenderRequest, isCancelled: () -> Bool = { false }) throws -> [AudioPacketHash] {
        let mix = try request.audioMix() ?? AudioMix(window: request.audioWindow)
        return try FrameManifest.audioHashes(mix, isCancelled: isCancelled)
    }

    /// The file name of a stored reference frame.
    public static func referenceName(_ index: Int) -> String {
        let s = String(index)
        return String(repeating: "0", count: max(0, 5 - s.count)) + s + ".png"
    }

    /// The request that re-renders a manifest's frames with `scene`: the same rules as any render.
    public static func request(for manifest: FrameManifest, scene: Scene, threads: Int? = nil) throws(RenderError) -> RenderRequest {
        let indices = manifest.frames.map(\.index)
        let frames = indices.min().map { FrameSelection.range($0, indices.max()!) }
        return try RenderRequest(scene: scene, size: FrameSize(width: manifest.width, height: manifest.height),
                                 rate: manifest.rate, duration: manifest.duration, frames: frames, seed: manifest.seed,
                                 threads: threads, soundtrack: manifest.soundtrack)
    }
}

/// One frame whose hash differs from its manifest.
public struct FrameMismatch: Sendable {
    public let index: Int
    public let expected: String
    public let actual: String
    /// Pixels that differ from the stored reference frame, when there is one.
    public let changedPixels: Int?
    /// Largest difference of any channel from the reference (0...255), when there is one.
    public let maxChannelDifference: Int?
    /// Evidence written for this frame (actual frame, and the diff image when a reference exists).
    public let evidence: [URL]
}

/// A packet of sound whose hash differs from its manifest (or that one of them lacks).
public struct AudioMismatch: Sendable {
    /// The packet's first sample, from the first frame's time.
    public let sample: Int
    public let expected: String?
    public let actual: String?
    /// Seconds from the first frame.
    public var time: Double { AudioClock.seconds(atSample: sample) }
}

/// Re-renders the frames a manifest names and compares their hashes.
public struct FrameVerifier {
    public let manifest: FrameManifest
    public let scene: Scene
    public var threads: Int?
    /// Where stored reference frames are (`<index>.png`), if any.
    public var referenceDirectory: URL?
    /// Where to write evidence for mismatching frames, if anywhere.
    public var diffDirectory: URL?

    public init(manifest: FrameManifest, scene: Scene, threads: Int? = nil, referenceDirectory: URL? = nil, diffDirectory: URL? = nil) {
        self.manifest = manifest; self.scene = scene; self.threads = threads
        self.referenceDirectory = referenceDirectory; self.diffDirectory = diffDirectory
    }

    /// Every mismatching frame, in the order the manifest first lists them (empty when all
    /// match). Each frame is drawn once however often the manifest lists it, and checked against
    /// every hash listed for it; `progress` hears of each frame drawn.
    public func run(progress: RenderProgress? = nil, isCancelled: @escaping () -> Bool = { false }) throws -> [FrameMismatch] {
        let request = try FrameHashing.request(for: manifest, scene: scene, threads: threads)
        let renderer = Renderer(request: request)
        renderer.isCancelled = isCancelled
        var listed: [Int: [String]] = [:], order: [Int] = []
        for frame in manifest.frames {
            if let hashes = listed[frame.index] {
                if !hashes.contains(frame.md5) { listed[frame.index]!.append(frame.md5) }
            } else {
                listed[frame.index] = [frame.md5]
                order.append(frame.index)
            }
        }
        if let diffDirectory { try OutputDirectory.create(diffDirectory) }
        var mismatches: [FrameMismatch] = []
        var done = 0
        progress?.started(total: order.count)
        try renderer.renderFrames(order, { _, canvas -> ([UInt8], String) in
            let bytes = canvas.rgba8()
            return (bytes, bytes.withUnsafeBufferPointer { MD5.hex($0) })
        }, consume: { index, output in
            let (bytes, md5) = output
            for want in listed[index] ?? [] where want != md5 {
                mismatches.append(try evidence(index: index, expected: want, actual: md5, bytes: bytes))
            }
            done += 1
            progress?.advanced(done: done, total: order.count)
        })
        progress?.finished()
        return mismatches
    }

    /// Every sound packet that differs from the manifest's (empty when it hashes no sound, or all match).
    public func audioMismatches(isCancelled: () -> Bool = { false }) throws -> [AudioMismatch] {
        guard let span = manifest.audioFrames else { return [] }
        let request = try RenderRequest(scene: scene, size: FrameSize(width: manifest.width, height: manifest.height),
                                        rate: manifest.rate, duration: manifest.duration, frames: .range(span.lowerBound, span.upperBound),
                                        seed: manifest.seed, threads: threads, soundtrack: manifest.soundtrack)
        let actual = try FrameHashing.audioHashes(for: request, isCancelled: isCancelled)
        let expected = Dictionary(manifest.audio.map { ($0.sample, $0) }, uniquingKeysWith: { a, _ in a })
        let got = Dictionary(actual.map { ($0.sample, $0) }, uniquingKeysWith: { a, _ in a })
        return Set(expected.keys).union(got.keys).sorted().compactMap { sample in
            let want = expected[sample], have = got[sample]
            guard want != have else { return nil }
            return AudioMismatch(sample: sample, expected: want?.md5, actual: have?.md5)
        }
    }

    private func evidence(index: Int, expected: String, actual: String, bytes: [UInt8]) throws -> FrameMismatch {
        var written: [URL] = []
        var changed: Int?, maxDiff: Int?
        let name = FrameHashing.referenceName(index).replacingOccurrences(of: ".png", with: "")
        if let diffDirectory {
            let actualURL = diffDirectory.appendingPathComponent("\(name)-actual.png")
            try bytes.withUnsafeBufferPointer { try PNGEncoder.write(rgba: $0, width: manifest.width, height: manifest.height, to: actualURL) }
            written.append(actualURL)
        }
        if let referenceDirectory {
            let refURL = referenceDirectory.appendingPathComponent(FrameHashing.referenceName(index))
            if FileManager.default.fileExists(atPath: refURL.path) {
                let reference = try Image(contentsOf: refURL)
                if reference.width == manifest.width && reference.height == manifest.height {
                    let pixels = reference.rgba
                    var count = 0, worst = 0
                    var diff = [UInt8](repeating: 0, count: bytes.count)
                    for p in 0..<(manifest.width * manifest.height) {
                        var d = 0
                        for c in 0..<4 { d = max(d, abs(Int(bytes[4 * p + c]) - Int(pixels[4 * p + c]))) }
                        if d > 0 {
                            count += 1; worst = max(worst, d)
                            diff[4 * p] = UInt8(min(255, 128 + d)); diff[4 * p + 1] = 0; diff[4 * p + 2] = 0
                        } else {
                            let grey = (Int(pixels[4 * p]) * 2 + Int(pixels[4 * p + 1]) * 5 + Int(pixels[4 * p + 2])) / 8 / 3
                            diff[4 * p] = UInt8(grey); diff[4 * p + 1] = UInt8(grey); diff[4 * p + 2] = UInt8(grey)
                        }
                        diff[4 * p + 3] = 255
                    }
                    changed = count; maxDiff = worst
                    if let diffDirectory {
                        let diffURL = diffDirectory.appendingPathComponent("\(name)-diff.png")
                        try diff.withUnsafeBufferPointer { try PNGEncoder.write(rgba: $0, width: manifest.width, height: manifest.height, to: diffURL) }
                        written.append(diffURL)
                    }
                }
            }
        }
        return FrameMismatch(index: index, expected: expected, actual: actual, changedPixels: changed,
                             maxChannelDifference: maxDiff, evidence: written)
    }
}
