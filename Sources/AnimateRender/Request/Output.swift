public import Foundation

/// Where a render goes.
public enum Output: Hashable, Sendable {
    /// MP4: H.264 unless `EncodingSettings.codec` names another.
    case mp4(URL)
    /// Animated GIF, looping forever.
    case gif(URL)
    /// ProRes 4444 with alpha in a QuickTime movie (undrawn pixels stay transparent), or H.264, HEVC.
    case mov(URL)
    /// Matroska: H.264 unless `EncodingSettings.codec` names another.
    case mkv(URL)
    /// VP9 with alpha in WebM, silent: undrawn pixels stay transparent in browsers (or AV1).
    case webm(URL)
    /// Animated PNG, lossless with alpha, looping forever.
    case apng(URL)
    /// Animated WebP with alpha, looping forever.
    case webp(URL)
    /// One PNG still (which frame: see `RenderRequest`).
    case png(URL)
    /// Numbered PNGs: `pattern` holds a printf-style frame number such as `%05d`.
    case pngSequence(pattern: String)
    /// YUV4MPEG2 4:2:0 frames, for piping into any encoder.
    case y4m(RawDestination)
    /// Bare straight RGBA frames, `width * height * 4` bytes each.
    case rgba(RawDestination)

    /// Where raw frames go.
    public enum RawDestination: Hashable, Sendable {
        case file(URL)
        case standardOutput
    }

    /// The output a path names: the format follows the extension unless `format` is given; a
    /// `.png` path with a `%05d`-style pattern is a sequence; `-` is standard output (raw formats
    /// only). Only plain local paths are accepted, never URLs or FFmpeg protocols.
    public init(path: String, format: OutputFormat? = nil) throws(RenderError) {
        if path == "-" {
            switch format {
            case .y4m?: self = .y4m(.standardOutput)
            case .rgba?: self = .rgba(.standardOutput)
            default: throw .standardOutputNeedsRawFormat
            }
            return
        }
        if path.isEmpty || path.hasPrefix("-") || path.contains("://")
            || path.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*:"#, options: .regularExpression) != nil {
            throw .notALocalPath(path)
        }
        let url = URL(fileURLWithPath: path)
        guard let format = format ?? OutputFormat(pathExtension: url.pathExtension) else { throw .unknownFormat(path: path) }
        switch format {
        case .mp4: self = .mp4(url)
        case .gif: self = .gif(url)
        case .mov: self = .mov(url)
        case .mkv: self = .mkv(url)
        case .webm: self = .webm(url)
        case .apng: self = .apng(url)
        case .webp: self = .webp(url)
        case .png:
            if FramePattern.isPattern(path) {
                guard FramePattern.width(path) != nil else { throw .patternTooWide(path) }
                self = .pngSequence(pattern: url.path)
            } else {
                self = .png(url)
            }
        case .y4m: self = .y4m(.file(url))
        case .rgba: self = .rgba(.file(url))
        }
    }

    /// The format written.
    public var format: OutputFormat {
        switch self {
        case .mp4: return .mp4
        case .gif: return .gif
        case .mov: return .mov
        case .mkv: return .mkv
        case .webm: return .webm
        case .apng: return .apng
        case .webp: return .webp
        case .png, .pngSequence: return .png
        case .y4m: return .y4m
        case .rgba: return .rgba
        }
    }

    /// The one file written, if the output is one file (not a sequence or standard output).
    public var file: URL? {
        switch self {
        case .mp4(let url), .gif(let url), .mov(let url), .mkv(let url), .webm(let url), .apng(let url), .webp(let url),
             .png(let url), .y4m(.file(let url)), .rgba(.file(let url)): return url
        case .pngSequence, .y4m(.standardOutput), .rgba(.standardOutput): return nil
        }
    }
}
