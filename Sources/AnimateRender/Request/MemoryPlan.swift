package import AnimateVideo
import Foundation

/// What a render is expected to hold at its peak, planned before drawing: frame buffers per
/// drawing worker, frames in flight to the encoder, and the encoder's own buffers. A render that
/// would not fit in the memory it may use gets fewer workers; one that would not fit with one
/// worker is refused.
package struct MemoryPlan: Sendable, Equatable {
    /// Bytes every render needs whatever its size (code, fonts, the encoder's fixed state).
    static let base = 40 << 20

    /// Expected peak bytes of a `width` x `height` render with `workers` drawing threads, each
    /// drawing its frame with `threadsPerFrame` threads, written to `output` with `encoding`.
    package static func estimate(width: Int, height: Int, workers: Int, reusesPreviousFrame: Bool, output: Output?,
                                encoding: EncodingSettings = EncodingSettings(), threadsPerFrame: Int = 1) -> Int {
        let pixels = width * height
        // A canvas (4 bytes a pixel), what it keeps from its last frame (about 10), and its
        // converter's YUV samples (1.5, twice when it keeps the previous ones). Drawing with
        // several threads adds a band's rasterizer per thread and the recording they share
        // (counted as 6, more than they hold).
        let perWorker = pixels * (4 + (reusesPreviousFrame ? 10 : 0) + (threadsPerFrame > 1 ? 6 : 0))
            + pixels * 3 / 2 * (reusesPreviousFrame ? 2 : 1)
        let stream = output?.format.videoContainer.map { VideoStreamFormat(container: $0, settings: encoding) }
        // Two frames a worker in flight to the sink, at the sink's size: the encoder's frames for
        // a video, 4:2:0 for a sink of the caller's, RGBA otherwise.
        let payload = stream?.frameBytes(width: width, height: height) ?? (output == nil ? pixels * 3 / 2 : pixels * 4)
        // Encoders hold look-ahead frames and their own references; the bytes a pixel are fitted
        // to measured peaks (docs/benchmarks.md, Memory plan).
        let encoder: Int
        switch (stream?.codec, stream?.container) {
        case (.h264?, _):
            // 10-bit x264 keeps 16-bit samples.
            let tenBit = stream?.pixelFormat?.isTenBit == true
            encoder = pixels * (encoding.sliceThreads ? (tenBit ? 155 : 95) : (tenBit ? 195 : 120))
        case (.hevc?, _): encoder = pixels * 200
        case (.av1?, _): encoder = pixels * 235
        // libvpx: twice the look-ahead with the alpha stream.
        case (.vp9?, _): encoder = pixels * (stream?.keepsAlpha == true ? 300 : 160)
        case (.prores?, _): encoder = pixels * 140
        case (nil, .webp?): encoder = pixels * 50
        default: encoder = pixels * 4
        }
        return base + workers * (perWorker + 2 * payload) + encoder
    }

    /// Parses a size such as `512M`, `2G`, `1.5G` or `800000000` (bytes); nil otherwise.
    package static func bytes(parsing text: String) -> Int? {
        let s = text.trimmingCharacters(in: .whitespaces).uppercased()
        let units: [(String, Double)] = [("K", 1024), ("M", 1_048_576), ("G", 1_073_741_824), ("T", 1_099_511_627_776)]
        var number = Substring(s), scale = 1.0
        if let unit = units.first(where: { s.hasSuffix($0.0) || s.hasSuffix($0.0 + "B") }) {
            number = s.hasSuffix("B") ? s.dropLast(2) : s.dropLast()
            scale = unit.1
        }
        guard let value = Double(number), value.isFinite, value > 0, value * scale < 1e18 else { return nil }
        return Int(value * scale)
    }
}
