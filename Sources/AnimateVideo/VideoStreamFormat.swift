import CFFmpeg

/// What a video file's stream holds, settled from its container and the encoding settings:
/// the codec, its pixel format, and whether alpha is kept.
package struct VideoStreamFormat: Hashable, Sendable {
    package let container: VideoContainer
    /// Nil for GIF, APNG and WebP, which have their own image codecs.
    package let codec: VideoCodec?
    /// Nil for the RGBA and palette formats.
    package let pixelFormat: PixelFormat?
    /// Whether undrawn pixels stay transparent: ProRes, VP9 8-bit 4:2:0 in WebM (and in Matroska
    /// when asked), APNG and WebP, unless the settings say otherwise.
    package let keepsAlpha: Bool

    /// The stream `settings` ask of `container` (the container's codec and the codec's pixel
    /// format unless they name others; `RenderRequest` checks they fit).
    package init(container: VideoContainer, settings: EncodingSettings) {
        self.container = container
        let codec = container.codecs.isEmpty ? nil : settings.codec ?? container.defaultCodec
        self.codec = codec
        let pixelFormat = codec.map { settings.pixelFormat ?? $0.pixelFormats[0] }
        self.pixelFormat = pixelFormat
        switch codec {
        case .prores?: keepsAlpha = settings.alpha ?? true
        case .vp9?: keepsAlpha = pixelFormat == .yuv420p && (settings.alpha ?? (container == .webm)) && (container == .webm || container == .mkv)
        case nil: keepsAlpha = container != .gif
        default: keepsAlpha = false
        }
    }

    /// FFmpeg's encoder.
    var encoderName: String {
        switch container {
        case .gif: "gif"
        case .apng: "apng"
        case .webp: "libwebp_anim"
        default: codec!.encoderName
        }
    }

    /// The codec's name in messages.
    package var codecName: String { codec?.name ?? container.name }

    /// Whether frames are Y'CbCr, tagged BT.709 limited range (not palette or RGBA).
    var isYCbCr: Bool { codec != nil }

    /// The bytes of one `width x height` frame as the encoder takes it.
    package func frameBytes(width: Int, height: Int) -> Int {
        Int(max(0, av_image_get_buffer_size(avPixelFormat, Int32(width), Int32(height), 1)))
    }

    /// The frames the encoder takes.
    var avPixelFormat: AVPixelFormat {
        switch (container, codec, pixelFormat) {
        case (.gif, _, _): AV_PIX_FMT_PAL8
        case (.apng, _, _): AV_PIX_FMT_RGBA
        case (.webp, _, _): AV_PIX_FMT_BGRA
        case (_, .prores?, _) where keepsAlpha: AV_PIX_FMT_YUVA444P10LE
        case (_, .vp9?, _) where keepsAlpha: AV_PIX_FMT_YUVA420P
        case (_, _, let format?): format.avPixelFormat
        default: AV_PIX_FMT_YUV420P
        }
    }
}
