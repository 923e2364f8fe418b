import CFFmpeg

/// MD5 digests through libavutil, the same hash FFmpeg's `framemd5` muxer prints.
package enum MD5 {
    /// The lowercase hex MD5 of `bytes`.
    package static func hex(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var digest = [UInt8](repeating: 0, count: 16)
        av_md5_sum(&digest, bytes.baseAddress, bytes.count)
        return digest.map { byte in
            let s = String(byte, radix: 16)
            return s.count == 1 ? "0" + s : s
        }.joined()
    }
}
