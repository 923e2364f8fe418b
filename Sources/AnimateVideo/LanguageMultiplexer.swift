import CFFmpeg
import Foundation

/// Puts renders of one lesson in several languages into one Matroska or MP4 file by stream copy:
/// each language's sound and captions as streams tagged with its language, which players and
/// video sites offer as choices, over one picture when every version has the same frames, or
/// each language's own picture (tagged too) when its timing differs. Matroska keeps the SubRip
/// captions as they are; MP4 gets them as its own text captions (`mov_text`).
package enum LanguageMultiplexer {
    /// One language's render: its video (with sound), its captions (SubRip), its language code.
    package struct Version {
        package let video: String
        package let captions: String?
        package let language: String

        package init(video: String, captions: String?, language: String) {
            self.video = video
            self.captions = captions
            self.language = language
        }
    }

    /// The ISO 639-2 code Matroska tags streams with, for a code (`fr`, `zh_CN`, `fra`).
    package static func iso639_2(_ code: String) -> String {
        let base = code.lowercased().split(whereSeparator: { $0 == "_" || $0 == "-" }).first.map(String.init) ?? ""
        let known = ["en": "eng", "fr": "fra", "de": "deu", "es": "spa", "it": "ita", "pt": "por", "zh": "zho", "cmn": "zho", "ja": "jpn",
                     "ko": "kor", "ar": "ara", "ru": "rus", "hi": "hin", "nl": "nld", "sv": "swe", "pl": "pol", "tr": "tur", "he": "heb",
                     "el": "ell", "uk": "ukr", "vi": "vie", "id": "ind", "th": "tha", "fa": "fas", "bn": "ben", "cs": "ces"]
        if let iso = known[base] { return iso }
        return base.count == 3 && base.allSatisfy(\.isLetter) ? base : "und"
    }

    /// An input being read: its context and, for each of its streams, the output stream it goes to.
    private final class Source {
        var context: UnsafeMutablePointer<AVFormatContext>?
        var map: [Int32: UnsafeMutablePointer<AVStream>] = [:]
        /// Captions re-encoded for MP4, by input stream.
        var converters: [Int32: SubtitleConverter] = [:]
        var next: UnsafeMutablePointer<AVPacket>? = av_packet_alloc()
        var ended = false

        init(path: String) throws {
            var options: OpaquePointer?
            defer { av_dict_free(&options) }
            av_dict_set(&options, "protocol_whitelist", "file", 0)
            try FFmpegError.check(avformat_open_input(&context, "file:" + path, nil, &options), "opening \(path)")
            try FFmpegError.check(avformat_find_stream_info(context, nil), "reading \(path)")
        }

        deinit {
            av_packet_free(&next)
            avformat_close_input(&context)
        }

        var streams: [UnsafeMutablePointer<AVStream>] {
            guard let context else { return [] }
            return (0..<Int(context.pointee.nb_streams)).compactMap { context.pointee.streams[$0] }
        }

        /// Reads ahead to the next packet of a mapped stream; false at the end.
        func advance() throws -> Bool {
            guard !ended, let context, let next else { return false }
            while true {
                av_packet_unref(next)
                let r = av_read_frame(context, next)
                if r == cffmpeg_averror_eof() { ended = true; return false }
                try FFmpegError.check(r, "reading")
                if map[next.pointee.stream_index] != nil { return true }
            }
        }

        /// When the packet read ahead is decoded, in seconds (its presentation time when it has no decoding time).
        var time: Double {
            guard let next, let context, let s = context.pointee.streams[Int(next.pointee.stream_index)] else { return .infinity }
            let t = next.pointee.dts != cffmpeg_av_nopts_value() ? next.pointee.dts : next.pointee.pts
            return t == cffmpeg_av_nopts_value() ? 0 : Double(t) * av_q2d(s.pointee.time_base)
        }
    }

    /// Writes `versions` into `output`, a Matroska or MP4 `container` file: the first version's
    /// picture alone when `sharesVideo`, else each version's; every version's audio and
    /// captions; the first version's streams the default ones.
    package static func mux(_ versions: [Version], sharesVideo: Bool, to output: String, container: VideoContainer = .mkv) throws {
        FFmpegLibrary.setUp()
        guard container == .mkv || container == .mp4 else { throw VideoError.cannotCreateMuxer(container: container.name, path: output) }
        let muxer = try Muxer(path: output, container: container, name: output)
        var sources: [Source] = []
        for (k, version) in versions.enumerated() {
            let language = iso639_2(version.language)
            let video = try Source(path: version.video)
            for stream in video.streams {
                let type = stream.pointee.codecpar.pointee.codec_type
                guard type == AVMEDIA_TYPE_AUDIO || (type == AVMEDIA_TYPE_VIDEO && (k == 0 || !sharesVideo)) else { continue }
                video.map[stream.pointee.index] = try copy(stream, into: muxer, language: language, isDefault: k == 0)
            }
            sources.append(video)
            if let captions = version.captions {
                let text = try Source(path: captions)
                for stream in text.streams where stream.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE {
                    let out = try copy(stream, into: muxer, language: language, isDefault: k == 0)
                    if container == .mp4 { text.converters[stream.pointee.index] = try SubtitleConverter(from: stream, to: out) }
                    text.map[stream.pointee.index] = out
                }
                sources.append(text)
            }
        }
        try muxer.writeHeader()
        // Packets in decoding order across every input, each read once.
        var live = try sources.filter { try $0.advance() }
        while !live.isEmpty {
            let i = live.indices.min { live[$0].time < live[$1].time }!
            let source = live[i]
            guard let packet = source.next, let from = source.context?.pointee.streams[Int(packet.pointee.stream_index)],
                  let to = source.map[packet.pointee.stream_index] else { break }
            if let converter = source.converters[packet.pointee.stream_index] {
                if let converted = try converter.convert(packet) {
                    defer { var p: UnsafeMutablePointer<AVPacket>? = converted; av_packet_free(&p) }
                    av_packet_rescale_ts(converted, SubtitleConverter.timeBase, to.pointee.time_base)
                    converted.pointee.stream_index = to.pointee.index
                    try muxer.write(converted)
                }
            } else {
                av_packet_rescale_ts(packet, from.pointee.time_base, to.pointee.time_base)
                packet.pointee.stream_index = to.pointee.index
                packet.pointee.pos = -1
                try muxer.write(packet)
            }
            if try !source.advance() { live.remove(at: i) }
        }
        try muxer.finish()
    }

    /// A new output stream with `stream`'s parameters, tagged with `language`.
    private static func copy(_ stream: UnsafeMutablePointer<AVStream>, into muxer: Muxer, language: String,
                             isDefault: Bool) throws -> UnsafeMutablePointer<AVStream> {
        let out = try muxer.addStream()
        try FFmpegError.check(avcodec_parameters_copy(out.pointee.codecpar, stream.pointee.codecpar), "copying stream parameters")
        out.pointee.codecpar.pointee.codec_tag = 0
        out.pointee.time_base = stream.pointee.time_base
        out.pointee.avg_frame_rate = stream.pointee.avg_frame_rate
        out.pointee.r_frame_rate = stream.pointee.r_frame_rate
        av_dict_set(&out.pointee.metadata, "language", language, 0)
        // An audio description stays tagged (and titled) as one, and is never the default.
        let described = stream.pointee.disposition & (AV_DISPOSITION_VISUAL_IMPAIRED | AV_DISPOSITION_DESCRIPTIONS)
        out.pointee.disposition = described != 0 ? described : isDefault ? AV_DISPOSITION_DEFAULT : 0
        if described != 0, let title = av_dict_get(stream.pointee.metadata, "title", nil, 0) {
            av_dict_set(&out.pointee.metadata, "title", title.pointee.value, 0)
        }
        return out
    }
}
