import AnimateAudio
import CFFmpeg

/// Encodes an `AudioMix` as the AAC track of a file being muxed (48 kHz stereo, FFmpeg's native
/// `aac` encoder): added before the header is written, then fed as the video advances so the
/// muxer can interleave the two.
final class AudioTrackEncoder {
    /// AAC's frame: every packet but the last holds this many samples per channel.
    static let frameSize = 1024
    private let mix: AudioMix
    private let format: UnsafeMutablePointer<AVFormatContext>
    private let stream: UnsafeMutablePointer<AVStream>
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private let name: String
    /// Output samples encoded so far.
    private(set) var encoded = 0
    private var pcm: [Int16] = []
    private var scratch: [Float] = []

    /// Adds the track to `format` (before its header is written). Beside an audio description
    /// (`described` true for it, false for the main track), the main track is the default and
    /// the description's is tagged for the visually impaired and titled.
    init(mix: AudioMix, format: UnsafeMutablePointer<AVFormatContext>, name: String, described: Bool? = nil) throws {
        self.mix = mix
        self.format = format
        self.name = name
        guard let encoder = avcodec_find_encoder(AV_CODEC_ID_AAC) else { throw VideoError.encoderMissing("AAC", install: nil) }
        guard let st = avformat_new_stream(format, nil) else { throw VideoError.cannotAddStream(path: name, audio: true) }
        stream = st
        guard let ctx = avcodec_alloc_context3(encoder) else { throw VideoError.outOfMemory("opening the AAC encoder") }
        codec = ctx
        ctx.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        ctx.pointee.sample_rate = Int32(AudioClock.sampleRate)
        av_channel_layout_default(&ctx.pointee.ch_layout, Int32(AudioClock.channels))
        ctx.pointee.bit_rate = 192_000
        ctx.pointee.time_base = AVRational(num: 1, den: Int32(AudioClock.sampleRate))
        ctx.pointee.thread_count = 1
        if (format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 {
            ctx.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        do {
            try FFmpegError.check(avcodec_open2(ctx, encoder, nil), "opening the AAC encoder")
            try FFmpegError.check(avcodec_parameters_from_context(st.pointee.codecpar, ctx), "configuring the audio stream")
            st.pointee.time_base = ctx.pointee.time_base
            switch described {
            case true?:
                st.pointee.disposition = AV_DISPOSITION_VISUAL_IMPAIRED | AV_DISPOSITION_DESCRIPTIONS
                av_dict_set(&st.pointee.metadata, "title", "Audio description", 0)
            case false?:
                st.pointee.disposition = AV_DISPOSITION_DEFAULT
            case nil: break
            }
            guard let f = av_frame_alloc(), let p = av_packet_alloc() else { throw VideoError.outOfMemory("opening the AAC encoder") }
            frame = f
            packet = p
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Encodes the mix up to output sample `end` (whole AAC frames only; `finish` does the rest).
    func encode(through end: Int) throws {
        let target = min(end, mix.frameCount)
        while target - encoded >= Self.frameSize { try encodeFrame(count: Self.frameSize) }
    }

    /// Encodes the rest of the mix up to output sample `end` (default: all of it) and flushes.
    func finish(through end: Int? = nil) throws {
        let target = min(end ?? mix.frameCount, mix.frameCount)
        while encoded < target { try encodeFrame(count: min(Self.frameSize, target - encoded)) }
        try FFmpegError.check(avcodec_send_frame(codec, nil), "flushing the AAC encoder")
        try drain()
        close()
    }

    private func encodeFrame(count: Int) throws {
        guard let ctx = codec, let f = frame else { throw VideoError.encoderClosed(path: name, audio: true) }
        mix.render(first: encoded, count: count, into: &pcm, scratch: &scratch)
        f.pointee.nb_samples = Int32(count)
        f.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
        f.pointee.sample_rate = ctx.pointee.sample_rate
        try FFmpegError.check(av_channel_layout_copy(&f.pointee.ch_layout, &ctx.pointee.ch_layout), "preparing audio")
        try FFmpegError.check(av_frame_get_buffer(f, 0), "allocating audio")
        defer { av_frame_unref(f) }
        // The encoder takes the 16-bit mix exactly (k / 32768), so the track is the PCM `hash` names.
        f.pointee.extended_data[0]!.withMemoryRebound(to: Float.self, capacity: count) { left in
            f.pointee.extended_data[1]!.withMemoryRebound(to: Float.self, capacity: count) { right in
                for i in 0..<count {
                    left[i] = Float(pcm[2 * i]) / 32768
                    right[i] = Float(pcm[2 * i + 1]) / 32768
                }
            }
        }
        f.pointee.pts = Int64(encoded)
        encoded += count
        try FFmpegError.check(avcodec_send_frame(ctx, f), "encoding audio")
        try drain()
    }

    private func drain() throws {
        guard let ctx = codec, let pkt = packet else { return }
        try PacketWriter.drain(ctx, into: stream, of: format, using: pkt, operation: "encoding audio", name: name)
    }

    private func close() {
        if frame != nil { av_frame_free(&frame) }
        if packet != nil { av_packet_free(&packet) }
        if codec != nil { avcodec_free_context(&codec) }
    }
}
