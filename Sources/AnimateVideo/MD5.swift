package import CFFmpeg

/// MD5 digests through libavutil, the same hash FFmpeg's `framemd5` muxer prints.
package enum MD5 {
    /// The lowercase hex MD5 of `bytes`.
    package static func hex(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var digest = [UInt8](repeating: 0, count: 16)
        av_md5_sum(&digest, bytes.baseAddress, bytes.count)
        return hex(digest: digest)
    }

    /// The 16 bytes of a digest as 32 lowercase hex digits.
    static func hex(digest: [UInt8]) -> String {
        digest.map { byte in
            let s = String(byte, radix: 16)
            return s.count == 1 ? "0" + s : s
        }.joined()
    }
}

/// A running MD5 over the payloads of a stream's packets, in order: what a segment's tag records
/// of its video so that a join can tell its media data is the data that was written.
package final class PacketDigest {
    private var context: OpaquePointer?

    package init() throws {
        context = av_md5_alloc()
        guard context != nil else { throw VideoError.outOfMemory("allocating a digest") }
        av_md5_init(context)
    }

    deinit { av_free(UnsafeMutableRawPointer(context)) }

    /// Adds a packet's payload and what travels beside it (VP9's alpha in Matroska's block
    /// additions).
    package func add(_ packet: UnsafePointer<AVPacket>) {
        if let data = packet.pointee.data, packet.pointee.size > 0 { av_md5_update(context, data, Int(packet.pointee.size)) }
        guard let side = packet.pointee.side_data else { return }
        for i in 0..<Int(packet.pointee.side_data_elems) where side[i].type == AV_PKT_DATA_MATROSKA_BLOCKADDITIONAL {
            if let data = side[i].data, side[i].size > 0 { av_md5_update(context, data, Int(side[i].size)) }
        }
    }

    /// The lowercase hex digest of everything added (the digest then starts again).
    package func finish() -> String {
        var digest = [UInt8](repeating: 0, count: 16)
        av_md5_final(context, &digest)
        av_md5_init(context)
        return MD5.hex(digest: digest)
    }
}
