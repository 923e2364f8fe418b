import CFFmpeg
import Foundation

/// One segment opened for reading through libavformat (local regular files only), for
/// `VideoConcatenator`: its video stream, its tag, and a whole-file check that decodes every frame.
package final class SegmentInput {
    private(set) var context: UnsafeMutablePointer<AVFormatContext>?
    let stream: UnsafeMutablePointer<AVStream>
    package let path: String
    /// The MD5 of the video's packets, once `check` has read them all.
    package private(set) var packetDigest: String?

    package init(path: String) throws {
        self.path = path
        FFmpegLibrary.setUp()
        // A pipe or device would block or never end: segments are files (a folder is no segment either).
        if let problem = InputFile.problem(at: path) {
            throw VideoError.segmentUnreadable(path: path, problem == .directory ? .notRegular : problem)
        }
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        var ctx: UnsafeMutablePointer<AVFormatContext>?
        do {
            try FFmpegError.check(avformat_open_input(&ctx, "file:" + path, nil, &options), "opening \(path)")
            context = ctx
            try FFmpegError.check(avformat_find_stream_info(ctx, nil), "reading \(path)")
        } catch let error as FFmpegError {
            avformat_close_input(&context)
            throw VideoError.segmentNotVideo(path: path, reason: error.message)
        }
        let index = av_find_best_stream(ctx, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let s = ctx!.pointee.streams[Int(index)] else {
            avformat_close_input(&context)
            throw VideoError.segmentWithoutVideo(path: path)
        }
        stream = s
        let p = s.pointee.codecpar.pointee
        let rate = s.pointee.r_frame_rate
        guard p.width > 0, p.height > 0, p.format >= 0, rate.num > 0, rate.den > 0 else {
            avformat_close_input(&context)
            throw VideoError.segmentUndecodable(path: path)
        }
    }

    deinit { avformat_close_input(&context) }

    var parameters: UnsafeMutablePointer<AVCodecParameters> { stream.pointee.codecpar }
    /// Frames the file's index lists (0 when it has none, as Matroska).
    var indexedFrames: Int { Int(stream.pointee.nb_frames) }
    package var frameRate: (numerator: Int, denominator: Int) {
        (Int(stream.pointee.r_frame_rate.num), Int(stream.pointee.r_frame_rate.den))
    }

    /// The file's comment tag (nil when it has none).
    package var comment: String? {
        av_dict_get(context?.pointee.metadata, "comment", nil, 0).map { String(cString: $0.pointee.value) }
    }

    /// FFmpeg's name of a stream's codec, for codecs `animate` does not write.
    static func codecName(_ parameters: UnsafeMutablePointer<AVCodecParameters>) -> String {
        String(cString: avcodec_get_name(parameters.pointee.codec_id)).uppercased()
    }

    var extradata: [UInt8] {
        let p = parameters.pointee
        guard let data = p.extradata, p.extradata_size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(p.extradata_size)))
    }

    /// The frames the container says the file holds: its index's count, or (when it has no
    /// index, as Matroska and WebM) its duration in frames; nil when it says neither.
    var listedFrames: (count: Int, byDuration: Bool)? {
        if indexedFrames > 0 { return (indexedFrames, false) }
        guard let duration = context?.pointee.duration, duration > 0, duration != Int64.min else { return nil }
        let (num, den) = frameRate
        let frames = (Double(duration) / Double(AV_TIME_BASE) * Double(num) / Double(den)).rounded()
        guard frames.isFinite, frames >= 1, frames < 1e12 else { return nil }
        return (Int(frames), true)
    }

    /// Reads and decodes every frame of the video, with the decoder's error detection on: a
    /// packet the demuxer marks corrupt, one the decoder refuses, a frame it flags as damaged,
    /// fewer frames out than packets in, or fewer frames than the container (or `expected`, the
    /// count the segment's tag gives) lists, is refused naming the segment, and so is one whose
    /// packets' MD5 is not `digest` (the one its tag records). Returns the frame count;
    /// `isCancelled` is polled between packets.
    /// Without `decodes`, only the packets are read: their order, count and MD5 (for a join
    /// whose joined file is decoded and compared after, as a farm's is).
    package func check(expected: Int?, digest expectedDigest: String?, isCancelled: () -> Bool, decodes: Bool = true) throws -> Int {
        try check(expected: expected, digest: expectedDigest, isCancelled: isCancelled, decodes: decodes, frame: nil)
    }

    /// `check`, with `seeFrame` given each decoded frame in order.
    func check(expected: Int?, digest expectedDigest: String?, isCancelled: () -> Bool, threads: Int = 1, decodes: Bool = true,
               frame seeFrame: ((UnsafeMutablePointer<AVFrame>) throws -> Void)?) throws -> Int {
        guard let decoder = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw VideoError.segmentUndecodable(path: path)
        }
        var decoding = avcodec_alloc_context3(decoder)
        defer { avcodec_free_context(&decoding) }
        var packet = av_packet_alloc(), frame = av_frame_alloc()
        defer { av_packet_free(&packet); av_frame_free(&frame) }
        guard let codec = decoding, let pkt = packet, let frm = frame else { throw VideoError.outOfMemory("checking \(path)") }
        try FFmpegError.check(avcodec_parameters_to_context(codec, parameters), "reading \(path)")
        // The strictest checks the decoders have, on one thread unless asked: with several, which
        // damage is noticed can depend on how frames fell to threads, and a verdict must not.
        codec.pointee.err_recognition = AV_EF_CRCCHECK | AV_EF_BITSTREAM | AV_EF_BUFFER | AV_EF_EXPLODE | AV_EF_CAREFUL
        codec.pointee.thread_count = Int32(max(1, threads))
        guard avcodec_open2(codec, decoder, nil) >= 0 else { throw VideoError.segmentUndecodable(path: path) }

        let digest = try PacketDigest()
        var read = 0, decoded = 0
        // H.264 and HEVC units keep byte rules a damaged packet breaks even where it still decodes.
        let codecID = parameters.pointee.codec_id
        let nalLength = codecID == AV_CODEC_ID_H264 || codecID == AV_CODEC_ID_HEVC
            ? NALSyntax.lengthSize(extradata: extradata, hevc: codecID == AV_CODEC_ID_HEVC) : nil
        // Timestamps: packets in strictly increasing decoding order, frames one frame apart.
        var lastDTS: Int64?, lastPTS: Int64?
        let step = av_rescale_q(1, av_inv_q(stream.pointee.r_frame_rate), stream.pointee.time_base)
        /// Takes every frame the decoder has ready; false when it has reached its end.
        func receive() throws -> Bool {
            while true {
                let r = avcodec_receive_frame(codec, frm)
                if r == cffmpeg_averror_eagain() { return true }
                if r == cffmpeg_averror_eof() { return false }
                guard r >= 0, frm.pointee.decode_error_flags == 0, frm.pointee.flags & AV_FRAME_FLAG_CORRUPT == 0 else {
                    throw VideoError.segmentFrameUndecodable(path: path, frame: decoded)
                }
                let pts = frm.pointee.best_effort_timestamp
                if pts != cffmpeg_av_nopts_value(), step > 0 {
                    if let last = lastPTS, abs(pts - last - step) > max(1, step / 100) {
                        throw VideoError.segmentTimestampsBroken(path: path, frame: decoded)
                    }
                    lastPTS = pts
                }
                try seeFrame?(frm)
                av_frame_unref(frm)
                decoded += 1
            }
        }
        while true {
            if isCancelled() { throw CancellationError() }
            let r = av_read_frame(context, pkt)
            if r == cffmpeg_averror_eof() { break }
            guard r >= 0 else { throw VideoError.segmentFrameIncomplete(path: path, frame: read) }
            defer { av_packet_unref(pkt) }
            guard pkt.pointee.stream_index == stream.pointee.index else { continue }
            guard pkt.pointee.flags & AV_PKT_FLAG_CORRUPT == 0, pkt.pointee.size > 0 else {
                throw VideoError.segmentFrameIncomplete(path: path, frame: read)
            }
            if pkt.pointee.dts != cffmpeg_av_nopts_value() {
                if let last = lastDTS, pkt.pointee.dts <= last { throw VideoError.segmentTimestampsBroken(path: path, frame: read) }
                lastDTS = pkt.pointee.dts
            }
            if let nalLength, !NALSyntax.isWellFormed(UnsafeRawBufferPointer(start: pkt.pointee.data, count: Int(pkt.pointee.size)), lengthSize: nalLength) {
                throw VideoError.segmentFrameUndecodable(path: path, frame: read)
            }
            read += 1
            digest.add(pkt)
            if !decodes { decoded += 1; continue }
            while true {
                let sent = avcodec_send_packet(codec, pkt)
                if sent == cffmpeg_averror_eagain() { _ = try receive(); continue }
                guard sent >= 0 else { throw VideoError.segmentFrameUndecodable(path: path, frame: decoded) }
                break
            }
            _ = try receive()
        }
        if decodes {
            guard avcodec_send_packet(codec, nil) >= 0 else { throw VideoError.segmentFrameUndecodable(path: path, frame: decoded) }
            while try receive() {}
        }
        guard decoded == read else { throw VideoError.segmentFrameUndecodable(path: path, frame: decoded) }
        if let (count, byDuration) = listedFrames, read < count {
            throw byDuration ? VideoError.segmentShorterThanItsDuration(path: path, frames: count, read: read)
                             : VideoError.segmentTruncated(path: path, indexed: count, read: read)
        }
        if let expected, expected != read {
            throw VideoError.segmentTagMismatch(path: path, tagged: expected, read: read)
        }
        let found = digest.finish()
        packetDigest = found
        if let expectedDigest, found != expectedDigest {
            throw VideoError.segmentDigestMismatch(path: path)
        }
        return read
    }
}

