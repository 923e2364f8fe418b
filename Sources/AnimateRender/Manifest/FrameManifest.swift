public import AnimateAudio
public import AnimateScene
public import AnimateTimeline
import AnimateVideo
public import Foundation

/// A frame-hash manifest: FFmpeg's `framemd5` format (so `ffmpeg -f framemd5` over the same raw
/// RGBA frames prints the same lines) plus one `#animate:` comment line naming everything needed to
/// re-render the frames. FFmpeg's tools ignore `#` lines.
///
/// With sound, stream 1 holds the mix as FFmpeg hashes 16-bit 48 kHz stereo PCM: one line per
/// packet of 1024 samples (the last may be shorter), timestamps in samples from the first frame.
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
    /// The frames whose span of time the hashed sound covers (stream 1); nil without sound.
    public var audioFrames: ClosedRange<Int>?
    /// Whether the manifest hashes the sound.
    public var includesAudio: Bool { audioFrames != nil }
    /// The `--audio` file mixed into the sound.
    public var soundtrack: Soundtrack?
    /// Sound packets: first sample (from the first frame's time), samples per channel, MD5 of the PCM bytes.
    public var audio: [AudioPacketHash]

    /// Samples per channel in each hashed sound packet (the last may hold fewer).
    public static let audioPacketSize = 1024

    public init(scene: String, width: Int, height: Int, rate: FrameRate, seed: UInt64, duration: Double,
                frames: [(index: Int, md5: String)], audioFrames: ClosedRange<Int>? = nil, soundtrack: Soundtrack? = nil,
                audio: [AudioPacketHash] = []) {
        self.scene = scene; self.width = width; self.height = height; self.rate = rate
        self.seed = seed; self.duration = duration; self.frames = frames
        self.audioFrames = audioFrames; self.soundtrack = soundtrack; self.audio = audio
    }

    public static func == (a: FrameManifest, b: FrameManifest) -> Bool {
        a.header == b.header && a.frames.map(\.index) == b.frames.map(\.index) && a.frames.map(\.md5) == b.frames.map(\.md5)
            && a.audio == b.audio
    }

    /// The hashes of `mix` cut into packets, mixed one packet at a time (memory flat with duration).
    /// `isCancelled` is asked every few hundred packets (then `CancellationError`).
    public static func audioHashes(_ mix: AudioMix, isCancelled: () -> Bool = { false }) throws -> [AudioPacketHash] {
        var pcm: [Int16] = [], scratch: [Float] = []
        var hashes: [AudioPacketHash] = []
        hashes.reserveCapacity((mix.frameCount + audioPacketSize - 1) / audioPacketSize)
        for first in stride(from: 0, to: mix.frameCount, by: audioPacketSize) {
            if hashes.count % 256 == 0, isCancelled() { throw CancellationError() }
            let count = min(audioPacketSize, mix.frameCount - first)
            mix.render(first: first, count: count, into: &pcm, scratch: &scratch)
            let md5 = pcm.withUnsafeBytes { MD5.hex($0.bindMemory(to: UInt8.self)) }
            hashes.append(AudioPacketHash(sample: first, samples: count, md5: md5))
        }
        return hashes
    }

    /// Bytes of one frame: straight RGBA.
    public var frameSize: Int { width * height * 4 }

    /// Our comment line.
    var header: String {
        var line = "#animate: scene=\(scene) size=\(width)x\(height) fps=\(rate) seed=\(seed) duration=\(duration)"
        if let audioFrames { line += " audio=\(audioFrames.lowerBound)..\(audioFrames.upperBound)" }
        if let soundtrack {
            line += " soundtrack=\(RecordField.escape(soundtrack.path)) audio-offset=\(soundtrack.offset) audio-gain=\(soundtrack.gain)"
        }
        return line
    }

    /// FFmpeg's header lines for rawvideo RGBA at this size and rate.
    public var ffmpegHeader: [String] {
        ["#format: frame checksums", "#version: 2", "#hash: MD5", "#software: \(FFmpegVersion.libavformat)",
         "#tb 0: \(rate.denominator)/\(rate.numerator)", "#media_type 0: video", "#codec_id 0: rawvideo",
         "#dimensions 0: \(width)x\(height)", "#sar 0: 0/1"]
            + (includesAudio ? ["#tb 1: 1/\(AudioClock.sampleRate)", "#media_type 1: audio", "#codec_id 1: pcm_s16le",
                                "#sample_rate 1: \(AudioClock.sampleRate)", "#channel_layout_name 1: stereo"] : [])
            + ["#stream#, dts,        pts, duration,     size, hash"]
    }

    private static func pad(_ v: Int, _ width: Int) -> String {
        let s = String(v)
        return String(repeating: " ", count: max(0, width - s.count)) + s
    }

    /// One sound packet line, spaced as FFmpeg's framemd5 muxer prints it.
    public func line(audio packet: AudioPacketHash) -> String {
        "1, \(Self.pad(packet.sample, 10)), \(Self.pad(packet.sample, 10)), \(Self.pad(packet.samples, 8)), \(Self.pad(4 * packet.samples, 8)), \(packet.md5)"
    }

    /// One frame line, spaced exactly as FFmpeg's framemd5 muxer prints it.
    public func line(index: Int, md5: String) -> String {
        "0, \(Self.pad(index, 10)), \(Self.pad(index, 10)), \(Self.pad(1, 8)), \(Self.pad(frameSize, 8)), \(md5)"
    }

    /// The whole manifest text: frame and sound lines interleaved by time, as FFmpeg orders them.
    public var text: String {
        var lines = [header] + ffmpegHeader
        var packets = audio[...]
        let first = frames.first?.index ?? 0
        for frame in frames {
            // A packet goes before the frame when it starts earlier (times compared exactly).
            let frameSample = rate.audioSample(ofFrame: frame.index)
                - rate.audioSample(ofFrame: first)
            while let packet = packets.first, packet.sample < frameSample {
                lines.append(line(audio: packet)); packets.removeFirst()
            }
            lines.append(line(index: frame.index, md5: frame.md5))
        }
        lines += packets.map { line(audio: $0) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `bytes` without the spaces, tabs and carriage returns around them.
    fileprivate static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
        guard let start = bytes.firstIndex(where: { !blank($0) }), let end = bytes.lastIndex(where: { !blank($0) }) else {
            return bytes[bytes.startIndex..<bytes.startIndex]
        }
        return bytes[start...end]
    }

    /// A whole number of 0 or more written in ASCII digits (at most 18 of them); nil otherwise.
    fileprivate static func integer(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Parses a manifest written by `animate hash`.
    public init(parsing text: String) throws {
        var parser = Parser(budget: nil, path: nil)
        var number = 0
        for raw in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            try parser.add(ArraySlice(raw), number: number)
        }
        self = try parser.manifest()
    }

    /// The longest line a manifest may hold: a header with a long soundtrack path fits.
    public static let maximumLineBytes = 64 << 10

    /// Reads the manifest at `url` a chunk at a time (a line of at most `maximumLineBytes`),
    /// asking `isCancelled` between chunks; its entries are counted against the memory this
    /// process may use as they are read, and a manifest that would not fit is refused with figures.
    public init(contentsOf url: URL, isCancelled: @escaping () -> Bool = { false }) throws {
        var reader = LineReader(path: url.path, maximumLineBytes: Self.maximumLineBytes)
        reader.isCancelled = isCancelled
        var parser = Parser(budget: MemoryBudget.available(), path: url.path)
        do {
            try reader.forEachLine { number, line in try parser.add(line, number: number) }
        } catch let error as LineReaderError {
            switch error {
            case let .unreadable(path, reason): throw ManifestError.unreadable(path: path, reason: reason)
            case let .lineTooLong(_, line, limit): throw ManifestError.lineTooLong(path: url.path, line: line, limit: limit)
            }
        }
        self = try parser.manifest()
    }

    /// A manifest read line by line.
    private struct Parser {
        var fields: [String: String] = [:]
        var frames: [(Int, String)] = []
        var audio: [AudioPacketHash] = []
        /// Bytes the process may use (nil: not known); the file's name for messages.
        let budget: Int?
        let path: String?
        /// Bytes an entry holds once read (its index, its hash as a string, the array's share).
        static let bytesPerEntry = 96

        init(budget: Int?, path: String?) { self.budget = budget; self.path = path }

        mutating func add(_ raw: ArraySlice<UInt8>, number: Int) throws {
            let line = FrameManifest.trimmed(raw)
            guard let first = line.first else { return }
            if first == UInt8(ascii: "#") {
                guard line.starts(with: Array("#animate:".utf8)) else { return }
                let text = String(decoding: line.dropFirst("#animate:".utf8.count), as: UTF8.self)
                for pair in text.split(separator: " ") {
                    let kv = pair.split(separator: "=", maxSplits: 1)
                    if kv.count == 2 { fields[String(kv[0])] = String(kv[1]) }
                }
                return
            }
            let cols = line.split(separator: UInt8(ascii: ","), maxSplits: 6, omittingEmptySubsequences: false).map { FrameManifest.trimmed($0) }
            guard cols.count == 6, cols[0].count == 1, cols[0].first == UInt8(ascii: "0") || cols[0].first == UInt8(ascii: "1"),
                  let pts = FrameManifest.integer(cols[2]), let duration = FrameManifest.integer(cols[3]), cols[5].count == 32 else {
                throw ManifestError.notAFrameLine(line: number, excerpt: LineReader.excerpt(line))
            }
            let md5 = String(decoding: cols[5], as: UTF8.self)
            if cols[0].first == UInt8(ascii: "0") {
                frames.append((pts, md5))
            } else {
                guard (1...FrameManifest.audioPacketSize).contains(duration) else {
                    throw ManifestError.notASoundLine(line: number, excerpt: LineReader.excerpt(line))
                }
                audio.append(AudioPacketHash(sample: pts, samples: duration, md5: md5))
            }
            let entries = frames.count + audio.count
            if entries % 65_536 == 0, let budget, entries * Self.bytesPerEntry > budget {
                throw ManifestError.tooLarge(path: path ?? "the manifest", entries: entries, needed: entries * Self.bytesPerEntry, available: budget)
            }
        }

        func manifest() throws -> FrameManifest {
            guard let scene = fields["scene"], let size = fields["size"], let fps = fields["fps"].flatMap(FrameRate.init(parsing:)),
                  let seed = fields["seed"].flatMap(UInt64.init), let duration = fields["duration"].flatMap(Double.init) else {
                throw ManifestError.missingHeader
            }
            let wh = size.split(separator: "x").compactMap { Int($0) }
            guard wh.count == 2, wh[0] > 0, wh[1] > 0 else { throw ManifestError.badSize(String(size.prefix(40))) }
            var soundtrack: Soundtrack?
            if let path = fields["soundtrack"] {
                guard let path = path.removingPercentEncoding, let offset = fields["audio-offset"].flatMap(Double.init),
                      let gain = fields["audio-gain"].flatMap(Double.init) else {
                    throw ManifestError.badSoundtrack
                }
                soundtrack = Soundtrack(path: path, offset: offset, gain: gain)
            }
            var audioFrames: ClosedRange<Int>?
            if let span = fields["audio"] {
                guard let frames = RecordField.span(span) else { throw ManifestError.badSoundSpan(String(span.prefix(40))) }
                audioFrames = frames
            } else if !audio.isEmpty {
                throw ManifestError.soundWithoutSpan
            }
            return FrameManifest(scene: scene, width: wh[0], height: wh[1], rate: fps, seed: seed, duration: duration, frames: frames,
                                 audioFrames: audioFrames, soundtrack: soundtrack, audio: audio)
        }
    }
}

