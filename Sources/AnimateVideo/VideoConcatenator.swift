package import AnimateAudio
import CFFmpeg
import Foundation

/// Joins video segments (e.g. shards of one render) into one file by stream copy through
/// libavformat: no re-encode. Timestamps continue from segment to segment, so the frame count and
/// duration are the sums. Segments must share codec, size, frame rate and codec setup. Only
/// their video is copied; the joined file can get one soundtrack for its whole length.
package enum VideoConcatenator {
    /// The comment tag of the file at `path` (nil when it has none).
    package static func comment(of path: String) throws -> String? { try SegmentInput(path: path).comment }

    /// Checks that `inputs` can be joined whole into a `container` file, before anything is
    /// written: one codec the container holds, the same size, pixel format, frame rate and
    /// encoder setup as the first, and every frame of each decoded (`SegmentInput.check`, with
    /// `expected[n]` the frame count and packet digest segment n's tag gives, if any). Returns
    /// each segment's frame count and the MD5 of its packets (the same rate for all: the
    /// first's); throws naming the first segment that cannot be joined.
    package static func check(_ inputs: [String], container: VideoContainer, expected: [(frames: Int, digest: String?)?],
                              decoding: Bool = true, isCancelled: () -> Bool = { false })
        throws -> (frames: [Int], digests: [String], rate: (numerator: Int, denominator: Int)) {
        guard let firstPath = inputs.first else { throw VideoError.nothingToJoin }
        let first = try SegmentInput(path: firstPath)
        let codec = VideoCodec(codecID: first.parameters.pointee.codec_id)
        guard let codec, container.codecs.contains(codec) else {
            let held = container.codecs.map(\.name)
            throw VideoError.segmentCodecNotInContainer(path: firstPath, codec: codec?.name ?? SegmentInput.codecName(first.parameters), container: container.name, held: held)
        }
        let reference = first.parameters.pointee
        var frames: [Int] = [], digests: [String] = []
        for (n, path) in inputs.enumerated() {
            let input = n == 0 ? first : try SegmentInput(path: path)
            let p = input.parameters.pointee
            guard p.codec_id == reference.codec_id else {
                let name = VideoCodec(codecID: p.codec_id)?.name ?? SegmentInput.codecName(input.parameters)
                throw VideoError.segmentCodecMismatch(path: path, codec: name, first: firstPath, firstCodec: codec.name)
            }
            guard p.width == reference.width, p.height == reference.height,
                  p.format == reference.format, av_cmp_q(input.stream.pointee.r_frame_rate, first.stream.pointee.r_frame_rate) == 0 else {
                throw VideoError.segmentFormatMismatch(path: path, first: firstPath)
            }
            guard input.extradata == first.extradata else {
                throw VideoError.segmentSettingsMismatch(path: path, first: firstPath)
            }
            let tagged = n < expected.count ? expected[n] : nil
            frames.append(try input.check(expected: tagged?.frames, digest: tagged?.digest, isCancelled: isCancelled, decodes: decoding))
            digests.append(input.packetDigest ?? "")
        }
        return (frames, digests, first.frameRate)
    }

    /// Joins `inputs` in order into `output`, a `container` file (MP4 and QuickTime with
    /// +faststart), with `audio` as its AAC track (where the container carries sound) and
    /// `described` (the audio description) as a second, tagged one,
    /// `chapters` where it carries them and `comment` as its comment tag. `frames` are the counts `check` returned for the same
    /// inputs (a segment that reads otherwise now is refused). Returns the frames written;
    /// `isCancelled` is polled between packets (`CancellationError`).
    @discardableResult
    package static func concatenate(_ inputs: [String], frames counts: [Int], to output: String, container: VideoContainer = .mp4,
                                   audio: AudioMix? = nil, described: AudioMix? = nil, chapters: [VideoChapter] = [], comment: String? = nil,
                                   isCancelled: () -> Bool = { false }) throws -> Int {
        guard let firstPath = inputs.first, counts.count == inputs.count else { throw VideoError.nothingToJoin }
        FFmpegLibrary.setUp()
        let first = try SegmentInput(path: firstPath)
        let codec = VideoCodec(codecID: first.parameters.pointee.codec_id)
        let muxer = try Muxer(path: output, container: container, name: output)
        let out = try muxer.addStream()
        try FFmpegError.check(avcodec_parameters_copy(out.pointee.codecpar, first.parameters), "copying stream parameters")
        // ProRes keeps its profile's tag (ap4h, ap4x: QuickTime and Matroska store it); others get
        // the container's own.
        out.pointee.codecpar.pointee.codec_tag = codec == .prores ? first.parameters.pointee.codec_tag : codec.map(container.codecTag(for:)) ?? 0
        // VP9's alpha travels beside each packet; the WebM muxer declares it from this tag.
        if let alpha = av_dict_get(first.stream.pointee.metadata, "alpha_mode", nil, 0) {
            av_dict_set(&out.pointee.metadata, "alpha_mode", alpha.pointee.value, 0)
        }
        out.pointee.time_base = first.stream.pointee.time_base
        out.pointee.avg_frame_rate = first.stream.pointee.avg_frame_rate
        out.pointee.r_frame_rate = first.stream.pointee.r_frame_rate
        let frameRate = first.stream.pointee.r_frame_rate
        let described = container.carriesSound ? described : nil
        let audio = container.carriesSound ? audio ?? described.map { AudioMix(window: $0.window) } : nil
        var audioTrack = try audio.map { try AudioTrackEncoder(mix: $0, format: muxer.context, name: output, described: described.map { _ in false }) }
        var describedTrack = try described.map { try AudioTrackEncoder(mix: $0, format: muxer.context, name: output, described: true) }
        muxer.setComment(comment)
        muxer.setChapters(chapters)
        if comment != nil { muxer.digestVideo() }
        defer { audioTrack = nil; describedTrack = nil }
        try muxer.writeHeader()

        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        guard let pkt = packet else { throw VideoError.outOfMemory("joining segments") }
        var frames = 0
        for (n, path) in inputs.enumerated() {
            let input = n == 0 ? first : try SegmentInput(path: path)
            guard input.parameters.pointee.codec_id == first.parameters.pointee.codec_id,
                  av_cmp_q(input.stream.pointee.r_frame_rate, frameRate) == 0 else {
                throw VideoError.segmentChangedWhileJoined(path: path)
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
                let end = AudioClock.sample(ofFrame: frames, numerator: Int(frameRate.num), denominator: Int(frameRate.den))
                try audioTrack?.encode(through: end)
                try describedTrack?.encode(through: end)
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
            guard read == counts[n] else { throw VideoError.segmentChangedWhileJoined(path: path) }
        }
        try audioTrack?.finish()
        audioTrack = nil
        try describedTrack?.finish()
        describedTrack = nil
        try muxer.finish()
        return frames
    }
}
