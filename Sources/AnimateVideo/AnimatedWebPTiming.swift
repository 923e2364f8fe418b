import Foundation

/// Frame delays of an animated WebP, which keeps them in whole milliseconds. libwebp's encoder
/// rounds each frame's start time, so every delay but the last is right to the millisecond; the
/// last is set here so the animation lasts exactly as long as its frames (to the millisecond).
enum AnimatedWebPTiming {
    /// Sets the last frame's delay of the WebP at `path` so the delays add up to `total` ms.
    static func setDuration(ofFileAt path: String, toMilliseconds total: Int) throws {
        let url = URL(fileURLWithPath: path)
        var bytes = try [UInt8](Data(contentsOf: url))
        func u24(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 }
        func id(_ i: Int) -> String { String(decoding: bytes[i..<(i + 4)], as: UTF8.self) }
        guard bytes.count >= 12, id(0) == "RIFF", id(8) == "WEBP" else { throw VideoError.notWebP(path: path) }
        var sum = 0, last: Int?
        var at = 12
        while at + 8 <= bytes.count {
            let size = u24(at + 4) | Int(bytes[at + 7]) << 24
            if id(at) == "ANMF", at + 8 + 15 <= bytes.count {
                last = at + 8 + 12
                sum += u24(at + 8 + 12)
            }
            at += 8 + size + (size & 1)
        }
        guard let last else { return }
        let delay = total - (sum - u24(last))
        guard delay > 0, delay < 1 << 24 else { return }
        bytes[last] = UInt8(delay & 0xFF)
        bytes[last + 1] = UInt8((delay >> 8) & 0xFF)
        bytes[last + 2] = UInt8(delay >> 16)
        try Data(bytes).write(to: url)
    }
}
