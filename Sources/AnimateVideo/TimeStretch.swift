import CFFmpeg
import CFFmpegFilter
import Foundation

/// Sound played faster or slower with its pitch kept, by FFmpeg's `atempo` filter (WSOLA), through
/// libavfilter opened when first needed (`CFFmpegFilter`).
package enum TimeStretch {
    /// `samples` (48 kHz interleaved stereo) played `tempo` times as fast, 0.5...2.
    package static func samples(_ samples: [Float], tempo: Double) throws -> [Float] {
        guard tempo.isFinite, (0.5...2).contains(tempo) else { throw VideoError.outOfMemory("retiming sound outside 0.5...2 times") }
        if tempo == 1 || samples.isEmpty { return samples }
        try FFmpegError.check(animate_filter_open(), "opening libavfilter")
        var graph = animate_filter_graph_alloc()
        defer { animate_filter_graph_free(&graph) }
        guard graph != nil else { throw VideoError.outOfMemory("retiming sound") }
        var source: UnsafeMutableRawPointer?, tempoFilter: UnsafeMutableRawPointer?, sink: UnsafeMutableRawPointer?
        try FFmpegError.check(animate_filter_graph_create_filter(&source, animate_filter_get_by_name("abuffer"), "in",
                                                                 "sample_rate=48000:sample_fmt=flt:channel_layout=stereo:time_base=1/48000", graph), "setting up atempo")
        try FFmpegError.check(animate_filter_graph_create_filter(&tempoFilter, animate_filter_get_by_name("atempo"), "tempo",
                                                                 String(format: "tempo=%.6f", tempo), graph), "setting up atempo")
        try FFmpegError.check(animate_filter_graph_create_filter(&sink, animate_filter_get_by_name("abuffersink"), "out", nil, graph), "setting up atempo")
        try FFmpegError.check(animate_filter_link(source, 0, tempoFilter, 0), "linking atempo")
        try FFmpegError.check(animate_filter_link(tempoFilter, 0, sink, 0), "linking atempo")
        try FFmpegError.check(animate_filter_graph_config(graph), "configuring atempo")
        var out: [Float] = []
        out.reserveCapacity(Int(Double(samples.count) / tempo) + 8192)
        var received = av_frame_alloc()
        defer { av_frame_free(&received) }
        guard let received else { throw VideoError.outOfMemory("retiming sound") }
        func drain() throws {
            while true {
                let r = animate_filter_buffersink_get_frame(sink, received)
                if r == cffmpeg_averror_eagain() || r == cffmpeg_averror_eof() { return }
                try FFmpegError.check(r, "retiming sound")
                let count = Int(received.pointee.nb_samples) * 2
                received.pointee.data.0!.withMemoryRebound(to: Float.self, capacity: count) { out.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) }
                av_frame_unref(received)
            }
        }
        let chunk = 4096
        var at = 0
        while at < samples.count / 2 {
            let n = min(chunk, samples.count / 2 - at)
            var frame = av_frame_alloc()
            defer { av_frame_free(&frame) }
            guard let frame else { throw VideoError.outOfMemory("retiming sound") }
            frame.pointee.format = AV_SAMPLE_FMT_FLT.rawValue
            frame.pointee.sample_rate = 48000
            av_channel_layout_default(&frame.pointee.ch_layout, 2)
            frame.pointee.nb_samples = Int32(n)
            frame.pointee.pts = Int64(at)
            try FFmpegError.check(av_frame_get_buffer(frame, 0), "retiming sound")
            samples.withUnsafeBufferPointer { src in
                frame.pointee.data.0!.withMemoryRebound(to: Float.self, capacity: 2 * n) { dst in
                    dst.update(from: src.baseAddress! + 2 * at, count: 2 * n)
                }
            }
            try FFmpegError.check(animate_filter_buffersrc_add_frame(source, frame), "retiming sound")
            at += n
            try drain()
        }
        try FFmpegError.check(animate_filter_buffersrc_add_frame(source, nil), "retiming sound")
        try drain()
        return out
    }
}
