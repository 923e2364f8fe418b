import CFFmpeg
import Foundation

/// The MD5 of a video file's packets, as a reader gets them, kept at the end of its comment tag
/// (` video-md5=` and 32 hex digits) so a join can tell the media data is what was written. The
/// muxer rewrites packets as it stores them (start codes to lengths, AV1's temporal units), so
/// the digest is taken from the finished file and written over the zeros the muxer reserved for it
/// where the muxer put the comment: the `moov` box of MP4 and QuickTime, the header of Matroska
/// and WebM (before the first cluster).
enum VideoDigestTag {
    static let field = " video-md5="
    /// What the comment ends with until the file is finished: the field and 32 zeros.
    static let reserved = field + String(repeating: "0", count: 32)
    /// How far into a Matroska file its tags are looked for.
    static let matroskaHeaderBytes = 1 << 20

    /// Reads the video packets of the finished file at `path`, and writes their digest over the
    /// reserved zeros (every copy) in its comment.
    static func write(intoFileAt path: String, quickTime: Bool) throws {
        let input = try SegmentInput(path: path)
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        guard let pkt = packet else { throw VideoError.outOfMemory("digesting \(path)") }
        let digest = try PacketDigest()
        while true {
            let r = av_read_frame(input.context, pkt)
            if r == cffmpeg_averror_eof() { break }
            try FFmpegError.check(r, "reading back \(path)")
            if pkt.pointee.stream_index == input.stream.pointee.index { digest.add(pkt) }
            av_packet_unref(pkt)
        }
        let marker = Array(reserved.utf8)
        guard let handle = FileHandle(forUpdatingAtPath: path) else { throw VideoError.digestNotTagged(path: path) }
        defer { try? handle.close() }
        let hex = Data(digest.finish().utf8)
        func patch(_ region: [UInt8], at start: UInt64) throws -> Bool {
            // QuickTime keeps the comment twice (its own atom and iTunes-style metadata).
            let places = region.ranges(of: marker)
            for at in places {
                try handle.seek(toOffset: start + UInt64(at.lowerBound + field.utf8.count))
                try handle.write(contentsOf: hex)
            }
            return !places.isEmpty
        }
        if !quickTime {
            guard let head = try handle.read(upToCount: matroskaHeaderBytes).map([UInt8].init),
                  let first = head.ranges(of: marker).first, try patch(Array(head[first]), at: UInt64(first.lowerBound)) else {
                throw VideoError.digestNotTagged(path: path)
            }
            return
        }
        // Top-level boxes: 32-bit size and type, or size 1 and a 64-bit size after the type.
        var offset: UInt64 = 0
        while true {
            try handle.seek(toOffset: offset)
            guard let header = try handle.read(upToCount: 16), header.count >= 8 else { break }
            let bytes = [UInt8](header)
            var size = UInt64(bytes[0]) << 24 | UInt64(bytes[1]) << 16 | UInt64(bytes[2]) << 8 | UInt64(bytes[3])
            if size == 1, bytes.count == 16 { size = bytes[8..<16].reduce(0) { $0 << 8 | UInt64($1) } }
            guard size >= 8 else { break }
            if bytes[4..<8].elementsEqual("moov".utf8), size < 1 << 30 {
                try handle.seek(toOffset: offset + 8)
                guard let moov = try handle.read(upToCount: Int(size) - 8).map([UInt8].init),
                      try patch(moov, at: offset + 8) else { break }
                return
            }
            offset += size
        }
        throw VideoError.digestNotTagged(path: path)
    }
}
