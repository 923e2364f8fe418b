import CFFmpeg
import Foundation

/// SubRip captions turned into MP4's own text captions (`mov_text`, what QuickTime, browsers and
/// phones show from an MP4), cue by cue: decoded and encoded again through libavcodec, their
/// times kept.
final class SubtitleConverter {
    private var decoder: UnsafeMutablePointer<AVCodecContext>?
    private var encoder: UnsafeMutablePointer<AVCodecContext>?
    private let inputBase: AVRational
    /// Milliseconds: the time base of the encoded captions.
    static let timeBase = AVRational(num: 1, den: 1000)

    /// A converter for `stream`'s captions whose output stream `out` it sets up.
    init(from stream: UnsafeMutablePointer<AVStream>, to out: UnsafeMutablePointer<AVStream>) throws {
        inputBase = stream.pointee.time_base
        guard let decoding = avcodec_find_decoder(stream.pointee.codecpar.pointee.codec_id),
              let encoding = avcodec_find_encoder(AV_CODEC_ID_MOV_TEXT) else { throw VideoError.outOfMemory("finding the caption codecs") }
        decoder = avcodec_alloc_context3(decoding)
        encoder = avcodec_alloc_context3(encoding)
        guard let decoder, let encoder else { throw VideoError.outOfMemory("opening the caption codecs") }
        try FFmpegError.check(avcodec_parameters_to_context(decoder, stream.pointee.codecpar), "reading the captions' parameters")
        decoder.pointee.pkt_timebase = inputBase
        try FFmpegError.check(avcodec_open2(decoder, decoding, nil), "opening the caption decoder")
        encoder.pointee.time_base = Self.timeBase
        // The encoder styles cues from the decoder's ASS header.
        if let header = decoder.pointee.subtitle_header, decoder.pointee.subtitle_header_size > 0 {
            let size = Int(decoder.pointee.subtitle_header_size)
            guard let copy = av_mallocz(size + 1) else { throw VideoError.outOfMemory("copying the caption header") }
            copy.copyMemory(from: header, byteCount: size)
            encoder.pointee.subtitle_header = copy.assumingMemoryBound(to: UInt8.self)
            encoder.pointee.subtitle_header_size = Int32(size)
        }
        try FFmpegError.check(avcodec_open2(encoder, encoding, nil), "opening the MP4 caption encoder")
        try FFmpegError.check(avcodec_parameters_from_context(out.pointee.codecpar, encoder), "setting the MP4 captions' parameters")
        out.pointee.time_base = Self.timeBase
    }

    deinit {
        avcodec_free_context(&decoder)
        avcodec_free_context(&encoder)
    }

    /// `packet` (a SubRip cue) as an MP4 caption packet in milliseconds; nil when it holds no cue.
    func convert(_ packet: UnsafeMutablePointer<AVPacket>) throws -> UnsafeMutablePointer<AVPacket>? {
        var subtitle = AVSubtitle()
        var got: Int32 = 0
        try FFmpegError.check(avcodec_decode_subtitle2(decoder, &subtitle, &got, packet), "decoding a caption")
        guard got != 0 else { return nil }
        defer { avsubtitle_free(&subtitle) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let size = avcodec_encode_subtitle(encoder, &buffer, Int32(buffer.count), &subtitle)
        try FFmpegError.check(size, "encoding a caption")
        guard size > 0, let out = av_packet_alloc() else { return nil }
        guard av_new_packet(out, size) == 0 else {
            var p: UnsafeMutablePointer<AVPacket>? = out
            av_packet_free(&p)
            throw VideoError.outOfMemory("encoding a caption")
        }
        buffer.withUnsafeBytes { out.pointee.data.update(from: $0.bindMemory(to: UInt8.self).baseAddress!, count: Int(size)) }
        out.pointee.pts = av_rescale_q(packet.pointee.pts, inputBase, Self.timeBase)
        out.pointee.dts = out.pointee.pts
        out.pointee.duration = av_rescale_q(packet.pointee.duration, inputBase, Self.timeBase)
        return out
    }
}
