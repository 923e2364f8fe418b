import CFFmpeg

/// Versions of the linked FFmpeg libraries.
package enum FFmpegVersion {
    /// libavformat's version as FFmpeg writes it in `framemd5` output, e.g. `Lavf59.27.100`.
    package static var libavformat: String {
        let v = avformat_version()
        return "Lavf\(v >> 16).\((v >> 8) & 0xFF).\(v & 0xFF)"
    }
}
