package import AnimateAudio
package import AnimatePixels
package import AnimateTimeline
import CFFmpeg
import Foundation

/// Encodes frames, in order, into a video file (`VideoContainer`: MP4, QuickTime or Matroska
/// with an optional AAC soundtrack, WebM, or an animated GIF, APNG or WebP) through libavcodec
/// and libavformat.
///
/// The time base is exactly 1/fps and each frame advances the timestamp by one, so the file's
/// frame rate and frame count are exact. Files are opened with the `file` protocol only.
package final class VideoEncoder {
    package let container: VideoContainer
    package let width: Int
    package let height: Int
    package let rate: FrameRate
    package let settings: EncodingSettings
    /// The codec and pixel format the settings give this container.
    package let stream: VideoStreamFormat
    private let palette: GIFPalette?
    private let audio: AudioMix?
    private let described: AudioMix?
    private let comment: String?
    private let chapters: [VideoChapter]
    private var audioTrack: AudioTrackEncoder?
    private var describedTrack: AudioTrackEncoder?
    private var muxer: Muxer?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var avStream: UnsafeMutablePointer<AVStream>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var finished = false
    private var nextPTS: Int64 = 0
    private let path: String
    /// The path named in error messages (the user's destination, not the temporary file).
    private let name: String
    /// Frames accepted so far.
    package private(set) var frameCount = 0
    /// Video packets written so far.
    private var packetCount: Int64 = 0

    /// Opens `path` for writing `width x height` frames at `rate`. For GIF, `palette` is the global
    /// palette every frame maps to. A container that carries sound gets `audio` as its AAC track (output sample 0 plays with
    /// the first frame) and `described` (the audio description) as a second, tagged one, `comment` as its comment tag and `chapters` where it carries them. Errors name `displayPath` (default: `path`),
    /// e.g. the destination a temporary file will become.
    package init(path: String, container: VideoContainer, width: Int, height: Int, rate: FrameRate,
                settings: EncodingSettings = EncodingSettings(), palette: GIFPalette? = nil, audio: AudioMix? = nil,
                described: AudioMix? = nil, comment: String? = nil, chapters: [VideoChapter] = [], displayPath: String? = nil) throws {
        self.container = container
        self.width = width
        self.height = height
        self.rate = rate
        self.settings = settings
        self.stream = VideoStreamFormat(container: container, settings: settings)
        self.palette = palette
        let described = container.carriesSound ? described : nil
        self.audio = container.carriesSound ? audio ?? described.map { AudioMix(window: $0.window) } : nil
        self.described = described
        self.comment = comment
        self.chapters = chapters
        self.path = path
        self.name = displayPath ?? path
        do { try open() } catch { close(); throw error }
    }

    deinit { close() }

    /// How this encoder's frames store their samples, which says which conversion fills them.
    package func frameLayout() throws -> PlaneLayout {
        switch stream.avPixelFormat {
        case AV_PIX_FMT_PAL8: return .palette(palette!)
        case AV_PIX_FMT_RGBA: return .straight(bgra: false)
        case AV_PIX_FMT_BGRA: return .straight(bgra: true)
        case AV_PIX_FMT_YUVA444P10LE: return .yuva(subsampled: false)
        case AV_PIX_FMT_YUVA420P: return .yuva(subsampled: true)
        default:
            guard let format = stream.pixelFormat else { throw VideoError.noFrameConversion(codec: stream.codecName) }
            return .yuv(subsampled: format.isSubsampled, tenBit: format.isTenBit)
        }
    }

    /// Empty frames this encoder accepts, for a worker thread to fill.
    package func makeFrameSource() throws -> VideoFrameSource {
        try VideoFrameSource(format: stream.avPixelFormat, width: width, height: height)
    }

    private func open() throws {
        if container == .gif && palette == nil { throw VideoError.gifNeedsPalette }
        let muxer = try Muxer(path: path, container: container, name: name)
        self.muxer = muxer

        guard let encoder = avcodec_find_encoder_by_name(stream.encoderName) else {
            throw VideoError.encoderMissing(stream.encoderName, install: "Debian's libavcodec59")
        }
        let st = try muxer.addStream()
        self.avStream = st
        guard let ctx = avcodec_alloc_context3(encoder) else { throw VideoError.outOfMemory("opening the encoder") }
        codec = ctx
        ctx.pointee.width = Int32(width)
        ctx.pointee.height = Int32(height)
        ctx.pointee.time_base = AVRational(num: Int32(rate.denominator), den: Int32(rate.numerator))
        ctx.pointee.framerate = AVRational(num: Int32(rate.numerator), den: Int32(rate.denominator))
        ctx.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        ctx.pointee.pix_fmt = stream.avPixelFormat
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        if stream.isYCbCr {
            ctx.pointee.color_primaries = AVCOL_PRI_BT709
            ctx.pointee.color_trc = AVCOL_TRC_BT709
            ctx.pointee.colorspace = AVCOL_SPC_BT709
            ctx.pointee.color_range = AVCOL_RANGE_MPEG
            if stream.pixelFormat?.isSubsampled == true && !stream.keepsAlpha {
                // Our conversions average each 2x2 block: chroma sits at the block's centre.
                ctx.pointee.chroma_sample_location = AVCHROMA_LOC_CENTER
            }
            let cores = Int32(ProcessInfo.processInfo.activeProcessorCount)
            ctx.pointee.thread_count = settings.encoderThreads > 0 ? Int32(settings.encoderThreads) : cores
        }
        if let interval = settings.keyframeInterval { ctx.pointee.gop_size = Int32(interval) }
        if let codec = stream.codec {
            if let crf = settings.crf(for: codec) { av_dict_set(&options, "crf", String(crf), 0) }
            if let tune = settings.tune { av_dict_set(&options, "tune", tune, 0) }
        }
        switch stream.codec {
        case .h264?:
            // Frame threads are fastest; slice threads keep fewer frames in flight (see EncodingSettings).
            ctx.pointee.thread_type = settings.sliceThreads ? FF_THREAD_SLICE : FF_THREAD_FRAME
            av_dict_set(&options, "preset", settings.preset(for: .h264), 0)
        case .hevc?:
            av_dict_set(&options, "preset", settings.preset(for: .hevc), 0)
            // x265 prints its settings on stderr unless told not to.
            av_dict_set(&options, "x265-params", "log-level=error", 0)
        case .vp9?:
            // Constant quality (no bit-rate target) at the preset's speed (libvpx's realtime
            // deadline above cpu-used 5, where its good-quality mode gets no faster); with alpha, libvpx encodes the alpha plane as a second stream that WebM
            // carries beside each frame (browsers composite it).
            ctx.pointee.bit_rate = 0
            let speed = settings.preset(for: .vp9) ?? "4"
            av_dict_set(&options, "deadline", (Int(speed) ?? 4) >= 6 ? "realtime" : "good", 0)
            av_dict_set(&options, "cpu-used", speed, 0)
            av_dict_set(&options, "row-mt", "1", 0)
        case .av1?:
            av_dict_set(&options, "preset", settings.preset(for: .av1), 0)
            // SVT-AV1 prints its configuration on stderr unless its log level says errors only
            // (a level the user set is kept).
            setenv("SVT_LOG", "1", 0)
        case .prores?:
            // ProRes 4444 (or XQ): a 16-bit alpha plane, Apple's vendor id (some editors check it).
            av_dict_set(&options, "profile", VideoCodec.prores.proResProfile(for: settings.quality), 0)
            av_dict_set(&options, "alpha_bits", stream.keepsAlpha ? "16" : "0", 0)
            av_dict_set(&options, "vendor", "apl0", 0)
        case nil:
            if container == .webp {
                // Lossy WebP at quality 60 / 90, lossless for `.high`.
                if settings.quality == .high {
                    av_dict_set(&options, "lossless", "1", 0)
                } else {
                    av_dict_set(&options, "quality", settings.quality == .draft ? "60" : "90", 0)
                }
            }
        }
        if muxer.wantsGlobalHeader {
            ctx.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        let opened = avcodec_open2(ctx, encoder, &options)
        if opened < 0 {
            // Say which of our values the encoder may have refused, not only FFmpeg's reason.
            let reason = FFmpegError(code: opened, operation: "").message
            let large = max(rate.numerator, rate.denominator) > 1_000_000
            throw VideoError.encoderRefused(codec: "\(stream.codecName) (\(stream.encoderName))", reason: reason, settings:
                "\(width)x\(height) at \(rate.numerator)/\(rate.denominator) fps", hint: large
                    ? "its frame rate is a fraction with terms too large for it; give the rate as a decimal (such as 239.9) or a smaller fraction"
                    : "try another --size, --fps, --pix-fmt or --preset")
        }
        try FFmpegError.check(avcodec_parameters_from_context(st.pointee.codecpar, ctx), "configuring the stream")
        // The container's own tag where it has one (hvc1); otherwise the encoder's (ProRes's ap4h).
        if let tag = stream.codec.map(container.codecTag(for:)), tag != 0 { st.pointee.codecpar.pointee.codec_tag = tag }
        st.pointee.time_base = ctx.pointee.time_base
        st.pointee.avg_frame_rate = ctx.pointee.framerate
        st.pointee.r_frame_rate = ctx.pointee.framerate
        if let audio { audioTrack = try AudioTrackEncoder(mix: audio, format: muxer.context, name: name, described: described.map { _ in false }) }
        if let described { describedTrack = try AudioTrackEncoder(mix: described, format: muxer.context, name: name, described: true) }
        muxer.setComment(comment)
        muxer.setChapters(chapters)
        if comment != nil { muxer.digestVideo() }
        try muxer.writeHeader()
        guard let pkt = av_packet_alloc() else { throw VideoError.outOfMemory("allocating a packet") }
        packet = pkt
    }

    /// Encodes the next frame (frames must come in order).
    package func append(_ frame: VideoFrame) throws {
        guard let ctx = codec, !finished else { throw VideoError.encoderClosed(path: name, audio: false) }
        frame.frame.pointee.pts = nextPTS
        nextPTS += 1
        if stream.isYCbCr {
            frame.frame.pointee.color_primaries = AVCOL_PRI_BT709
            frame.frame.pointee.color_trc = AVCOL_TRC_BT709
            frame.frame.pointee.colorspace = AVCOL_SPC_BT709
            frame.frame.pointee.color_range = AVCOL_RANGE_MPEG
        }
        try FFmpegError.check(avcodec_send_frame(ctx, frame.frame), "encoding frame \(frameCount)")
        frameCount += 1
        try drain()
        try audioTrack?.encode(through: rate.audioSample(ofFrame: frameCount))
        try describedTrack?.encode(through: rate.audioSample(ofFrame: frameCount))
    }

    private func drain() throws {
        guard let ctx = codec, let pkt = packet, let muxer, let st = avStream else { return }
        try PacketWriter.drain(ctx, into: st, of: muxer.context, using: pkt, operation: "encoding", name: name) { packet in
            // x265 sets the offset it subtracts for its decode times only when its third frame
            // arrives, so an encode of one or two frames gets whatever memory held (a muxer may
            // refuse it, and the bytes change from run to run). Such frames are coded in
            // presentation order, one packet each: the packet's place is its decode time.
            if stream.codec == .hevc && frameCount < 3 { packet.pointee.dts = packetCount }
            packetCount += 1
        }
    }

    /// Flushes the encoder, writes the trailer (for MP4, moves the index to the front) and closes
    /// the file. The soundtrack is written whole, or with `cuttingAudioToVideo` only as far as
    /// the frames encoded (for a render stopped early).
    package func finish(cuttingAudioToVideo: Bool = false) throws {
        guard !finished else { return }
        finished = true
        defer { close() }
        guard let ctx = codec, let muxer else { return }
        try FFmpegError.check(avcodec_send_frame(ctx, nil), "flushing the encoder")
        try drain()
        try audioTrack?.finish(through: cuttingAudioToVideo ? rate.audioSample(ofFrame: frameCount) : nil)
        audioTrack = nil
        try describedTrack?.finish(through: cuttingAudioToVideo ? rate.audioSample(ofFrame: frameCount) : nil)
        describedTrack = nil
        try muxer.finish()
        if container == .webp {
            let milliseconds = (Int64(frameCount) * 1000 * Int64(rate.denominator) + Int64(rate.numerator) / 2) / Int64(rate.numerator)
            try AnimatedWebPTiming.setDuration(ofFileAt: path, toMilliseconds: Int(milliseconds))
        }
    }

    private func close() {
        audioTrack = nil
        describedTrack = nil
        if let pkt = packet { var p: UnsafeMutablePointer<AVPacket>? = pkt; av_packet_free(&p); packet = nil }
        if let ctx = codec { var c: UnsafeMutablePointer<AVCodecContext>? = ctx; avcodec_free_context(&c); codec = nil }
        muxer = nil
    }
}
