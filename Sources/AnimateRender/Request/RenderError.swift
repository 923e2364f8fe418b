import AnimateDrawing
public import AnimateScene
public import AnimateTimeline
public import AnimateVideo
import Foundation

/// A render description that breaks one of the rules every render follows, found before any
/// frame is drawn. `description` is the one line the command line prints (with exit code 64);
/// the library gives the same line, so a rule reads the same wherever it is met.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownScene(String, suggestions: [String], known: [String])
    case frameRateAboveMaximum(FrameRate)
    case frameRateBelowMinimum(FrameRate)
    case sizeOutOfRange(width: Int, height: Int)
    case oddSizeForChromaSubsampling(width: Int, height: Int, codec: VideoCodec)
    case sizeTooSmallForCodec(width: Int, height: Int, codec: VideoCodec)
    case codecNotInContainer(VideoCodec, VideoContainer)
    case codecWithoutVideo(VideoCodec, OutputFormat)
    case pixelFormatNotForCodec(PixelFormat, VideoCodec)
    case pixelFormatWithoutVideo(PixelFormat, OutputFormat)
    case crfNotForCodec(VideoCodec)
    case alphaNotKept(String)
    case alphaAlwaysKept(OutputFormat)
    case invalidDuration
    case durationTooLong(Double)
    case durationShorterThanOneFrame(Double, FrameRate)
    case emptyFrameSelection(FrameSelection)
    case framesOutsideScene(FrameSelection, frameCount: Int, rate: FrameRate)
    case moreShardsThanFrames(Shard, frames: Int)
    case stillNeedsOneFrame
    case invalidStillTime
    case stillTimePastEnd(Double, sceneSeconds: Double)
    case invalidStep(Int)
    case invalidThreads(Int)
    case invalidCRF(Int, VideoCodec)
    case unknownPreset(String, VideoCodec)
    case unknownTune(String, VideoCodec)
    case invalidEncoderThreads(Int)
    case unknownFormat(path: String)
    case notALocalPath(String)
    case standardOutputNeedsRawFormat
    case invalidSheetGrid
    case noSegments
    case joinedFileNotVideo(String)
    case patternTooWide(String)
    case frameRateOutOfRange(FrameRate)
    case missingOutput
    case invalidAudioOffset(Double)
    case invalidAudioGain(Double)
    case captionsNeedNarration(String)
    case descriptionsMissing(String)
    case unknownTranscriptFormat(String)
    case unknownSlidesFormat(String)
    case unknownHandoutFormat(String)
    case sideFileIsTheOutput(option: String, path: String)
    case extendedAtAnotherRate(scene: String, extended: String, rendered: String)
    case unknownCaptionFormat(String)
    case captionsAreTheOutput(String)
    case chaptersNeedSections(String)
    case chaptersNotWebVTT(String)
    case notEnoughMemory(needed: Int, available: Int)
    case sheetTooLarge(columns: Int, rows: Int, frame: FrameSize, sheet: FrameSize)
    case notEnoughMemoryForSheet(needed: Int, available: Int)
    /// A segment rendered with a soundtrack that the join was not given (by file name).
    case soundtrackNotNamed(segment: String, soundtrack: String)
    /// A sound file given to a join that no segment was rendered with.
    case soundtrackUnused(String)
    /// `--section` names no section of the scene.
    case unknownSection(String, scene: String, known: [String])
    /// `--section` with `--frames` or `--duration`.
    case sectionWithFrames

    /// "a, b or c".
    private static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items.last!
    }

    public var description: String {
        switch self {
        case let .unknownScene(name, suggestions, known):
            let hint = suggestions.isEmpty ? "" : " Did you mean \(suggestions.map { "'\($0)'" }.joined(separator: " or "))?"
            let list = known.isEmpty ? "There are no scenes." : "Scenes: \(known.joined(separator: ", "))."
            return "Unknown scene '\(name)'.\(hint) \(list)"
        case let .frameRateAboveMaximum(rate):
            return "--fps \(rate) is above the maximum of \(RenderRequest.maximumFrameRate)."
        case let .frameRateBelowMinimum(rate):
            return "--fps \(rate) is below the minimum of \(RenderRequest.minimumFrameRate) (one frame an hour)."
        case let .sizeOutOfRange(w, h):
            return "--size \(w)x\(h) is out of range: width and height must be \(RenderRequest.sizeLimits.lowerBound)...\(RenderRequest.sizeLimits.upperBound)."
        case let .oddSizeForChromaSubsampling(w, h, codec):
            return "--size \(w)x\(h): \(codec.name) in 4:2:0 needs an even width and height."
        case let .sizeTooSmallForCodec(w, h, codec):
            let least = RenderRequest.smallestSize(for: codec)
            return "--size \(w)x\(h) is too small for \(codec.name): it needs at least \(least)x\(least)."
        case let .codecNotInContainer(codec, container):
            return "--codec \(codec.rawValue): \(container.name) holds \(Self.list(container.codecs.map(\.rawValue))), not \(codec.name)."
        case let .codecWithoutVideo(codec, format):
            return "--codec \(codec.rawValue) applies to .mp4, .mov, .mkv and .webm; \(format.rawValue.uppercased()) output has its own."
        case let .pixelFormatNotForCodec(pixelFormat, codec):
            return "--pix-fmt \(pixelFormat.rawValue) is not available for \(codec.name) (\(Self.list(codec.pixelFormats.map(\.rawValue))))."
        case let .pixelFormatWithoutVideo(pixelFormat, format):
            return "--pix-fmt \(pixelFormat.rawValue) applies to .mp4, .mov, .mkv and .webm; \(format.rawValue.uppercased()) output has its own."
        case let .alphaNotKept(what):
            return "--alpha: \(what) has no alpha channel; ProRes (.mov, .mkv), VP9 in 8-bit 4:2:0 (.webm, .mkv), .apng, .webp and .png keep it."
        case let .alphaAlwaysKept(format):
            return "--no-alpha: \(format.rawValue.uppercased()) frames always carry alpha; fill the background in the scene to make them opaque."
        case let .crfNotForCodec(codec):
            return "--crf: \(codec.name) has no constant rate factor; --quality high selects 4444 XQ."
        case .invalidDuration:
            return "--duration must be a positive number of seconds."
        case let .durationTooLong(d):
            return "--duration \(d) is longer than 24 hours."
        case let .durationShorterThanOneFrame(d, rate):
            return "--duration \(d) is shorter than one frame at \(rate) fps."
        case let .emptyFrameSelection(frames):
            return "--frames \(frames) is empty or negative."
        case let .framesOutsideScene(frames, count, rate):
            return "--frames \(frames) is outside the scene: it has frames 0..\(count - 1) at \(rate) fps."
        case let .moreShardsThanFrames(shard, frames):
            return "--shard \(shard): more shards than the \(frames) frames to render."
        case .stillNeedsOneFrame:
            return "A PNG still takes one frame (--frames K..K); for a sequence put a pattern such as %05d in the file name."
        case .invalidStillTime:
            return "--at must be a time in seconds, 0 or more."
        case let .stillTimePastEnd(t, seconds):
            return "--at \(t) is past the end of the scene (\(String(format: "%.3g", seconds)) s)."
        case .invalidStep:
            return "--step must be 1 or more."
        case let .invalidThreads(n):
            return "--threads \(n) is out of range: it must be \(RenderRequest.threadLimits.lowerBound)...\(RenderRequest.threadLimits.upperBound)."
        case let .invalidCRF(crf, codec):
            let range = codec.crfRange!
            return "--crf \(crf) is out of range \(range.lowerBound)...\(range.upperBound) for \(codec.name)."
        case let .unknownPreset(p, codec):
            let known = codec.presets.isEmpty ? "" : " (\(codec.presets.joined(separator: ", ")))"
            return "--preset '\(p)' is not \(codec.presetMeaning)\(known)."
        case let .unknownTune(t, codec):
            let known = codec.tunes.isEmpty ? "\(codec.name) has no tunes" : codec.tunes.joined(separator: ", ")
            return "--tune '\(t)' is not a tune of \(codec.name) (\(known))."
        case .invalidEncoderThreads:
            return "--encoder-threads must be 0...64."
        case let .unknownFormat(path):
            let ext = (path as NSString).pathExtension
            let named = ext.isEmpty ? "no extension" : "extension '.\(ext)'"
            return "Cannot tell the format of '\(path)' (\(named)); use .mp4, .mov, .mkv, .webm, .gif, .apng, .webp, .png, .y4m or .rgba, or --format."
        case let .notALocalPath(path):
            return "Output '\(path)' is not a local file path (URLs, protocols and '-' are not supported)."
        case .standardOutputNeedsRawFormat:
            return "'-o -' writes raw frames to standard output: use it with --format y4m or --format rgba."
        case .invalidSheetGrid:
            return "--columns and --rows must be \(ContactSheet.gridLimits.lowerBound)...\(ContactSheet.gridLimits.upperBound)."
        case .noSegments:
            return "Give at least one segment to join."
        case let .joinedFileNotVideo(path):
            return "The joined file must be an .mp4, .mov, .mkv or .webm ('\(path)')."
        case let .patternTooWide(path):
            return "Output '\(path)': a frame number pattern pads to at most \(FramePattern.maximumWidth) digits (%0\(FramePattern.maximumWidth)d)."
        case let .frameRateOutOfRange(rate):
            return "--fps \(rate): the numerator and denominator must each be at most \(Int32.max)."
        case .missingOutput:
            return "This request has no output: give one to render to a file, or render into a sink."
        case let .invalidAudioOffset(offset):
            return "--audio-offset \(offset) must be a number of seconds within ±24 hours."
        case let .invalidAudioGain(gain):
            return "--audio-gain \(gain) must be a number from 0 to 16."
        case let .captionsNeedNarration(scene):
            return "Scene '\(scene)' has no narration, so it has no captions."
        case let .unknownSlidesFormat(path):
            return "--slides \(path): a presentation is one page; give it a .html name."
        case let .unknownHandoutFormat(path):
            return "--handout \(path): a handout is a PDF; give it a .pdf name."
        case let .sideFileIsTheOutput(option, path):
            return "\(option) \(path) is the render's own output file; give it a name of its own."
        case let .unknownTranscriptFormat(path):
            return "--transcript \(path): give a .html (a page with its pictures) or .txt (plain text) name."
        case let .descriptionsMissing(scene):
            return "Scene '\(scene)' has no descriptions: give it some with `describe` (storyboards) or `described` (any scene)."
        case let .extendedAtAnotherRate(scene, extended, rendered):
            return "Scene '\(scene)' was extended at \(extended) fps, so its held frames fall on that rate's frames: render it at \(extended) fps, not \(rendered)."
        case let .notEnoughMemory(needed, available):
            return "This render needs about \(needed >> 20) MB even with one drawing thread, more than the \(available >> 20) MB it may use; try a smaller --size, --low-memory, or a larger --max-memory."
        case let .sheetTooLarge(columns, rows, frame, sheet):
            return "A \(columns)x\(rows) sheet of \(frame) frames would be \(sheet) pixels, more than a PNG sheet may hold (\(Bitmap.maximumDimension) a side, about 268 million pixels); use a smaller --size or fewer --columns/--rows."
        case let .notEnoughMemoryForSheet(needed, available):
            return "This sheet needs about \(needed >> 20) MB, more than the \(available >> 20) MB it may use; use a smaller --size, fewer --columns/--rows, or a larger --max-memory."
        case let .soundtrackNotNamed(segment, soundtrack):
            return "\(segment) was rendered with --audio \(soundtrack); concat reads only the sound files it is given: add --audio \((soundtrack as NSString).lastPathComponent) to mix it in."
        case let .soundtrackUnused(path):
            return "--audio \(path): no segment was rendered with a soundtrack of that name."
        case let .captionsAreTheOutput(path):
            return "--captions \(path) is the render's own output file; give the captions a name of their own."
        case let .chaptersNeedSections(scene):
            return "Scene '\(scene)' has no sections, so it has no chapters (a storyboard's s.section(\"Name\") or s.chapter(\"Name\") makes one)."
        case let .chaptersNotWebVTT(path):
            return "Chapters '\(path)': use a .vtt (WebVTT) file name."
        case let .unknownCaptionFormat(path):
            return "Captions '\(path)': use a .vtt (WebVTT), .srt (SubRip) or .json (timed words) file name."
        case let .unknownSection(name, scene, known):
            return known.isEmpty ? "--section \(name): scene '\(scene)' has no sections."
                : "--section \(name): scene '\(scene)' has no section of that name; its sections: \(known.joined(separator: ", "))."
        case .sectionWithFrames:
            return "--section picks the frames itself: give it without --frames or --duration."
        }
    }
}

extension RenderError: AnimateError {
    public var isUsageError: Bool { true }
}
