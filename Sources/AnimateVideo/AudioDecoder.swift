package import AnimateAudio
import CFFmpeg
import Foundation

/// Decodes sound files (anything FFmpeg reads: WAV, FLAC, MP3, M4A/AAC, Ogg/Opus/Vorbis, and the
/// audio of video files) to 48 kHz stereo. Only local regular files are opened.
package enum AudioDecoder {
    /// The first audio stream of the file at `path` as 48 kHz stereo: whole, or its first
    /// `limit` sample frames (a long file under a short render is read only as far as needed).
    package static func decode(path: String, limit: Int? = nil) throws(AudioError) -> AudioBuffer {
        if let problem = InputFile.problem(at: path) { throw .fileUnreadable(path: path, problem) }
        do {
            return try decodeFile(path, limit: limit.map { max(0, $0) })
        } catch let error as AudioError {
            throw error
        } catch let shortfall as MemoryBudget.Shortfall {
            throw .notEnoughMemory(path: path, seconds: nil, needed: shortfall.needed, available: shortfall.available)
        } catch let error as FFmpegError where error.code == cffmpeg_averror_invaliddata() {
            throw .notDecodable(path: path)
        } catch {
            throw .decodingFailed(path: path, reason: "\(error)")
        }
    }

    /// 48 kHz stereo from 16-bit mono samples at `rate` Hz (e.g. synthesized speech).
    package static func stereo(mono samples: [Int16], rate: Int) throws(AudioError) -> AudioBuffer {
        do { return try AudioResampler.stereo(mono: samples, rate: rate) } catch {
            throw .resamplingFailed(reason: "\(error)")
        }
    }

    private static func decodeFile(_ path: String, limit: Int?) throws -> AudioBuffer {
        FFmpegLibrary.setUp()
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        var format: UnsafeMutablePointer<AVFormatContext>?
        try FFmpegError.check(avformat_open_input(&format, "file:" + path, nil, &options), "opening")
        defer { avformat_close_input(&format) }
        try FFmpegError.check(avformat_find_stream_info(format, nil), "reading")
        var decoder: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0)
        guard index >= 0, let decoder, let stream = format!.pointee.streams[Int(index)] else {
            throw AudioError.noAudioStream(path: path)
        }
        var codec = avcodec_alloc_context3(decoder)
        defer { avcodec_free_context(&codec) }
        guard let ctx = codec else { throw AudioError.outOfMemory(path: path) }
        try FFmpegError.check(avcodec_parameters_to_context(ctx, stream.pointee.codecpar), "reading the audio parameters")
        ctx.pointee.thread_count = 1
        try FFmpegError.check(avcodec_open2(ctx, decoder, nil), "opening the decoder")
        if ctx.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            let channels = ctx.pointee.ch_layout.nb_channels
            av_channel_layout_uninit(&ctx.pointee.ch_layout)
            av_channel_layout_default(&ctx.pointee.ch_layout, channels)
        }
        guard ctx.pointee.sample_rate > 0, ctx.pointee.ch_layout.nb_channels > 0 else {
            throw AudioError.noSampleRateOrChannels(path: path)
        }
        let resampler = try AudioResampler(layout: &ctx.pointee.ch_layout, rate: ctx.pointee.sample_rate, format: ctx.pointee.sample_fmt)
        // Planned from the length the file gives (a sound at 1 Hz is hours long at 48 kHz), and
        // checked again as it grows (a header may lie).
        let budget = MemoryBudget.available()
        resampler.budget = budget
        if let budget, let duration = format?.pointee.duration, duration > 0, duration != Int64.min {
            let seconds = Double(duration) / Double(AV_TIME_BASE)
            let frames = min(limit ?? .max, AudioClock.sample(at: seconds))
            let (needed, overflow) = frames.multipliedReportingOverflow(by: resampler.bytesPerFrame)
            if overflow || needed > budget {
                throw AudioError.notEnoughMemory(path: path, seconds: seconds, needed: overflow ? .max : needed, available: budget)
            }
        }
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        guard let pkt = packet, let frm = frame else { throw AudioError.outOfMemory(path: path) }

        func drain() throws {
            while true {
                let r = avcodec_receive_frame(ctx, frm)
                if r == cffmpeg_averror_eagain() || r == cffmpeg_averror_eof() { return }
                try FFmpegError.check(r, "decoding")
                defer { av_frame_unref(frm) }
                // A second of input at a time, so what one call makes stays small whatever the
                // rate (a packet of a 1 Hz file is hours at 48 kHz), and a limit stops it early.
                let total = Int(frm.pointee.nb_samples), step = max(1, Int(ctx.pointee.sample_rate))
                let planar = av_sample_fmt_is_planar(AVSampleFormat(rawValue: frm.pointee.format)) != 0
                let sampleBytes = Int(av_get_bytes_per_sample(AVSampleFormat(rawValue: frm.pointee.format)))
                let channels = Int(ctx.pointee.ch_layout.nb_channels)
                let planes = planar ? channels : 1
                let stride = planar ? sampleBytes : sampleBytes * channels
                var chunk = [UnsafePointer<UInt8>?](repeating: nil, count: max(planes, 8))
                var start = 0
                while start < total, limit.map({ resampler.frames < $0 }) ?? true {
                    let count = min(step, total - start)
                    for p in 0..<planes { chunk[p] = UnsafePointer(frm.pointee.extended_data[p]!) + start * stride }
                    try chunk.withUnsafeMutableBufferPointer { try resampler.convert($0.baseAddress, count: Int32(count)) }
                    start += count
                }
            }
        }
        while limit.map({ resampler.frames < $0 }) ?? true {
            let r = av_read_frame(format, pkt)
            if r == cffmpeg_averror_eof() { break }
            try FFmpegError.check(r, "reading")
            defer { av_packet_unref(pkt) }
            guard pkt.pointee.stream_index == index else { continue }
            try FFmpegError.check(avcodec_send_packet(ctx, pkt), "decoding")
            try drain()
        }
        try FFmpegError.check(avcodec_send_packet(ctx, nil), "decoding")
        try drain()
        let sound = try resampler.finish()
        guard let limit, sound.frameCount > limit else { return sound }
        return AudioBuffer(interleaved: Array(sound.samples.prefix(2 * limit)))
    }
}
