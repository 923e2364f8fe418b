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
        // converter's YUV samples (1.5, twice when it keeps the previous ones). Drawing in bands
        // adds the bands' rasterizers (together one more, about 6).
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

    /// Whether an address-space limit (`ulimit -v`) is set.
    static var addressSpaceIsLimited: Bool {
        var limit = rlimit()
        return getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0 && limit.rlim_cur != rlim_t.max
    }

    /// Under an address-space limit, keeps the C allocator to one arena: each thread's arena
    /// otherwise reserves 64 MB of addresses it never uses, which the limit counts. Call at
    /// start, before any thread.
    package static func limitAddressSpaceOverhead() {
        // glibc's mallopt (malloc.h is not in Swift's Glibc module); M_ARENA_MAX is -8.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard addressSpaceIsLimited, let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(-8, 1)
    }

    /// The memory this process may use: the smallest of the cgroup's room (`memory.max` less
    /// `memory.current`), the system's `MemAvailable`, and the room under an address-space limit
    /// (`ulimit -v`) beyond what the process has mapped and the stacks of the threads it will
    /// start; nil when none can be read.
    package static func available() -> Int? {
        var limits: [Int] = []
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max,
           let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmSize:") }),
           let kb = line.split(separator: " ").dropFirst().first.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
            let stacks = (ProcessInfo.processInfo.activeProcessorCount + 4) * (8 << 20)
            limits.append(Swift.max(0, Int(clamping: limit.rlim_cur) - kb * 1024 - stacks))
        }
        if let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
           let kb = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
            limits.append(kb * 1024)
        }
        if let max = try? String(contentsOfFile: "/sys/fs/cgroup/memory.max", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines), let limit = Int(max) {
            let used = (try? String(contentsOfFile: "/sys/fs/cgroup/memory.current", encoding: .utf8))
                .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
            limits.append(Swift.max(0, limit - used))
        }
        return limits.min()
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
