import CWebP
import Foundation

/// Every frame of an animated WebP (or a still one), decoded at once by libwebp's demuxer: each
/// the whole canvas as the file composites it, straight RGBA, with the time it starts. FFmpeg 5.1
/// does not decode WebP animation; libwebp does.
struct AnimatedWebP {
    let width: Int
    let height: Int
    let frames: [[UInt8]]
    /// When each frame starts, in seconds from the first.
    let starts: [Double]
    /// When the last ends.
    let duration: Double

    /// The most decoded bytes an animation may take (its frames are kept whole).
    static let maximumBytes = 512 << 20

    /// Whether `path` starts as a WebP file does (RIFF, then WEBP).
    static func isWebP(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path), let head = try? handle.read(upToCount: 12) else { return false }
        try? handle.close()
        return head.count == 12 && head.prefix(4).elementsEqual("RIFF".utf8) && head.suffix(4).elementsEqual("WEBP".utf8)
    }

    init(path: String) throws(ClipError) {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch { throw ClipError(path: path, .unreadable("\(error.localizedDescription)")) }
        var frames: [[UInt8]] = [], ends: [Double] = []
        var size = (0, 0)
        let failure: ClipError? = data.withUnsafeBytes { raw -> ClipError? in
            guard let base = raw.baseAddress else { return ClipError(path: path, .noFrames) }
            var webp = WebPData(bytes: base.assumingMemoryBound(to: UInt8.self), size: raw.count)
            var options = WebPAnimDecoderOptions()
            guard cwebp_anim_options_init(&options) != 0 else { return ClipError(path: path, .undecodable("libwebp refused its options")) }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            guard let decoder = cwebp_anim_decoder_new(&webp, &options) else { return ClipError(path: path, .undecodable("not a WebP libwebp can read")) }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { return ClipError(path: path, .undecodable("its header cannot be read")) }
            let w = Int(info.canvas_width), h = Int(info.canvas_height)
            guard w > 0, h > 0, w <= ClipSource.maximumSide, h <= ClipSource.maximumSide else { return ClipError(path: path, .badSize(w, h)) }
            guard Int(info.frame_count) * w * h * 4 <= Self.maximumBytes else { return ClipError(path: path, .tooLong) }
            size = (w, h)
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var end: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &pixels, &end) != 0, let pixels else {
                    return ClipError(path: path, .damaged(at: ends.last ?? 0))
                }
                frames.append(Array(UnsafeBufferPointer(start: pixels, count: w * h * 4)))
                // A frame of no length still shows for a moment: a millisecond after the last.
                ends.append(max(Double(end) / 1000, (ends.last ?? 0) + 0.001))
            }
            return frames.isEmpty ? ClipError(path: path, .noFrames) : nil
        }
        if let failure { throw failure }
        width = size.0; height = size.1
        self.frames = frames
        starts = [0] + ends.dropLast()
        duration = ends.last ?? 0
    }
}
