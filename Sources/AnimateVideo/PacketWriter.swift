import CFFmpeg

/// Moves every packet an encoder has ready into a muxer's stream: the one loop the video and
/// audio encoders of a file share.
enum PacketWriter {
    /// Receives packets from `codec` until it wants more input, rescales them to `stream`'s time
    /// base and writes them interleaved into `format`. `operation` names the encoding in errors,
    /// `name` the file; `amend` sees each packet as the encoder gave it, before it is rescaled.
    static func drain(_ codec: UnsafeMutablePointer<AVCodecContext>, into stream: UnsafeMutablePointer<AVStream>,
                      of format: UnsafeMutablePointer<AVFormatContext>, using packet: UnsafeMutablePointer<AVPacket>,
                      operation: String, name: String, amend: (UnsafeMutablePointer<AVPacket>) -> Void = { _ in }) throws {
        while true {
            let r = avcodec_receive_packet(codec, packet)
            if r == cffmpeg_averror_eagain() || r == cffmpeg_averror_eof() { return }
            try FFmpegError.check(r, operation)
            amend(packet)
            av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            let written = av_interleaved_write_frame(format, packet)
            if written < 0 && OutputInterruption.isRequested { throw CancellationError() }
            try FFmpegError.check(written, "writing to \(name)")
        }
    }
}
