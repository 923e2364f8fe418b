import Animate
import Foundation

/// Benchmarks for `scripts/bench`. Usage:
///   animate-bench raster --displaylists DIR [--frames N] [--reps R] [--png-frame K] --out OUTDIR [--only a,b] [--threads T]
///   animate-bench stills [--scenes a,b] [--size WxH] [--threads 1,2,4] [--reps R]
///   animate-bench blur --image input.png --out ours.png [--radius 20] [--reps 20]
///   animate-bench blurs [--reps R] [--dots N]
///   animate-bench text --textlists FILE --out OUTDIR [--frames N] [--reps R] [--png-frame K]
///   animate-bench formulas [--reps R] [--frames N]
///   animate-bench storyboard [--reps R]
///   animate-bench diagrams [--frames N]
///   animate-bench code [--reps R] [--frames N] [--only code|focus|text]
///   animate-bench symbols [--reps R] [--count N]
///   animate-bench space [--reps R] [--resolution N]
///   animate-bench voice
func usage() -> Never {
    FileHandle.standardError.write(Data("""
        usage: animate-bench raster --displaylists DIR [--frames N] [--reps R] [--png-frame K] --out OUTDIR [--only a,b] [--threads T]
               animate-bench stills [--scenes a,b] [--size WxH] [--threads 1,2,4] [--reps R]
               animate-bench blur --image input.png --out ours.png [--radius 20] [--reps 20]
               animate-bench blurs [--reps R] [--dots N]
               animate-bench text --textlists FILE --out OUTDIR [--frames N] [--reps R] [--png-frame K]
               animate-bench formulas [--reps R] [--frames N]
               animate-bench storyboard [--reps R]
               animate-bench diagrams [--frames N]
               animate-bench code [--reps R] [--frames N] [--only code|focus|text]
               animate-bench symbols [--reps R] [--count N]
               animate-bench space [--reps R] [--resolution N]
               animate-bench voice

        """.utf8))
    exit(64)
}

var args = Array(CommandLine.arguments.dropFirst())
guard let mode = args.first else { usage() }
args.removeFirst()
var options: [String: String] = [:]
while let key = args.first, key.hasPrefix("--"), args.count >= 2 {
    options[String(key.dropFirst(2))] = args[1]
    args.removeFirst(2)
}
guard args.isEmpty else { usage() }

do {
    switch mode {
    case "raster":
        guard let dl = options["displaylists"], let out = options["out"] else { usage() }
        var bench = RasterBenchmark(displayLists: URL(fileURLWithPath: dl), out: URL(fileURLWithPath: out))
        if let v = options["frames"].flatMap(Int.init) { bench.frames = v }
        if let v = options["reps"].flatMap(Int.init) { bench.reps = v }
        if let v = options["png-frame"].flatMap(Int.init) { bench.pngFrame = v }
        if let v = options["only"] { bench.only = Set(v.split(separator: ",").map(String.init)) }
        if let v = options["threads"].flatMap(Int.init) { bench.threads = v }
        try bench.run()
    case "stills":
        var bench = StillBenchmark()
        if let v = options["scenes"] { bench.scenes = v.split(separator: ",").map(String.init) }
        if let v = options["size"] {
            let parts = v.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2 else { usage() }
            bench.width = parts[0]; bench.height = parts[1]
        }
        if let v = options["threads"] { bench.threads = v.split(separator: ",").compactMap { Int($0) } }
        if let v = options["reps"].flatMap(Int.init) { bench.reps = v }
        try bench.run()
    case "blur":
        guard let image = options["image"], let out = options["out"] else { usage() }
        var bench = BlurBenchmark(image: URL(fileURLWithPath: image), out: URL(fileURLWithPath: out))
        if let v = options["radius"].flatMap(Double.init) { bench.radius = CGFloat(v) }
        if let v = options["reps"].flatMap(Int.init) { bench.reps = v }
        try bench.run()
    case "blurs":
        var bench = BlursBenchmark()
        if let v = options["reps"].flatMap(Int.init) { bench.reps = v }
        if let v = options["dots"].flatMap(Int.init) { bench.dots = v }
        try bench.run()
    case "diagrams":
        var bench = DiagramBenchmark()
        if let v = options["frames"].flatMap(Int.init) { bench.frames = v }
        try bench.run()
    case "code":
        var bench = CodeBenchmark()
        if let v = options["reps"].flatMap(Int.init) { bench.reps = v }
        if let v = options["frames"].flatMap(Int.init) { bench.frames = v }
        bench.only = options["only"]
        try bench.run()
    case "symbols":
        var bench = SymbolsBenchmark()
        if let v = options["reps"].flatMap(Int.init) { bench.reps = v }
        if let v = options["count"].flatMap(Int.init) { bench.count = v }
        try bench.run()
    case "space":
        var bench = SpaceBenchmark()
        if let v = options["reps"].flatMap(Int.init) { bench.reps = v }
        if let v = options["resolution"].flatMap(Int.init) { bench.resolution = v }
        try bench.run()
    case "voice":
        try VoiceBenchmark().run()
    case "clip":
        guard let file = options["file"] else { usage() }
        var bench = ClipBenchmark(file: file)
        if let v = options["seconds"].flatMap(Double.init) { bench.seconds = v }
        try bench.run()
    case "storyboard":
        var bench = StoryboardBenchmark()
        if let v = options["reps"].flatMap(Int.init) { bench.reps = v }
        try bench.run()
    case "formulas":
        var bench = FormulaBenchmark()
        if let v = options["reps"].flatMap(Int.init) { bench.reps = v }
        if let v = options["frames"].flatMap(Int.init) { bench.frames = v }
        try bench.run()
    case "text":
        guard let lists = options["textlists"], let out = options["out"] else { usage() }
        var bench = TextBenchmark(textLists: URL(fileURLWithPath: lists), out: URL(fileURLWithPath: out))
        if let v = options["frames"].flatMap(Int.init) { bench.frames = v }
        if let v = options["reps"].flatMap(Int.init) { bench.reps = v }
        if let v = options["png-frame"].flatMap(Int.init) { bench.pngFrame = v }
        try bench.run()
    default:
        usage()
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