extension SegmentInput {
    /// Checks the file whole (as `check`) and gives the MD5 of each frame's picture, its planes
    /// packed row after row as FFmpeg's `framemd5` hashes raw video: what a farm's shards record of
    /// their segments and its join compares the joined file with.
    /// On several `threads`, the hashes are the same; which damage is caught may not be.
    package func frameHashes(threads: Int = 1, isCancelled: () -> Bool = { false }) throws -> [String] {
        var hashes: [String] = []
        var buffer: [UInt8] = []
        _ = try check(expected: nil, digest: nil, isCancelled: isCancelled, threads: threads, frame: { frame in
            let f = frame.pointee
            let format = AVPixelFormat(rawValue: f.format)
            let size = Int(av_image_get_buffer_size(format, f.width, f.height, 1))
            guard size > 0 else { throw VideoError.segmentFrameUndecodable(path: self.path, frame: hashes.count) }
            if buffer.count != size { buffer = [UInt8](repeating: 0, count: size) }
            let copied = withUnsafePointer(to: f.data) { data in
                withUnsafePointer(to: f.linesize) { lines in
                    data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
                        lines.withMemoryRebound(to: Int32.self, capacity: 8) { strides in
                            av_image_copy_to_buffer(&buffer, Int32(size), planes, strides, format, f.width, f.height, 1)
                        }
                    }
                }
            }
            guard copied == size else { throw VideoError.segmentFrameUndecodable(path: self.path, frame: hashes.count) }
            hashes.append(buffer.withUnsafeBufferPointer { MD5.hex($0) })
        })
        return hashes
    }
}
