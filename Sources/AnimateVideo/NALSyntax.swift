/// The byte rules every H.264 and HEVC NAL unit keeps whatever it codes, checked on a packet of
/// length-prefixed NAL units (MP4, QuickTime, Matroska): each length fits the packet, the
/// forbidden bit is clear, no 0x000000, 0x000001 or 0x000002 appears inside a unit (encoders
/// insert emulation-prevention bytes so it never does), and a unit never ends in a zero byte. A
/// damaged packet that still decodes (a run of zeroed bytes, which the decoders read as valid
/// data) breaks them.
package enum NALSyntax {
    /// The size of the NAL length prefix an `avcC` (H.264) or `hvcC` (HEVC) record declares; nil
    /// when the stream's units carry start codes instead (Annex B) or the record is not one.
    package static func lengthSize(extradata: [UInt8], hevc: Bool) -> Int? {
        guard let version = extradata.first, version == 1 else { return nil }
        let at = hevc ? 21 : 4
        guard extradata.count > at else { return nil }
        let size = Int(extradata[at] & 3) + 1
        return size == 3 ? nil : size
    }

    /// Whether `packet` is a sequence of well-formed length-prefixed NAL units.
    package static func isWellFormed(_ packet: UnsafeRawBufferPointer, lengthSize: Int) -> Bool {
        var at = 0
        let count = packet.count
        guard count > 0 else { return false }
        while at < count {
            guard at + lengthSize <= count else { return false }
            var length = 0
            for k in 0..<lengthSize { length = length << 8 | Int(packet[at + k]) }
            at += lengthSize
            guard length > 0, length <= count - at else { return false }
            let unit = UnsafeRawBufferPointer(rebasing: packet[at..<(at + length)])
            guard unit[0] & 0x80 == 0, unit[length - 1] != 0, !containsStartCodeEmulation(unit) else { return false }
            at += length
        }
        return true
    }

    /// Whether two zero bytes followed by 0x00, 0x01 or 0x02 appear in `unit`.
    static func containsStartCodeEmulation(_ unit: UnsafeRawBufferPointer) -> Bool {
        let n = unit.count
        guard n >= 3 else { return false }
        var i = 0
        while i + 2 < n {
            // Two zeros can only start at i or i + 1 when unit[i + 1] is zero: skip ahead otherwise.
            if unit[i + 1] != 0 { i += 2; continue }
            if unit[i] == 0 && unit[i + 2] <= 2 { return true }
            i += 1
        }
        return false
    }
}
