import AnimateAudio
import CFFmpeg
import Foundation

/// Joins video segments (e.g. shards of one render) into one file by stream copy through
/// libavformat: no re-encode. Timestamps continue from segment to segment, so the frame count and
/// duration are the sums. Segments must share codec, size, frame rate and codec setup. Only
/// their video is copied; the joined file can get one soundtrack for its whole length.
package enum VideoConcatenator {
    /// One segment opened for reading (local files only).
    private final class Input {
        var context: UnsafeMutablePointer<AVFormatContext>?
        let stream: UnsafeMutablePointer<AVStream>
        let path: String

        init(path: String) throws {
            self.path = path
            // A pipe or device would block or never end: segments are files (a folder is no segment either).
            if let problem = InputFile.problem(at: path) {
                throw VideoError.segmentUnreadable(path: path, problem == .directory ? .notRegular : problem)
            }
            var options: OpaquePointer?
            defer { av_dict_free(&options) }
            av_dict_set(&options, "protocol_whitelist", "file", 0)
            var ctx: UnsafeMutablePointer<AVFormatContext>?
            try FFmpegError.check(avformat_open_input(&ctx, "file:" + path, nil, &options), "opening \(path)")
            context = ctx
            try FFmpegError.check(avformat_find_stream_info(ctx, nil), "reading \(path)")
            let index = av_find_best_stream(ctx, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
            guard (try? FFmpegError.check(index, "finding the video stream")) != nil, let s = ctx!.pointee.streams[Int(index)] else {
                avformat_close_input(&context)
                throw VideoError.segmentWithoutVideo(path: path)
            }
            stream = s
            let p = s.pointee.codecpar.pointee
            guard p.width > 0, p.height > 0, p.format >= 0 else {
                avformat_close_input(&context)
                throw VideoError.segmentUndecodable(path: path)
            }
        }

        deinit { avformat_close_input(&context) }

        var parameters: UnsafeMutablePointer<AVCodecParameters> { stream.pointee.codecpar }
        /// Frames the file's index lists (0 when it has no index).
        var indexedFrames: Int { Int(stream.pointee.nb_frames) }

        /// FFmpeg's name of a stream's codec, for codecs `animate` does not write.
        static func codecName(_ parameters: UnsafeMutablePointer<AVCodecParameters>) -> String {
            String(cString: avcodec_get_name(parameters.pointee.codec_id)).uppercased()
        }

        var extradata: [UInt8] {
            let p = parameters.pointee
            guard let data = p.extradata, p.extradata_size > 0 else { return [] }
            return Array(UnsafeBufferPointer(start: data, count: Int(p.extradata_size)))
        }
    }

    /// The comment tag of the file at `path` (nil when it has none).
    package static func comment(of path: String) throws -> String? {
        FFmpegLibrary.setUp()
        let input = try Input(path: path)
        return av_dict_get(input.context?.pointee.metadata, "comment", nil, 0).map { String(cString: $0.pointee.value) }
    }

    /// Joins `inputs` in order into `output`, a `container` file (MP4 and QuickTime with
    /// +faststart), with `audio` as its AAC track (where the container carries sound) and
    /// `comment` as its comment tag. Returns the number of frames written. Segments of another
    /// codec than the first, or one the container cannot hold, are refused, and so is a segment
    /// that is truncated (fewer frames readable than its index lists) or damaged, naming it;
    /// `isCancelled` is polled between packets (`CancellationError`).
    @discardableResult
    package static func concatenate(_ inputs: [String], to output: String, container: VideoContainer = .mp4,
                                   audio: AudioMix? = nil, comment: String? = nil,
                                   isCancelled: () -> Bool = { false }) throws -> Int {
        guard let firstPath = inputs.first else { throw VideoError.nothingToJoin }
        FFmpegLibrary.setUp()
        let first = try Input(path: firstPath)
        let codec = VideoCodec(codecID: first.parameters.pointee.codec_id)
        guard let codec, container.codecs.contains(codec) else {
            let held = container.codecs.map(\.name)
            throw VideoError.segmentCodecNotInContainer(path: firstPath, codec: codec?.name ?? Input.codecName(first.parameters), container: container.name, held: held)
        }
        let muxer = try Muxer(path: output, container: container, name: output)
        let out = try muxer.addStream()
        try FFmpegError.check(avcodec_parameters_copy(out.pointee.codecpar, first.parameters), "copying stream parameters")
        // ProRes keeps its profile's tag (ap4h, ap4x: QuickTime and Matroska store it); others get
        // the container's own.
        out.pointee.codecpar.pointee.codec_tag = codec == .prores ? first.parameters.pointee.codec_tag : container.codecTag(for: codec)
        // VP9's alpha travels beside each packet; the WebM muxer declares it from this tag.
        if let alpha = av_dict_get(first.stream.pointee.metadata, "alpha_mode", nil, 0) {
            av_dict_set(&out.pointee.metadata, "alpha_mode", alpha.pointee.value, 0)
        }
        out.pointee.time_base = first.stream.pointee.time_base
        out.pointee.avg_frame_rate = first.stream.pointee.avg_frame_rate
        out.pointee.r_frame_rate = first.stream.pointee.r_frame_rate
        let frameRate = first.stream.pointee.r_frame_rate
        var audioTrack = try (container.carriesSound ? audio : nil).map { try AudioTrackEncoder(mix: $0, format: muxer.context, name: output) }
        muxer.setComment(comment)
        defer { audioTrack = nil }
        try muxer.writeHeader()

        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        guard let pkt = packet else { throw VideoError.outOfMemory("joining segments") }
        var frames = 0
        let reference = first.parameters.pointee
        for (n, path) in inputs.enumerated() {
            let input = n == 0 ? first : try Input(path: path)
            let p = input.parameters.pointee
            guard p.codec_id == reference.codec_id else {
                let name = VideoCodec(codecID: p.codec_id)?.name ?? Input.codecName(input.parameters)
                throw VideoError.segmentCodecMismatch(path: path, codec: name, first: firstPath, firstCodec: codec.name)
            }
            guard p.width == reference.width, p.height == reference.height,
                  p.format == reference.format, av_cmp_q(input.stream.pointee.r_frame_rate, frameRate) == 0 else {
                throw VideoError.segmentFormatMismatch(path: path, first: firstPath)
            }
            guard input.extradata == first.extradata else {
                throw VideoError.segmentSettingsMismatch(path: path, first: firstPath)
            }
            let inBase = input.stream.pointee.time_base, outBase = out.pointee.time_base
            // Each segment starts where the frames before it end, from the exact frame count (a
            // container's coarse time base, e.g. Matroska's milliseconds, would drift otherwise).
            let offset = av_rescale_q(Int64(frames), AVRational(num: frameRate.den, den: frameRate.num), outBase)
            var read = 0
            let frameDuration = av_rescale_q(1, AVRational(num: frameRate.den, den: frameRate.num), outBase)
            func write(_ p: UnsafeMutablePointer<AVPacket>) throws {
                p.pointee.stream_index = out.pointee.index
                p.pointee.pos = -1
                try muxer.write(p)
                frames += 1
                try audioTrack?.encode(through: AudioClock.sample(ofFrame: frames, numerator: Int(frameRate.num), denominator: Int(frameRate.den)))
            }
            // Matroska stores no decoding times, and FFmpeg cannot tell those of the first
            // reordered frames: they are held back and given the times that lead, one frame
            // apart, to the first one known (or, if none is, times before every frame's).
            var pending: [UnsafeMutablePointer<AVPacket>?] = []
            defer { for var p in pending { av_packet_free(&p) } }
            var lastDTS: Int64?
            func flush(before dts: Int64?) throws {
                let start = dts ?? (pending.compactMap { $0?.pointee.pts }.min() ?? offset)
                for (k, p) in pending.enumerated() {
                    p!.pointee.dts = start - Int64(pending.count - k) * frameDuration
                    try write(p!)
                }
                for var p in pending { av_packet_free(&p) }
                pending = []
            }
            while true {
                if isCancelled() { throw CancellationError() }
                let r = av_read_frame(input.context, pkt)
                if r == cffmpeg_averror_eof() { break }
                try FFmpegError.check(r, "reading \(path)")
                defer { av_packet_unref(pkt) }
                guard pkt.pointee.stream_index == input.stream.pointee.index else { continue }
                guard pkt.pointee.flags & AV_PKT_FLAG_CORRUPT == 0 else {
                    throw VideoError.segmentFrameIncomplete(path: path, frame: read)
                }
                read += 1
                av_packet_rescale_ts(pkt, inBase, outBase)
                if pkt.pointee.pts != Int64.min { pkt.pointee.pts += offset }
                if pkt.pointee.dts != Int64.min {
                    pkt.pointee.dts += offset
                } else if let last = lastDTS {
                    pkt.pointee.dts = last + frameDuration
                } else {
                    guard let held = av_packet_clone(pkt) else { throw VideoError.outOfMemory("joining segments") }
                    pending.append(held)
                    continue
                }
                try flush(before: pkt.pointee.dts)
                lastDTS = pkt.pointee.dts
                try write(pkt)
            }
            try flush(before: nil)
            if input.indexedFrames > 0 && read != input.indexedFrames {
                throw VideoError.segmentTruncated(path: path, indexed: input.indexedFrames, read: read)
            }
        }
        try audioTrack?.finish()
        audioTrack = nil
        try muxer.finish()
        return frames
    }
}
