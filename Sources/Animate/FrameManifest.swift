import Foundation

/// A frame-hash manifest: FFmpeg's `framemd5` format (so `ffmpeg -f framemd5` over the same raw
/// RGBA frames prints the same lines) plus one `#animate:` comment line naming everything needed to
/// re-render the frames. FFmpeg's tools ignore `#` lines.
public struct FrameManifest: Equatable, Sendable {
    public var scene: String
    public var width: Int
    public var height: Int
    public var rate: FrameRate
    public var seed: UInt64
    /// The timeline's duration in seconds (it sets each frame's `progress`).
    public var duration: Double
    /// Frame index and MD5 of its straight RGBA bytes, in order.
    public var frames: [(index: Int, md5: String)]

    public init(scene: String, width: Int, height: Int, rate: FrameRate, seed: UInt64, duration: Double,
                frames: [(index: Int, md5: String)]) {
        self.scene = scene; self.width = width; self.height = height; self.rate = rate
        self.seed = seed; self.duration = duration; self.frames = frames
    }

    public static func == (a: FrameManifest, b: FrameManifest) -> Bool {
        a.header == b.header && a.frames.map(\.index) == b.frames.map(\.index) && a.frames.map(\.md5) == b.frames.map(\.md5)
    }

    /// Bytes of one frame: straight RGBA.
    public var frameSize: Int { width * height * 4 }

    /// Our comment line.
    var header: String {
        "#animate: scene=\(scene) size=\(width)x\(height) fps=\(rate) seed=\(seed) duration=\(duration)"
    }

    /// FFmpeg's header lines for rawvideo RGBA at this size and rate.
    public var ffmpegHeader: [String] {
        ["#format: frame checksums", "#version: 2", "#hash: MD5", "#software: \(FFmpegVersion.libavformat)",
         "#tb 0: \(rate.denominator)/\(rate.numerator)", "#media_type 0: video", "#codec_id 0: rawvideo",
         "#dimensions 0: \(width)x\(height)", "#sar 0: 0/1", "#stream#, dts,        pts, duration,     size, hash"]
    }

    /// One frame line, spaced exactly as FFmpeg's framemd5 muxer prints it.
    public func line(index: Int, md5: String) -> String {
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: " ", count: max(0, width - s.count)) + s
        }
        return "0, \(pad(index, 10)), \(pad(index, 10)), \(pad(1, 8)), \(pad(frameSize, 8)), \(md5)"
    }

    /// The whole manifest text.
    public var text: String {
        ([header] + ffmpegHeader + frames.map { line(index: $0.index, md5: $0.md5) }).joined(separator: "\n") + "\n"
    }

    /// Parses a manifest written by `animate hash`.
    public init(parsing text: String) throws {
        var fields: [String: String] = [:]
        var frames: [(Int, String)] = []
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#animate:") {
                for pair in line.dropFirst("#animate:".count).split(separator: " ") {
                    let kv = pair.split(separator: "=", maxSplits: 1)
                    if kv.count == 2 { fields[String(kv[0])] = String(kv[1]) }
                }
            } else if !line.hasPrefix("#") && !line.isEmpty {
                let cols = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                guard cols.count == 6, let pts = Int(cols[2]), cols[5].count == 32 else {
                    throw ManifestError("not a framemd5 frame line: \(line)")
                }
                frames.append((pts, cols[5]))
            }
        }
        guard let scene = fields["scene"], let size = fields["size"], let fps = fields["fps"].flatMap(FrameRate.init(parsing:)),
              let seed = fields["seed"].flatMap(UInt64.init), let duration = fields["duration"].flatMap(Double.init) else {
            throw ManifestError("missing or malformed '#animate:' line (scene, size, fps, seed, duration)")
        }
        let wh = size.split(separator: "x").compactMap { Int($0) }
        guard wh.count == 2, wh[0] > 0, wh[1] > 0 else { throw ManifestError("bad size '\(size)'") }
        self.init(scene: scene, width: wh[0], height: wh[1], rate: fps, seed: seed, duration: duration, frames: frames)
    }
}

/// A manifest that cannot be read.
public struct ManifestError: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
    init(_ description: String) { self.description = description }
}
