import CFFmpeg
package import Foundation

/// A video file's frames for drawing: opened and indexed once (the presentation time of every
/// frame and which are keyframes), each frame decoded when first asked for by one of a few
/// decoders kept open (the one already nearest before it, so frames asked for in order are each
/// decoded once), converted to straight RGBA with the file's own colour matrix and range.
///
/// Frame `i` shows from its presentation time until the next frame's: `frame(at:)` finds the
/// frame whose interval holds a time (the first before it begins, the last after it ends), so
/// variable frame rates are exact. Decoding is single-threaded and bit-exact: any frame is the
/// same bytes however it was reached (in order, by a seek, on any thread).
package final class ClipSource: @unchecked Sendable {
    package let path: String
    package let width: Int
    package let height: Int
    /// Each frame's presentation time in seconds from the file's first frame, in order.
    package let times: [Double]
    /// Whether the file's frames carry alpha (ProRes 4444, VP9 with alpha, APNG, WebP, GIF, PNG).
    package let hasAlpha: Bool
    /// Whether the file has a sound stream.
    package let hasSound: Bool
    /// The clip's length: from its first frame to the end of its last.
    package let duration: Double

    /// An animated WebP's frames, decoded whole (libwebp); nil for a file FFmpeg decodes.
    private let webpFrames: [[UInt8]]?
    private let keyframes: [Bool]
    private let streamIndex: Int32
    private let timeBase: AVRational
    private let startPTS: Int64
    private let pts: [Int64]
    private let usesAlphaDecoder: Bool
    /// The decoders kept open, and which frame each busy one is decoding.
    private let condition = NSCondition()
    private var pool: [ClipDecoder] = []
    private var busy: [ObjectIdentifier: Int] = [:]
    private static let maximumDecoders = 4

    /// The largest clip side accepted, and the most frames indexed.
    package static let maximumSide = 8192
    package static let maximumFrames = 2_000_000

    /// Opens and indexes the video file at `path`: a missing, unreadable or undecodable file,
    /// or one without a video stream, throws `ClipError` naming it.
    package init(path: String) throws(ClipError) {
        self.path = path
        FFmpegLibrary.setUp()
        if let problem = InputFile.problem(at: path) { throw ClipError(path: path, .unreadable(problem.description)) }
        if AnimatedWebP.isWebP(path) {
            let webp = try AnimatedWebP(path: path)
            width = webp.width; height = webp.height
            times = webp.starts; duration = webp.duration
            hasAlpha = true; hasSound = false
            webpFrames = webp.frames
            keyframes = webp.frames.map { _ in true }
            streamIndex = 0; timeBase = AVRational(num: 1, den: 1000); startPTS = 0
            pts = webp.starts.map { Int64(($0 * 1000).rounded()) }
            usesAlphaDecoder = false
            return
        }
        webpFrames = nil
        do {
            let input = try ClipInput(path: path)
            let stream = input.stream
            let p = stream.pointee.codecpar.pointee
            guard p.width > 0, p.height > 0, p.width <= Self.maximumSide, p.height <= Self.maximumSide else {
                throw ClipError(path: path, .badSize(Int(p.width), Int(p.height)))
            }
            width = Int(p.width); height = Int(p.height)
            streamIndex = stream.pointee.index
            timeBase = stream.pointee.time_base
            hasSound = av_find_best_stream(input.context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0) >= 0
            let alphaMode = av_dict_get(stream.pointee.metadata, "alpha_mode", nil, 0).map { String(cString: $0.pointee.value) }
            usesAlphaDecoder = p.codec_id == AV_CODEC_ID_VP9 && alphaMode == "1"
            // Every packet of the stream: its presentation time and whether it is a keyframe.
            var found: [(pts: Int64, key: Bool)] = []
            guard let packet = av_packet_alloc() else { throw ClipError(path: path, .outOfMemory) }
            var pkt: UnsafeMutablePointer<AVPacket>? = packet
            defer { av_packet_free(&pkt) }
            while true {
                let r = av_read_frame(input.context, packet)
                if r == cffmpeg_averror_eof() { break }
                guard r >= 0 else { throw ClipError(path: path, .damaged(at: found.last.map { Double($0.pts) * av_q2d(stream.pointee.time_base) })) }
                defer { av_packet_unref(packet) }
                guard packet.pointee.stream_index == stream.pointee.index else { continue }
                let t = packet.pointee.pts != cffmpeg_av_nopts_value() ? packet.pointee.pts : packet.pointee.dts
                guard t != cffmpeg_av_nopts_value() else { continue }
                found.append((t, packet.pointee.flags & AV_PKT_FLAG_KEY != 0))
                guard found.count <= Self.maximumFrames else { throw ClipError(path: path, .tooLong) }
            }
            found.sort { $0.pts < $1.pts }
            // One frame a time (a repeated time is one frame).
            var unique: [(pts: Int64, key: Bool)] = []
            for f in found { if unique.last?.pts == f.pts { unique[unique.count - 1].key = unique[unique.count - 1].key || f.key } else { unique.append(f) } }
            guard let first = unique.first else { throw ClipError(path: path, .noFrames) }
            startPTS = first.pts
            pts = unique.map(\.pts)
            keyframes = unique.map(\.key)
            let base = av_q2d(stream.pointee.time_base)
            times = unique.map { Double($0.pts - first.pts) * base }
            // The last frame lasts as long as the one before it (or its stream's frame duration).
            let rate = stream.pointee.avg_frame_rate.num > 0 ? av_q2d(stream.pointee.avg_frame_rate) : 0
            let last = times.count > 1 ? times[times.count - 1] - times[times.count - 2] : (rate > 0 ? 1 / rate : 0.04)
            duration = (times.last ?? 0) + last
            // Pixel formats with alpha, as FFmpeg describes them.
            let format = AVPixelFormat(rawValue: p.format)
            let descriptor = av_pix_fmt_desc_get(format)
            hasAlpha = usesAlphaDecoder || (descriptor.map { $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0 } ?? false)
                || format == AV_PIX_FMT_PAL8
            // Decode the first frame now: an undecodable file fails here, before anything is drawn.
            let decoder = try ClipDecoder(source: self, input: input)
            _ = try decoder.frame(0)
            pool.append(decoder)
        } catch let error as ClipError {
            throw error
        } catch {
            throw ClipError(path: path, .undecodable(String(describing: error)))
        }
    }

    /// The frame showing at `time` seconds of the clip: the last whose presentation time is at or
    /// before it (the first frame before the clip begins).
    package func frame(at time: Double) -> Int {
        var lo = 0, hi = times.count - 1
        guard time > times[0] else { return 0 }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if times[mid] <= time + 1e-9 { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The straight RGBA pixels of frame `index`. Throws `ClipError` when the file cannot be
    /// read or decoded there (naming the frame's time).
    package func rgba(frame index: Int) throws(ClipError) -> [UInt8] {
        if let webpFrames { return webpFrames[index] }
        // Decoded with the decoder held, converted after it is given back: another thread may
        // go on decoding from it meanwhile.
        let decoder = try checkOut(for: index)
        let frame: UnsafeMutablePointer<AVFrame>
        do {
            frame = try decoder.frame(index)
        } catch {
            checkIn(decoder)
            throw (error as? ClipError) ?? ClipError(path: path, .damaged(at: times[index]))
        }
        checkIn(decoder)
        defer { var f: UnsafeMutablePointer<AVFrame>? = frame; av_frame_free(&f) }
        do {
            return try ClipDecoder.convert(frame, width: width, height: height, path: path)
        } catch {
            throw (error as? ClipError) ?? ClipError(path: path, .undecodable("its pixels could not be converted"))
        }
    }

    /// The decoder to reach `index` with: the one that reaches nearest before it with no
    /// keyframe between (waiting for it if it is busy, so frames asked for by several threads at
    /// once are still each decoded once), else an idle one or a new one, which seeks.
    private func checkOut(for index: Int) throws(ClipError) -> ClipDecoder {
        condition.lock()
        defer { condition.unlock() }
        while true {
            var best: ClipDecoder?, bestReach = -1
            for decoder in pool {
                guard let reach = busy[ObjectIdentifier(decoder)] ?? decoder.position, reach < index, reach > bestReach,
                      !((reach + 1)...index).contains(where: { keyframes[$0] }) else { continue }
                best = decoder
                bestReach = reach
            }
            if let best {
                if busy[ObjectIdentifier(best)] == nil {
                    busy[ObjectIdentifier(best)] = index
                    return best
                }
                condition.wait()
                continue
            }
            if let free = pool.first(where: { busy[ObjectIdentifier($0)] == nil }) {
                busy[ObjectIdentifier(free)] = index
                return free
            }
            if pool.count < Self.maximumDecoders {
                let decoder = try openDecoder()
                pool.append(decoder)
                busy[ObjectIdentifier(decoder)] = index
                return decoder
            }
            condition.wait()
        }
    }

    private func openDecoder() throws(ClipError) -> ClipDecoder {
        do { return try ClipDecoder(source: self, input: ClipInput(path: path)) } catch let error as ClipError {
            throw error
        } catch {
            throw ClipError(path: path, .unreadable(String(describing: error)))
        }
    }

    private func checkIn(_ decoder: ClipDecoder) {
        condition.lock()
        busy[ObjectIdentifier(decoder)] = nil
        condition.broadcast()
        condition.unlock()
    }

    /// Facts a decoder needs.
    fileprivate var facts: (stream: Int32, timeBase: AVRational, pts: [Int64], keyframes: [Bool], alpha: Bool) {
        (streamIndex, timeBase, pts, keyframes, usesAlphaDecoder)
    }
}

/// A video file opened for reading (local regular files only) and its video stream.
final class ClipInput {
    var context: UnsafeMutablePointer<AVFormatContext>?
    let stream: UnsafeMutablePointer<AVStream>

    init(path: String) throws {
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        do {
            try FFmpegError.check(avformat_open_input(&context, "file:" + path, nil, &options), "opening")
            try FFmpegError.check(avformat_find_stream_info(context, nil), "reading")
        } catch let error as FFmpegError {
            avformat_close_input(&context)
            throw ClipError(path: path, .undecodable(error.message))
        }
        let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let s = context?.pointee.streams[Int(index)] else {
            avformat_close_input(&context)
            throw ClipError(path: path, .noVideo)
        }
        stream = s
    }

    deinit { avformat_close_input(&context) }
}

/// One decoder of a clip: where it is in the file, and how it reaches a frame (on from where it
/// is when no keyframe lies between, else by a seek to the keyframe before it).
final class ClipDecoder {
    private let input: ClipInput
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var decoded: UnsafeMutablePointer<AVFrame>?
    private let facts: (stream: Int32, timeBase: AVRational, pts: [Int64], keyframes: [Bool], alpha: Bool)
    private let frameOfPTS: [Int64: Int]
    private let path: String
    private let width: Int, height: Int
    /// The last frame this decoder gave, by index (nil before the first, or after a failure).
    private(set) var position: Int?
    private var ended = false

    init(source: ClipSource, input: ClipInput) throws {
        self.input = input
        facts = source.facts
        path = source.path
        width = source.width; height = source.height
        var map: [Int64: Int] = [:]
        for (i, p) in facts.pts.enumerated() { map[p] = i }
        frameOfPTS = map
        guard let parameters = input.stream.pointee.codecpar else { throw ClipError(path: path, .noVideo) }
        let decoder = facts.alpha ? (avcodec_find_decoder_by_name("libvpx-vp9") ?? avcodec_find_decoder(parameters.pointee.codec_id))
            : avcodec_find_decoder(parameters.pointee.codec_id)
        guard let decoder else { throw ClipError(path: path, .noDecoder(String(cString: avcodec_get_name(parameters.pointee.codec_id)))) }
        codec = avcodec_alloc_context3(decoder)
        guard let codec else { throw ClipError(path: path, .outOfMemory) }
        try FFmpegError.check(avcodec_parameters_to_context(codec, parameters), "configuring the decoder")
        codec.pointee.thread_count = 1
        codec.pointee.pkt_timebase = input.stream.pointee.time_base
        try FFmpegError.check(avcodec_open2(codec, decoder, nil), "opening the decoder")
        packet = av_packet_alloc()
        decoded = av_frame_alloc()
        guard packet != nil, decoded != nil else { throw ClipError(path: path, .outOfMemory) }
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&decoded)
        avcodec_free_context(&codec)
    }

    /// Frame `index`, decoded (a new reference to its buffers, for the caller to free).
    func frame(_ index: Int) throws -> UnsafeMutablePointer<AVFrame> {
        let target = facts.pts[index]
        // On from here when no keyframe lies between; else from the keyframe at or before it.
        let goesOn = position.map { p in p < index && !(p + 1...index).contains { facts.keyframes[$0] } } ?? false
        if !goesOn { try seek(before: index) }
        position = nil
        guard let codec, let packet, let decoded else { throw ClipError(path: path, .outOfMemory) }
        while true {
            let r = avcodec_receive_frame(codec, decoded)
            if r == 0 {
                defer { av_frame_unref(decoded) }
                let t = decoded.pointee.best_effort_timestamp != cffmpeg_av_nopts_value() ? decoded.pointee.best_effort_timestamp : decoded.pointee.pts
                let at = frameOfPTS[t]
                if let at, at < index { position = at; continue }
                if t < target && at == nil { continue }
                position = at ?? index
                guard let copy = av_frame_clone(decoded) else { throw ClipError(path: path, .outOfMemory) }
                return copy
            }
            if r == cffmpeg_averror_eof() { throw ClipError(path: path, .damaged(at: seconds(target))) }
            guard r == cffmpeg_averror_eagain() else { throw ClipError(path: path, .damaged(at: seconds(target))) }
            if ended { throw ClipError(path: path, .damaged(at: seconds(target))) }
            let read = av_read_frame(input.context, packet)
            if read == cffmpeg_averror_eof() {
                ended = true
                _ = avcodec_send_packet(codec, nil)
                continue
            }
            guard read >= 0 else { throw ClipError(path: path, .damaged(at: seconds(target))) }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == facts.stream else { continue }
            let sent = avcodec_send_packet(codec, packet)
            guard sent >= 0 || sent == cffmpeg_averror_eagain() else { throw ClipError(path: path, .damaged(at: seconds(target))) }
        }
    }

    private func seconds(_ pts: Int64) -> Double { Double(pts - facts.pts[0]) * av_q2d(facts.timeBase) }

    /// Moves to the keyframe at or before frame `index` and empties the decoder.
    private func seek(before index: Int) throws {
        var k = index
        while k > 0 && !facts.keyframes[k] { k -= 1 }
        // A little before the keyframe's time, so a demuxer that seeks by decoding time lands before it.
        let r = avformat_seek_file(input.context, facts.stream, Int64.min, facts.pts[k], facts.pts[k], AVSEEK_FLAG_BACKWARD)
        if r < 0 { _ = av_seek_frame(input.context, facts.stream, facts.pts[k], AVSEEK_FLAG_BACKWARD) }
        avcodec_flush_buffers(codec)
        ended = false
        position = nil
    }

    /// The frame as straight RGBA, with its own matrix (BT.601 or BT.709, by its tag, else by
    /// its height as players guess) and range, through swscale in its bit-exact mode.
    static func convert(_ frame: UnsafeMutablePointer<AVFrame>, width: Int, height: Int, path: String) throws -> [UInt8] {
        let f = frame.pointee
        guard f.width == Int32(width), f.height == Int32(height) else { throw ClipError(path: path, .sizeChanges) }
        let space: Int32
        switch f.colorspace {
        case AVCOL_SPC_BT709: space = SWS_CS_ITU709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M: space = SWS_CS_ITU601
        case AVCOL_SPC_SMPTE240M: space = SWS_CS_SMPTE240M
        case AVCOL_SPC_FCC: space = SWS_CS_FCC
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: space = SWS_CS_BT2020
        default: space = height >= 720 ? SWS_CS_ITU709 : SWS_CS_ITU601
        }
        let full: Int32 = f.color_range == AVCOL_RANGE_JPEG || [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P].contains(AVPixelFormat(rawValue: f.format)) ? 1 : 0
        // 8-bit planar Y'CbCr (most video): our own conversion, in integers.
        let format = AVPixelFormat(rawValue: f.format)
        let shifts: (x: Int, y: Int)? = switch format {
        case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P: (1, 1)
        case AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUVJ422P: (1, 0)
        case AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUVJ444P: (0, 0)
        default: nil
        }
        if let shifts, space == SWS_CS_ITU709 || space == SWS_CS_ITU601 || space == SWS_CS_BT2020 {
            return YCbCrToRGBA.convert(frame, width: width, height: height, shifts: shifts,
                                       matrix: space == SWS_CS_ITU709 ? .bt709 : space == SWS_CS_BT2020 ? .bt2020 : .bt601, fullRange: full == 1)
        }
        guard let scaler = sws_getContext(f.width, f.height, AVPixelFormat(rawValue: f.format), f.width, f.height, AV_PIX_FMT_RGBA,
                                          SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT | SWS_FULL_CHR_H_INT, nil, nil, nil) else {
            throw ClipError(path: path, .undecodable("no conversion from its pixel format"))
        }
        defer { sws_freeContext(scaler) }
        _ = sws_setColorspaceDetails(scaler, sws_getCoefficients(space), full, sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let rows = rgba.withUnsafeMutableBufferPointer { out -> Int32 in
            var destination: [UnsafeMutablePointer<UInt8>?] = [out.baseAddress, nil, nil, nil]
            var stride: [Int32] = [Int32(width * 4), 0, 0, 0]
            return withUnsafePointer(to: frame.pointee.data) { data in
                withUnsafePointer(to: frame.pointee.linesize) { lines in
                    data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
                        lines.withMemoryRebound(to: Int32.self, capacity: 8) { sizes in
                            sws_scale(scaler, planes, sizes, 0, f.height, &destination, &stride)
                        }
                    }
                }
            }
        }
        guard rows == f.height else { throw ClipError(path: path, .undecodable("its pixels could not be converted")) }
        return rgba
    }
}

/// A clip that cannot be used: its file and why, in one line.
package struct ClipError: Error, Equatable, CustomStringConvertible {
    package enum Reason: Equatable, Sendable {
        case unreadable(String)
        case undecodable(String)
        case noVideo
        case noFrames
        case noDecoder(String)
        case badSize(Int, Int)
        case tooLong
        case sizeChanges
        case outOfMemory
        /// Reading or decoding failed at (or after) this time of the clip.
        case damaged(at: Double?)
    }
    package let path: String
    package let reason: Reason

    package init(path: String, _ reason: Reason) { self.path = path; self.reason = reason }

    package var description: String {
        let name = "video clip \(path)"
        switch reason {
        case .unreadable(let why): return "\(name) cannot be read: \(why)"
        case .undecodable(let why): return "\(name) cannot be decoded: \(why)"
        case .noVideo: return "\(name) has no video stream"
        case .noFrames: return "\(name) has no frames"
        case .noDecoder(let codec): return "\(name) is \(codec), which this FFmpeg cannot decode"
        case let .badSize(w, h): return "\(name) is \(w)x\(h): clips may be up to \(ClipSource.maximumSide) pixels a side"
        case .tooLong: return "\(name) has more than \(ClipSource.maximumFrames) frames"
        case .sizeChanges: return "\(name) changes its picture size part-way: clips keep one size"
        case .outOfMemory: return "\(name): out of memory while decoding it"
        case .damaged(let at):
            return at.map { String(format: "%@ is damaged or cut short: it cannot be decoded at %.3f s", name, $0) } ?? "\(name) is damaged: it cannot be read"
        }
    }
}