/// A manifest that cannot be read or checked. `description` is the one line a user reads.
public enum ManifestError: Error, CustomStringConvertible, Sendable, Equatable {
    case notAFrameLine(line: Int, excerpt: String)
    case notASoundLine(line: Int, excerpt: String)
    case lineTooLong(path: String, line: Int, limit: Int)
    /// A manifest whose entries would not fit in the memory this process may use.
    case tooLarge(path: String, entries: Int, needed: Int, available: Int)
    case missingHeader
    case badSize(String)
    case badSoundtrack
    case badSoundSpan(String)
    case soundWithoutSpan
    case unreadable(path: String, reason: String)
    case unknownScene(path: String, scene: String)
    /// The frames it describes are a render the library refuses, for this reason (a `RenderError`).
    case refusedRender(path: String, reason: String)

    public var description: String {
        switch self {
        case let .notAFrameLine(line, excerpt): "line \(line) is not a framemd5 frame line: \(excerpt)"
        case let .notASoundLine(line, excerpt): "line \(line) is not a sound packet line: \(excerpt)"
        case let .lineTooLong(path, line, limit): "\(path), line \(line): longer than \(limit >> 10) KB, more than any manifest line"
        case let .tooLarge(path, entries, needed, available):
            "\(path): \(entries) lines and more would need over \(needed >> 20) MB, more than the \(available >> 20) MB this process may use"
        case .missingHeader: "missing or malformed '#animate:' line (scene, size, fps, seed, duration)"
        case .badSize(let size): "bad size '\(size)'"
        case .badSoundtrack: "malformed soundtrack in the '#animate:' line (soundtrack, audio-offset, audio-gain)"
        case .badSoundSpan(let span): "bad sound span 'audio=\(span)' (A..B)"
        case .soundWithoutSpan: "sound lines without 'audio=A..B' in the '#animate:' line"
        case let .unreadable(path, reason): "cannot read \(path): \(reason)"
        case let .unknownScene(path, scene): "\(path) names scene '\(scene)', which this tool does not have (a lesson file's scene? name the file too: verify Lesson.swift \((path as NSString).lastPathComponent))"
        case let .refusedRender(path, reason): "\(path) describes frames render refuses: \(reason)"
        }
    }
}

/// The hash of one packet of sound in a manifest.
public struct AudioPacketHash: Sendable, Equatable {
    /// Its first sample, counted from the first frame's time.
    public let sample: Int
    /// Samples per channel.
    public let samples: Int
    /// MD5 of its interleaved 16-bit little-endian stereo bytes.
    public let md5: String

    public init(sample: Int, samples: Int, md5: String) { self.sample = sample; self.samples = samples; self.md5 = md5 }
}

extension ManifestError: AnimateError {}
