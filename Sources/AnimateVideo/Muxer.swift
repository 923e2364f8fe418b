package import CFFmpeg
import Foundation

/// One output file being written by FFmpeg's muxer for a container: the output context, opened
/// on a local file only (no other protocol), its header written with the container's options,
/// finished once, and freed (with the file closed) however it ends.
package final class Muxer {
    package let context: UnsafeMutablePointer<AVFormatContext>
    let container: VideoContainer
    /// The file as messages name it.
    let name: String
    private let url: String
    private let path: String
    /// The descriptor of an output that is not a regular file (a FIFO, a device), opened by us so
    /// that neither the open nor a write ever blocks FFmpeg past an interruption; FFmpeg writes it
    /// as `pipe:N`.
    private var special: Int32 = -1

    /// A muxer for `container` writing `path` (not opened until `writeHeader`).
    package init(path: String, container: VideoContainer, name: String) throws {
        FFmpegLibrary.setUp()
        url = "file:" + path
        self.path = path
        self.container = container
        self.name = name
        var fmt: UnsafeMutablePointer<AVFormatContext>?
        try FFmpegError.check(avformat_alloc_output_context2(&fmt, nil, container.muxerName, url),
                              "creating the \(container.name) muxer for \(name)")
        guard let fmt else { throw VideoError.cannotCreateMuxer(container: container.name, path: name) }
        context = fmt
        fmt.pointee.protocol_whitelist = av_strdup("file,pipe")
    }

    deinit {
        if context.pointee.pb != nil { avio_closep(&context.pointee.pb) }
        avformat_free_context(context)
        if special >= 0 { close(special) }
    }

    /// Whether the container wants codec headers once, in the stream, rather than in each keyframe.
    package var wantsGlobalHeader: Bool { (context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 }

    /// A new stream of the file.
    package func addStream() throws -> UnsafeMutablePointer<AVStream> {
        guard let stream = avformat_new_stream(context, nil) else { throw VideoError.cannotAddStream(path: name, audio: false) }
        return stream
    }

    private var comment: String?
    private var digestsVideo = false

    /// The file's comment tag.
    package func setComment(_ comment: String?) {
        self.comment = comment
        if let comment { av_dict_set(&context.pointee.metadata, "comment", comment, 0) }
    }

    /// Chapters for players to list (MP4 and QuickTime as a chapter track and Nero's `chpl`,
    /// Matroska and WebM as their Chapters). Call before `writeHeader`; other containers have none.
    package func setChapters(_ chapters: [VideoChapter]) {
        guard container.isQuickTimeFamily || container == .mkv || container == .webm else { return }
        for chapter in chapters where chapter.start.isFinite && chapter.end.isFinite && chapter.end > chapter.start {
            // Allocated as FFmpeg's own, so avformat_free_context frees them with the context.
            guard let raw = av_mallocz(MemoryLayout<AVChapter>.size) else { return }
            let c = raw.assumingMemoryBound(to: AVChapter.self)
            let count = Int(context.pointee.nb_chapters)
            guard let grown = av_realloc_array(context.pointee.chapters, count + 1, MemoryLayout<UnsafeMutablePointer<AVChapter>?>.size) else {
                av_free(raw)
                return
            }
            let list = grown.assumingMemoryBound(to: UnsafeMutablePointer<AVChapter>?.self)
            c.pointee.id = Int64(count)
            c.pointee.time_base = AVRational(num: 1, den: 1000)
            c.pointee.start = Int64((chapter.start * 1000).rounded())
            c.pointee.end = Int64((chapter.end * 1000).rounded())
            av_dict_set(&c.pointee.metadata, "title", chapter.title, 0)
            list[count] = c
            context.pointee.chapters = list
            context.pointee.nb_chapters = UInt32(count + 1)
        }
    }

    /// Ends the comment of an MP4, QuickTime, Matroska or WebM file written to a seekable file
    /// with the MD5 of its video packets (`VideoDigestTag`). Call before `writeHeader`.
    package func digestVideo() { digestsVideo = container.isQuickTimeFamily || container == .mkv || container == .webm }

    /// Whether the output is a regular file (not a device such as /dev/null, a FIFO or a pipe),
    /// which can be read back and rewritten in place.
    private var isRegularFile: Bool { fileType == S_IFREG }

    /// What the output is now (`S_IFREG`, `S_IFIFO`, `S_IFCHR`...); nil when it does not exist yet.
    private var fileType: mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    /// Whether the comment ends with room for the digest (written when the file is finished).
    private var digestReserved = false

    /// Ends the comment with room for the video's digest (`VideoDigestTag.reserved`), when the
    /// output is a regular file that can be read back and rewritten in place.
    private func reserveDigest() {
        guard digestsVideo, !digestReserved, let comment, isRegularFile else { return }
        av_dict_set(&context.pointee.metadata, "comment", comment + VideoDigestTag.reserved, 0)
        digestReserved = true
    }

    /// Opens the file and writes the header, with the container's options: MP4 and QuickTime put
    /// their index first (`+faststart`), or stream as fragments where the output cannot be rewound
    /// (a pipe); GIF and WebP loop forever, APNG plays forever.
    package func writeHeader() throws {
        var ioOptions: OpaquePointer?
        defer { av_dict_free(&ioOptions) }
        av_dict_set(&ioOptions, "protocol_whitelist", "file,pipe", 0)
        // A FIFO nobody reads yet, or a reader that stopped, would block: we open it without
        // blocking and keep it non-blocking, so FFmpeg's writes wait in short steps that ask
        // for an interruption between them.
        var interrupt = OutputInterruption.callback
        context.pointee.interrupt_callback = interrupt
        var target = url
        if special < 0, let type = fileType, type != S_IFREG {
            let fd = try OutputInterruption.openForWriting(path, flags: O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw VideoError.cannotOpenOutput(path: name, reason: String(cString: strerror(errno))) }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            special = fd
            target = "pipe:\(fd)"
        }
        let opened = avio_open2(&context.pointee.pb, target, AVIO_FLAG_WRITE, &interrupt, &ioOptions)
        if opened < 0 && OutputInterruption.isRequested { throw CancellationError() }
        try FFmpegError.check(opened, "opening \(name) for writing")
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        if container.isQuickTimeFamily {
            let seekable = (context.pointee.pb.pointee.seekable & AVIO_SEEKABLE_NORMAL) != 0
            av_dict_set(&options, "movflags", seekable ? "+faststart" : "+frag_keyframe+empty_moov+default_base_moof", 0)
        }
        // Matroska writes its tags with the header; MP4 and QuickTime in their index, at the end.
        if !container.isQuickTimeFamily { reserveDigest() }
        if container == .gif || container == .webp { av_dict_set(&options, "loop", "0", 0) }
        if container == .apng { av_dict_set(&options, "plays", "0", 0) }
        try FFmpegError.check(avformat_write_header(context, &options), "writing the \(container.name) header to \(name)")
    }

    /// Writes a packet, interleaved with the other streams' by time.
    package func write(_ packet: UnsafeMutablePointer<AVPacket>) throws {
        let r = av_interleaved_write_frame(context, packet)
        if r < 0 && OutputInterruption.isRequested { throw CancellationError() }
        try FFmpegError.check(r, "writing to \(name)")
    }

    /// Writes the trailer (for MP4, moves the index to the front), flushes and closes the file.
    package func finish() throws {
        if container.isQuickTimeFamily && context.pointee.pb != nil { reserveDigest() }
        try FFmpegError.check(av_write_trailer(context), "finishing \(name)")
        if let pb = context.pointee.pb {
            avio_flush(pb)
            try FFmpegError.check(pb.pointee.error, "writing \(name)")
        }
        try FFmpegError.check(avio_closep(&context.pointee.pb), "closing \(name)")
        if special >= 0 { close(special); special = -1 }
        if digestReserved { try VideoDigestTag.write(intoFileAt: path, quickTime: container.isQuickTimeFamily) }
    }
}
