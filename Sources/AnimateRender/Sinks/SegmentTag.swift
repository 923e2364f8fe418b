package import AnimateTimeline
import Foundation
import AnimateScene

/// What an MP4 was rendered from, kept in its comment tag: enough for `SegmentJoin` to check that
/// segments are consecutive parts of one render and to mix that render's sound for the joined file.
package struct SegmentTag: Sendable, Equatable {
    package var scene: String
    package var rate: FrameRate
    /// The timeline's duration in seconds.
    package var duration: Double
    package var seed: UInt64
    /// The timeline frames in the file.
    package var frames: ClosedRange<Int>
    package var soundtrack: Soundtrack?
    /// Whether the render was extended (`Scene.extended(at:)`) at its rate.
    package var extended = false
    /// Where its audio description went.
    package var audioDescription = AudioDescriptionOutput.track
    /// The MD5 of the file's video packets, which the muxer appends where it writes tags last
    /// (MP4, QuickTime); nil where it cannot.
    package var videoMD5: String?

    /// The tag of the file `request` renders.
    package init(_ request: RenderRequest) {
        scene = request.scene.name; rate = request.rate; duration = request.duration; seed = request.seed
        frames = request.frames; soundtrack = request.soundtrack
        extended = request.scene.extendedTimeline != nil; audioDescription = request.audioDescription
    }

    static let prefix = "animate-render:"

    /// The comment text.
    package var text: String {
        var fields = ["scene=\(RecordField.escape(scene))", "fps=\(rate)", "duration=\(duration)", "seed=\(seed)",
                      "frames=\(frames.lowerBound)..\(frames.upperBound)"]
        if let soundtrack {
            fields += ["audio=\(RecordField.escape(soundtrack.path))", "audio-offset=\(soundtrack.offset)", "audio-gain=\(soundtrack.gain)"]
        }
        if extended { fields.append("extended=1") }
        if audioDescription != .track { fields.append("audio-description=\(audioDescription.rawValue)") }
        return Self.prefix + " " + fields.joined(separator: " ")
    }

    /// What is wrong with the tag of a segment whose video runs at `videoRate` (nil when
    /// nothing is): a tag is read from a file, so its rate must be the video's and its frames
    /// a span of a timeline that can be.
    package func problem(videoRate: FrameRate?) -> String? {
        if let videoRate, videoRate != rate { return "it says \(rate) fps, but the video is \(videoRate) fps" }
        guard duration > 0, duration <= RenderRequest.maximumDuration else {
            return "its duration \(duration) s is not between 0 and \(Int(RenderRequest.maximumDuration)) s"
        }
        let timeline = rate.frameCount(forDuration: duration)
        guard frames.lowerBound >= 0, frames.upperBound < timeline else {
            return "its frames \(frames.lowerBound)..\(frames.upperBound) are not inside its timeline of \(timeline) frames"
        }
        return nil
    }

    /// Reads a comment written by `text`; nil for any other comment.
    package init?(parsing text: String) {
        guard text.hasPrefix(Self.prefix) else { return nil }
        var fields: [String: String] = [:]
        for pair in text.dropFirst(Self.prefix.count).split(separator: " ") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            guard kv.count == 2, let value = String(kv[1]).removingPercentEncoding else { return nil }
            fields[String(kv[0])] = value
        }
        guard let scene = fields["scene"], let rate = fields["fps"].flatMap(FrameRate.init(parsing:)),
              let duration = fields["duration"].flatMap(Double.init), duration.isFinite,
              let seed = fields["seed"].flatMap(UInt64.init), let frames = fields["frames"].flatMap(RecordField.span) else { return nil }
        self.scene = scene; self.rate = rate; self.duration = duration; self.seed = seed; self.frames = frames
        if let md5 = fields["video-md5"] {
            guard md5.count == 32, md5.allSatisfy(\.isHexDigit) else { return nil }
            videoMD5 = md5.lowercased()
        }
        if let extended = fields["extended"] {
            guard extended == "1" else { return nil }
            self.extended = true
        }
        if let output = fields["audio-description"] {
            guard let parsed = AudioDescriptionOutput(rawValue: output) else { return nil }
            audioDescription = parsed
        }
        if let path = fields["audio"] {
            guard let offset = fields["audio-offset"].flatMap(Double.init), let gain = fields["audio-gain"].flatMap(Double.init) else { return nil }
            soundtrack = Soundtrack(path: path, offset: offset, gain: gain)
        }
    }
}
