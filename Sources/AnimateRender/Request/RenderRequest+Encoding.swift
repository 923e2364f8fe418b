public import AnimateVideo

extension RenderRequest {
    /// The smallest width and height `codec`'s encoder takes.
    public static func smallestSize(for codec: VideoCodec) -> Int {
        switch codec {
        case .hevc: 16
        case .av1: 64
        default: 1
        }
    }

    /// Checks that `encoding` fits `output` at `size`: the codec in the container, its pixel
    /// format, and values on the codec's own scales. Without a video output the settings are
    /// checked as H.264's, the default.
    static func check(_ encoding: EncodingSettings, output: Output?, size: FrameSize) throws(RenderError) {
        guard EncodingSettings.encoderThreadRange.contains(encoding.encoderThreads) else {
            throw .invalidEncoderThreads(encoding.encoderThreads)
        }
        let format = output?.format ?? .mp4
        let container = format.videoContainer
        let stream = container.map { VideoStreamFormat(container: $0, settings: encoding) }
        if let codec = encoding.codec {
            guard let container, !container.codecs.isEmpty else { throw .codecWithoutVideo(codec, format) }
            guard container.codecs.contains(codec) else { throw .codecNotInContainer(codec, container) }
        }
        let codec = stream?.codec ?? encoding.codec ?? .h264
        if let pixelFormat = encoding.pixelFormat {
            guard stream?.codec != nil else { throw .pixelFormatWithoutVideo(pixelFormat, format) }
            guard codec.pixelFormats.contains(pixelFormat) else { throw .pixelFormatNotForCodec(pixelFormat, codec) }
        }
        if let crf = encoding.crf {
            guard let range = codec.crfRange else { throw .crfNotForCodec(codec) }
            guard range.contains(crf) else { throw .invalidCRF(crf, codec) }
        }
        if let preset = encoding.preset, !codec.presets.contains(preset) { throw .unknownPreset(preset, codec) }
        if let tune = encoding.tune, !codec.tunes.contains(tune) { throw .unknownTune(tune, codec) }
        switch (encoding.alpha, stream) {
        case (true?, let stream?) where !stream.keepsAlpha:
            let pixels = stream.pixelFormat.map { " \($0.rawValue)" } ?? ""
            throw .alphaNotKept(stream.codec == nil ? stream.container.name : "\(stream.codecName)\(pixels) in \(stream.container.name)")
        case (true?, nil) where format == .y4m:
            throw .alphaNotKept("Y4M")
        case (false?, let stream) where stream?.codec == nil && format != .gif && format != .y4m:
            throw .alphaAlwaysKept(format)
        default: break
        }
        guard output != nil, let stream, let codec = stream.codec else { return }
        let least = smallestSize(for: codec)
        guard size.width >= least, size.height >= least else {
            throw .sizeTooSmallForCodec(width: size.width, height: size.height, codec: codec)
        }
        // libvpx takes odd sizes; the other encoders need whole 2x2 chroma blocks.
        if stream.pixelFormat?.isSubsampled == true, codec != .vp9, size.width % 2 != 0 || size.height % 2 != 0 {
            throw .oddSizeForChromaSubsampling(width: size.width, height: size.height, codec: codec)
        }
    }
}
