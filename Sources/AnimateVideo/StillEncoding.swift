import CFFmpeg

/// Encodes one picture with an FFmpeg image encoder (PNG, JPEG): opens the encoder for a
/// `width x height` frame of `format`, lets `configure` set its options, lets `fill` write the
/// frame, then sends it, flushes the encoder and joins every packet it gives back.
func encodeStill(_ codec: AVCodecID, _ what: String, width: Int, height: Int, format: AVPixelFormat,
                 configure: (UnsafeMutablePointer<AVCodecContext>) -> Void = { _ in },
                 fill: (VideoFrame, UnsafeMutablePointer<AVCodecContext>) throws -> Void) throws -> [UInt8] {
    FFmpegLibrary.setUp()
    guard let encoder = avcodec_find_encoder(codec) else { throw VideoError.encoderMissing(what, install: nil) }
    var context = avcodec_alloc_context3(encoder)
    defer { avcodec_free_context(&context) }
    guard let c = context else { throw VideoError.outOfMemory("opening the \(what) encoder") }
    c.pointee.width = Int32(width)
    c.pointee.height = Int32(height)
    c.pointee.pix_fmt = format
    c.pointee.time_base = AVRational(num: 1, den: 1)
    configure(c)
    try FFmpegError.check(avcodec_open2(c, encoder, nil), "opening the \(what) encoder")
    let frame = try VideoFrame(format: format, width: width, height: height)
    try fill(frame, c)

    try FFmpegError.check(avcodec_send_frame(c, frame.frame), "encoding \(what)")
    try FFmpegError.check(avcodec_send_frame(c, nil), "encoding \(what)")
    var packet = av_packet_alloc()
    defer { av_packet_free(&packet) }
    guard let pkt = packet else { throw VideoError.outOfMemory("encoding \(what)") }
    var bytes: [UInt8] = []
    while true {
        let r = avcodec_receive_packet(c, pkt)
        if r == cffmpeg_averror_eof() || r == cffmpeg_averror_eagain() { break }
        try FFmpegError.check(r, "encoding \(what)")
        bytes.append(contentsOf: UnsafeBufferPointer(start: pkt.pointee.data, count: Int(pkt.pointee.size)))
        av_packet_unref(pkt)
    }
    return bytes
}
