import CFFmpeg

/// Encodes one frame with an opened image encoder (PNG, JPEG) and returns the whole picture:
/// the frame is sent, the encoder flushed, and every packet it gives back joined.
func encodeStill(_ frame: VideoFrame, with context: UnsafeMutablePointer<AVCodecContext>, _ what: String) throws -> [UInt8] {
    try FFmpegError.check(avcodec_send_frame(context, frame.frame), "encoding \(what)")
    try FFmpegError.check(avcodec_send_frame(context, nil), "encoding \(what)")
    var packet = av_packet_alloc()
    defer { av_packet_free(&packet) }
    guard let pkt = packet else { throw VideoError("out of memory encoding \(what)") }
    var bytes: [UInt8] = []
    while true {
        let r = avcodec_receive_packet(context, pkt)
        if r == cffmpeg_averror_eof() || r == cffmpeg_averror_eagain() { break }
        try FFmpegError.check(r, "encoding \(what)")
        bytes.append(contentsOf: UnsafeBufferPointer(start: pkt.pointee.data, count: Int(pkt.pointee.size)))
        av_packet_unref(pkt)
    }
    return bytes
}
