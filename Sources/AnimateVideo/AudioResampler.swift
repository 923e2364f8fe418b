import AnimateAudio
import CFFmpeg

/// Converts audio of any rate, channel layout and sample format to animate's 48 kHz stereo
/// float through libswresample (mono is copied to both channels at its own level; more channels
/// are downmixed).
final class AudioResampler {
    private var context: OpaquePointer?
    private var output: [Float] = []
    /// Channels out of libswresample: mono stays mono there (its downmix would lower it 3 dB).
    private let channels: Int32

    /// A resampler from `layout` at `rate` Hz in `format`.
    init(layout: UnsafeMutablePointer<AVChannelLayout>, rate: Int32, format: AVSampleFormat) throws {
        channels = layout.pointee.nb_channels == 1 ? 1 : 2
        var out = AVChannelLayout()
        av_channel_layout_default(&out, channels)
        defer { av_channel_layout_uninit(&out) }
        var swr: OpaquePointer?
        try FFmpegError.check(swr_alloc_set_opts2(&swr, &out, AV_SAMPLE_FMT_FLT, Int32(AudioClock.sampleRate),
                                                  layout, format, rate, 0, nil), "setting up the resampler")
        context = swr
        // Filter in 16-bit integers: exact arithmetic, so every CPU's SIMD path gives the same
        // samples (float paths round differently with and without FMA). Output is 16-bit anyway.
        try FFmpegError.check(av_opt_set_sample_fmt(UnsafeMutableRawPointer(swr), "internal_sample_fmt", AV_SAMPLE_FMT_S16P, 0),
                              "setting up the resampler")
        try FFmpegError.check(swr_init(swr), "starting the resampler")
    }

    deinit { swr_free(&context) }

    /// The most bytes the sound may take (see `bytesPerFrame`); nil for no limit.
    var budget: Int?

    /// Bytes a 48 kHz sample frame costs at the peak: the growing output (with an array's room
    /// to grow) and the stereo buffer made from it.
    var bytesPerFrame: Int { 2 * 4 * Int(channels) + 8 }

    /// Converts `count` input samples per channel from `planes` (one pointer per plane).
    func convert(_ planes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, count: Int32) throws {
        let room = swr_get_out_samples(context, count)
        guard room > 0 else { return }
        let start = output.count
        let width = Int(channels)
        if let budget, (frames + Int(room)) * bytesPerFrame > budget {
            throw MemoryBudget.Shortfall(needed: (frames + Int(room)) * bytesPerFrame, available: budget)
        }
        output.append(contentsOf: repeatElement(0, count: Int(room) * width))
        let written = try output.withUnsafeMutableBytes { bytes -> Int32 in
            var out: UnsafeMutablePointer<UInt8>? = bytes.baseAddress!.advanced(by: start * 4).assumingMemoryBound(to: UInt8.self)
            return try FFmpegError.check(swr_convert(context, &out, room, planes, count), "resampling")
        }
        output.removeLast(Int(room - written) * width)
    }

    /// Sample frames converted so far.
    var frames: Int { output.count / Int(channels) }

    /// Drains what the filter still holds and returns everything converted.
    func finish() throws -> AudioBuffer {
        try convert(nil, count: 0)
        return channels == 1 ? AudioBuffer(mono: output) : AudioBuffer(interleaved: output)
    }

    /// 48 kHz stereo from mono 16-bit samples at `rate` Hz (e.g. synthesized speech).
    static func stereo(mono samples: [Int16], rate: Int) throws -> AudioBuffer {
        var mono = AVChannelLayout()
        av_channel_layout_default(&mono, 1)
        defer { av_channel_layout_uninit(&mono) }
        let resampler = try AudioResampler(layout: &mono, rate: Int32(rate), format: AV_SAMPLE_FMT_S16)
        try samples.withUnsafeBytes { bytes in
            var plane: UnsafePointer<UInt8>? = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
            try withUnsafeMutablePointer(to: &plane) { try resampler.convert($0, count: Int32(samples.count)) }
        }
        return try resampler.finish()
    }
}
