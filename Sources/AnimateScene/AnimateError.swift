import AnimateSpeech
import AnimateVideo

/// What every error the library throws is: one line a user reads (`description`), naming what was
/// wrong and where, and whether the request itself broke a rule (`isUsageError`: the command line
/// exits with 64) or the work failed (1). Each layer has its own enum of cases to match on:
/// `RenderError` (the request), `AudioError` and `SpeechError` (sound), `ImageError` (pictures),
/// `VideoError` and `FFmpegError` (encoding and joining), `OutputError` (writing files),
/// `ManifestError` (frame hashes).
public protocol AnimateError: Error, CustomStringConvertible, Sendable {
    /// Whether the request broke a rule of what can be rendered, found before any work.
    var isUsageError: Bool { get }
}

extension AnimateError {
    public var isUsageError: Bool { false }
}

extension AudioError: AnimateError {}
extension SpeechError: AnimateError {}
extension ImageError: AnimateError {}
extension InputFileProblem: AnimateError {}
extension VideoError: AnimateError {}
extension FFmpegError: AnimateError {}
