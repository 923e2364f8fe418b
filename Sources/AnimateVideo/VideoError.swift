/// A video, picture or segment that cannot be written or joined, for a reason of ours around
/// FFmpeg (what FFmpeg itself refuses is an `FFmpegError`). `description` is the one line a user reads.
public enum VideoError: Error, CustomStringConvertible, Sendable, Equatable {
    /// FFmpeg was built without an encoder: its name, and how to get it when we know.
    case encoderMissing(String, install: String?)
    /// Out of memory while doing what the payload says ("allocating a frame").
    case outOfMemory(String)
    case encoderClosed(path: String, audio: Bool)
    /// A still's pixels are not `width x height` RGBA: the format ("PNG"), the byte count, the size.
    case notRGBA(format: String, bytes: Int, width: Int, height: Int)
    case conversionFailed(format: String, width: Int, height: Int)
    case noFrameConversion(codec: String)
    case gifNeedsPalette
    case cannotCreateMuxer(container: String, path: String)
    case cannotOpenOutput(path: String, reason: String)
    /// An encoder that would not open with these settings, and what to change.
    case encoderRefused(codec: String, reason: String, settings: String, hint: String)
    case cannotAddStream(path: String, audio: Bool)
    /// The program reading raw frames closed its end early.
    case readerClosedEarly
    case rawWriteFailed(reason: String)
    case notWebP(path: String)
    case frameSizeMismatch(bytes: Int, expected: Int)
    case nothingToJoin
    case segmentUnreadable(path: String, InputFileProblem)
    case segmentWithoutVideo(path: String)
    case segmentUndecodable(path: String)
    /// A file FFmpeg cannot open as a container of video (FFmpeg's reason).
    case segmentNotVideo(path: String, reason: String)
    case segmentCodecNotInContainer(path: String, codec: String, container: String, held: [String])
    case segmentCodecMismatch(path: String, codec: String, first: String, firstCodec: String)
    case segmentFormatMismatch(path: String, first: String)
    case segmentSettingsMismatch(path: String, first: String)
    case segmentFrameIncomplete(path: String, frame: Int)
    /// Packets out of decoding order, or frames not one frame apart.
    case segmentTimestampsBroken(path: String, frame: Int)
    case segmentTruncated(path: String, indexed: Int, read: Int)
    /// A frame the decoder refuses or flags as damaged (0-based, in decoding order).
    case segmentFrameUndecodable(path: String, frame: Int)
    /// A Matroska or WebM segment with fewer frames than its duration holds.
    case segmentShorterThanItsDuration(path: String, frames: Int, read: Int)
    /// A segment whose render tag gives another frame count than the segment holds.
    case segmentTagMismatch(path: String, tagged: Int, read: Int)
    /// The checksum of a finished file's video could not be written into its tag.
    case digestNotTagged(path: String)
    /// A segment whose video packets are not those its render tag's digest records.
    case segmentDigestMismatch(path: String)
    /// A render tag that names a render that cannot be (the rule it breaks).
    case segmentTagInvalid(path: String, reason: String)
    /// A segment that read otherwise when joined than when it was checked a moment before.
    case segmentChangedWhileJoined(path: String)
    case segmentsOfUnknownScene(String)
    /// Tagged segments that are not consecutive parts of one render, in order.
    case segmentsOutOfSequence(path: String, reason: String)
    case segmentSoundUnplaceable(path: String)

    public var description: String {
        switch self {
        case let .encoderMissing(name, install):
            "FFmpeg has no \(name) encoder" + (install.map { " (install \($0))" } ?? "")
        case .outOfMemory(let doing): "out of memory \(doing)"
        case let .encoderClosed(path, audio): "the \(audio ? "audio " : "")encoder for \(path) is closed"
        case let .notRGBA(format, bytes, width, height): "\(format): \(bytes) bytes do not make a \(width)x\(height) RGBA image"
        case let .conversionFailed(format, width, height): "\(format): cannot convert \(width)x\(height) RGBA"
        case .noFrameConversion(let codec): "no frame conversion for \(codec)"
        case .gifNeedsPalette: "a GIF needs a palette"
        case let .cannotCreateMuxer(container, path): "cannot create the \(container) muxer for \(path)"
        case let .encoderRefused(codec, reason, settings, hint): "the \(codec) encoder refused \(settings) (\(reason)): \(hint)"
        case let .cannotOpenOutput(path, reason): "cannot open \(path) for writing: \(reason)"
        case let .cannotAddStream(path, audio): "cannot add \(audio ? "an audio" : "a") stream to \(path)"
        case .readerClosedEarly: "writing raw frames: the program reading them closed its end before all frames were written"
        case .rawWriteFailed(let reason): "writing raw frames: \(reason)"
        case .notWebP(let path): "\(path) is not a WebP file"
        case let .frameSizeMismatch(bytes, expected): "frame has \(bytes) bytes, expected \(expected)"
        case .nothingToJoin: "nothing to join"
        case let .segmentUnreadable(path, problem): "cannot read \(path): \(problem)"
        case .segmentWithoutVideo(let path): "\(path) has no video stream"
        case .segmentUndecodable(let path): "\(path) is damaged or truncated: its video cannot be read"
        case let .segmentNotVideo(path, reason): "\(path) cannot be read as video: \(reason) (damaged, or not a video file?)"
        case let .segmentCodecNotInContainer(path, codec, container, held):
            "\(path) is \(codec) video, which \(container) cannot hold (it holds \(held.isEmpty ? "none" : held.joined(separator: ", ")))"
        case let .segmentCodecMismatch(path, codec, first, firstCodec):
            "\(path) is \(codec) but \(first) is \(firstCodec): segments must share one codec to be joined without re-encoding"
        case let .segmentFormatMismatch(path, first):
            "\(path) does not match \(first) (size, pixel format and frame rate must be the same)"
        case let .segmentSettingsMismatch(path, first):
            "\(path) was encoded with different settings from \(first); render all segments with the same options"
        case let .segmentsOutOfSequence(path, reason): "\(path): \(reason); give the segments of one render in order, or --force to join them anyway"
        case let .segmentTimestampsBroken(path, frame): "\(path) is damaged: its timestamps break at frame \(frame)"
        case let .segmentFrameIncomplete(path, frame): "\(path) is damaged: frame \(frame) is incomplete (a truncated or partly written file?)"
        case let .segmentTruncated(path, indexed, read):
            "\(path) is truncated: its index lists \(indexed) frames, but only \(read) can be read"
        case let .segmentFrameUndecodable(path, frame):
            "\(path) is damaged: frame \(frame) cannot be decoded"
        case let .segmentShorterThanItsDuration(path, frames, read):
            "\(path) is damaged or truncated: its duration holds \(frames) frames, but only \(read) can be read"
        case let .segmentTagMismatch(path, tagged, read):
            "\(path) is damaged or truncated: its render tag lists \(tagged) frames, but it holds \(read)"
        case .digestNotTagged(let path): "cannot write the checksum of \(path)'s video into its tag"
        case .segmentDigestMismatch(let path):
            "\(path) is damaged: its video data is not what was rendered (the checksum in its render tag differs)"
        case let .segmentTagInvalid(path, reason):
            "\(path) has a render tag that cannot be right: \(reason)"
        case .segmentChangedWhileJoined(let path):
            "\(path) changed while it was being joined"
        case .segmentsOfUnknownScene(let scene): "the segments were rendered from scene '\(scene)', which this tool does not have"
        case .segmentSoundUnplaceable(let path):
            "cannot place the sound of the segments: \(path) was not rendered by animate at their frame rate"
        }
    }
}
