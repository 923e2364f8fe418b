import CFFmpeg

/// An error from FFmpeg, carrying FFmpeg's own message and what we were doing.
public struct FFmpegError: Error, CustomStringConvertible, Sendable, Equatable {
    /// FFmpeg's (negative) return code.
    public let code: Int32
    /// What the wrapper was doing, e.g. "opening the H.264 encoder".
    public let operation: String
    /// FFmpeg's text for `code`.
    public var message: String {
        var buffer = [CChar](repeating: 0, count: Int(cffmpeg_error_max_string_size()))
        av_make_error_string(&buffer, buffer.count, code)
        return String(cString: buffer)
    }

    public var description: String { "\(operation): \(message)" }

    /// Throws when `code` is negative (FFmpeg's failure convention); returns it otherwise.
    @discardableResult
    static func check(_ code: Int32, _ operation: @autoclosure () -> String) throws -> Int32 {
        if code < 0 { throw FFmpegError(code: code, operation: operation()) }
        return code
    }
}
