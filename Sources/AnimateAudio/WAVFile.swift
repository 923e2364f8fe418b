/// 16-bit PCM WAV (RIFF) bytes, the simplest file every player and browser reads.
package enum WAVFile {
    /// A WAV of interleaved 16-bit `pcm` at `sampleRate` with `channels` channels.
    package static func bytes(pcm: [Int16], channels: Int = AudioClock.channels, sampleRate: Int = AudioClock.sampleRate) -> [UInt8] {
        let dataSize = pcm.count * 2
        var out: [UInt8] = []
        out.reserveCapacity(44 + dataSize)
        func tag(_ s: String) { out += Array(s.utf8) }
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian) { out += $0 } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: v).littleEndian) { out += $0 } }
        tag("RIFF"); u32(36 + dataSize); tag("WAVE")
        tag("fmt "); u32(16); u16(1); u16(channels); u32(sampleRate)
        u32(sampleRate * channels * 2); u16(channels * 2); u16(16)
        tag("data"); u32(dataSize)
        pcm.withUnsafeBytes { raw in
            if Int16(littleEndian: 1) == 1 { out += raw } else { for v in pcm { withUnsafeBytes(of: v.littleEndian) { out += $0 } } }
        }
        return out
    }
}
