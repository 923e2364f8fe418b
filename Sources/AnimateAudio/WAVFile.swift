/// 16-bit PCM WAV (RIFF) bytes, the simplest file every player and browser reads.
package enum WAVFile {
    /// The most sample frames of 16-bit stereo a WAV holds: its sizes are 32-bit.
    package static let maximumFrames = (Int(UInt32.max) - 36) / (2 * AudioClock.channels)

    /// A WAV of interleaved 16-bit `pcm` at `sampleRate` with `channels` channels.
    package static func bytes(pcm: [Int16], channels: Int = AudioClock.channels, sampleRate: Int = AudioClock.sampleRate) -> [UInt8] {
        var out = header(values: pcm.count, channels: channels, sampleRate: sampleRate)
        out.reserveCapacity(out.count + pcm.count * 2)
        append(pcm, to: &out)
        return out
    }

    /// The 44 bytes before `values` interleaved 16-bit samples, for a WAV written piece by piece.
    package static func header(values: Int, channels: Int = AudioClock.channels, sampleRate: Int = AudioClock.sampleRate) -> [UInt8] {
        let dataSize = values * 2
        var out: [UInt8] = []
        out.reserveCapacity(44)
        func tag(_ s: String) { out += Array(s.utf8) }
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian) { out += $0 } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: v).littleEndian) { out += $0 } }
        tag("RIFF"); u32(36 + dataSize); tag("WAVE")
        tag("fmt "); u32(16); u16(1); u16(channels); u32(sampleRate)
        u32(sampleRate * channels * 2); u16(channels * 2); u16(16)
        tag("data"); u32(dataSize)
        return out
    }

    /// Appends `pcm` as little-endian samples.
    package static func append(_ pcm: [Int16], to out: inout [UInt8]) {
        pcm.withUnsafeBytes { raw in
            if Int16(littleEndian: 1) == 1 { out += raw } else { for v in pcm { withUnsafeBytes(of: v.littleEndian) { out += $0 } } }
        }
    }
}
