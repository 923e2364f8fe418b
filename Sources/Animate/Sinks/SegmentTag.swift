import Foundation

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

    /// The tag of the file `request` renders.
    package init(_ request: RenderRequest) {
        scene = request.scene.name; rate = request.rate; duration = request.duration; seed = request.seed
        frames = request.frames; soundtrack = request.soundtrack
    }

    static let prefix = "animate-render:"

    /// The comment text.
    package var text: String {
        var fields = ["scene=\(RecordField.escape(scene))", "fps=\(rate)", "duration=\(duration)", "seed=\(seed)",
                      "frames=\(frames.lowerBound)..\(frames.upperBound)"]
        if let soundtrack {
            fields += ["audio=\(RecordField.escape(soundtrack.path))", "audio-offset=\(soundtrack.offset)", "audio-gain=\(soundtrack.gain)"]
        }
        return Self.prefix + " " + fields.joined(separator: " ")
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
        if let path = fields["audio"] {
            guard let offset = fields["audio-offset"].flatMap(Double.init), let gain = fields["audio-gain"].flatMap(Double.init) else { return nil }
            soundtrack = Soundtrack(path: path, offset: offset, gain: gain)
        }
    }
}
