import CFFmpeg

/// The process-wide settings of FFmpeg's libraries, made once before any of them is used: every
/// problem is reported once, in our words (`FFmpegError`, `VideoError`), so FFmpeg itself prints
/// nothing.
package enum FFmpegLibrary {
    private static let configured: Void = { av_log_set_level(AV_LOG_QUIET) }()

    /// Makes the settings (once; later calls do nothing).
    package static func setUp() { _ = configured }
}
