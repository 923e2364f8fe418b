package import AnimateDrawing
package import AnimateText
import AnimateVideo
import CKernels
package import Foundation
import Testing

/// Where tests write images for people to look at: `$ANIMATE_ARTIFACTS` if set, else a temp directory.
package func artifactDirectory() -> URL {
    let base = ProcessInfo.processInfo.environment["ANIMATE_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("animate-tests")
    try? FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    return base
}

/// The folder holding this test process's scratch directories.
private func scratchRootPath() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("animate-tests-\(getpid())")
}

/// Created once; removed when the test process exits, so runs do not pile videos up in the
/// temporary directory (a few hundred runs had left 1.8 GB there).
private let scratchRoot: URL = {
    let url = scratchRootPath()
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: scratchRootPath()) }
    return url
}()

/// A fresh empty directory for one test, inside this process's scratch folder.
package func scratchDirectory(_ name: String = #function) -> URL {
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let url = scratchRoot.appendingPathComponent("\(safe)-\(UInt32.random(in: 0...UInt32.max))")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Sum of alpha coverage (0...1 per pixel) over the canvas.
package func totalCoverage(_ canvas: Bitmap) -> Double {
    var sum = 0.0
    for y in 0..<canvas.height { for x in 0..<canvas.width { sum += Double(canvas.premultipliedPixel(x: x, y: y).w) / 255 } }
    return sum
}

/// Alpha (0...1) of one pixel.
package func alpha(_ canvas: Bitmap, _ x: Int, _ y: Int) -> Double { Double(canvas.premultipliedPixel(x: x, y: y).w) / 255 }

/// Runs a command, returning its exit status, stdout and stderr. Both pipes are drained at once,
/// so a child that fills one while we read the other cannot stall. A command still running after
/// `timeLimit` seconds is killed, with an issue recorded. `environment` adds to (or replaces in)
/// this process's.
@discardableResult
package func run(_ executable: String, _ arguments: [String], currentDirectory: URL? = nil, environment: [String: String] = [:],
                 timeLimit: Double = 900) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let watchdog = killing(process, after: timeLimit, what: ([executable] + arguments).joined(separator: " "))
    defer { watchdog.cancel() }
    nonisolated(unsafe) var errData = Data()
    let drained = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        errData = err.fileHandleForReading.readDataToEndOfFile()
        drained.signal()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    drained.wait()
    while process.isRunning { usleep(5_000) }           // its pipes closed: exited, or the watchdog's to kill
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

/// `run` from async code: the wait happens on a thread of its own, not on one of the cooperative
/// pool's few threads, so the tests running beside it keep their cores.
@discardableResult
package func run(_ executable: String, _ arguments: [String], currentDirectory: URL? = nil, environment: [String: String] = [:],
                 timeLimit: Double = 900) async throws -> (status: Int32, stdout: String, stderr: String) {
    try await offThePool { try run(executable, arguments, currentDirectory: currentDirectory, environment: environment, timeLimit: timeLimit) }
}

/// Kills `process` (SIGKILL) if it still runs after `seconds`, recording an issue; cancel the
/// returned item once it has exited.
package func killing(_ process: Process, after seconds: Double, what: String) -> DispatchWorkItem {
    let pid = process.processIdentifier
    let item = DispatchWorkItem {
        guard kill(pid, 0) == 0 else { return }
        Issue.record("\(what.prefix(200)) still ran after \(seconds) s: killed")
        kill(pid, SIGKILL)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: item)
    return item
}

/// Waits for `process` to exit, at most `seconds`; past that it is killed (SIGKILL), an issue is
/// recorded and false returned.
@discardableResult
package func waitForExit(_ process: Process, within seconds: Double) -> Bool {
    let deadline = DispatchTime.now() + seconds
    while process.isRunning {
        if DispatchTime.now() > deadline {
            Issue.record("process \(process.processIdentifier) (\(process.executableURL?.lastPathComponent ?? "")) still ran after \(seconds) s: killed")
            kill(process.processIdentifier, SIGKILL)
            while process.isRunning { usleep(10_000) }
            return false
        }
        usleep(5_000)
    }
    return true
}

/// Runs blocking `work` on a thread outside Swift's cooperative pool and awaits its result.
package func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}

/// The first executable called `name` on PATH.
package func which(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// The `animate` binary built beside the test bundle.
package func animateBinary() -> String {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var dir = testBinary.deletingLastPathComponent()
    // Swift Testing on Linux runs `<build>/<package>PackageTests.xctest`; the tool is beside it.
    for _ in 0..<3 {
        let candidate = dir.appendingPathComponent("animate").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        dir = dir.deletingLastPathComponent()
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/animate").path
}

/// Decodes a video to packed RGB24 frames with the ffmpeg tool.
package func decodeRGB(_ url: URL, width: Int, height: Int) throws -> [[UInt8]] {
    let ffmpeg = try #require(which("ffmpeg"))
    let raw = url.deletingPathExtension().appendingPathExtension("rgb")
    let r = try run(ffmpeg, ["-v", "error", "-y", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgb24", raw.path])
    guard r.status == 0 else { throw ToolFailure("ffmpeg failed: \(r.stderr)") }
    let data = try [UInt8](Data(contentsOf: raw))
    let frameSize = width * height * 3
    return stride(from: 0, to: data.count - frameSize + 1, by: frameSize).map { Array(data[$0..<($0 + frameSize)]) }
}

/// PSNR in dB between RGB24 and the RGB channels of premultiplied RGBA.
package func psnr(rgb: [UInt8], rgba: [UInt8]) -> Double {
    var se = 0.0
    let n = rgb.count / 3
    for i in 0..<n {
        for c in 0..<3 {
            let d = Double(rgb[3 * i + c]) - Double(rgba[4 * i + c])
            se += d * d
        }
    }
    let mse = se / Double(n * 3)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}

/// Runs ffprobe and returns `key=value` pairs of the first video stream.
package func probe(_ url: URL) throws -> [String: String] {
    let ffprobe = try #require(which("ffprobe"))
    let r = try run(ffprobe, ["-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                              "stream=codec_name,pix_fmt,r_frame_rate,nb_frames,nb_read_frames,width,height,color_range,color_space,color_primaries,color_transfer,duration",
                              "-of", "default=nw=1", url.path])
    var result: [String: String] = [:]
    for line in r.stdout.split(separator: "\n") {
        let parts = line.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { result[String(parts[0])] = String(parts[1]) }
    }
    return result
}

/// The MD5 of each decoded frame of a video, as FFmpeg's framemd5 lists them (`decoder` picks
/// libvpx for VP9's alpha); empty, not a failure, when it cannot be decoded.
package func frameHashes(_ url: URL, decoder: [String] = [], pixelFormat: String? = nil) async throws -> [String] {
    let ffmpeg = try #require(which("ffmpeg"))
    let r = try await run(ffmpeg, ["-v", "quiet"] + decoder + ["-i", url.path] + (pixelFormat.map { ["-pix_fmt", $0] } ?? [])
                    + ["-map", "0:v", "-f", "framemd5", "-"])
    return r.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: ",").last.map(String.init) }
}

/// One entry of the first video stream as ffprobe prints it, e.g. `stream=profile` or
/// `stream_tags=alpha_mode` (empty when absent).
package func probeEntry(_ url: URL, _ entry: String) throws -> String {
    let ffprobe = try #require(which("ffprobe"))
    let r = try run(ffprobe, ["-v", "error", "-select_streams", "v:0", "-show_entries", entry, "-of", "default=nw=1:nk=1", url.path])
    return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// PSNR in dB of BT.709 luma between RGB24 and premultiplied RGBA: what 4:2:0 video keeps at full resolution.
package func lumaPSNR(rgb: [UInt8], rgba: [UInt8]) -> Double {
    var se = 0.0
    let n = rgb.count / 3
    for i in 0..<n {
        let a = 0.2126 * Double(rgb[3 * i]) + 0.7152 * Double(rgb[3 * i + 1]) + 0.0722 * Double(rgb[3 * i + 2])
        let b = 0.2126 * Double(rgba[4 * i]) + 0.7152 * Double(rgba[4 * i + 1]) + 0.0722 * Double(rgba[4 * i + 2])
        se += (a - b) * (a - b)
    }
    let mse = se / Double(n)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}

/// The byte offset of an ASCII tag in a file, if present.
package func offset(of tag: String, in bytes: [UInt8]) -> Int? {
    let t = Array(tag.utf8)
    return (0...(bytes.count - t.count)).first { bytes[$0] == t[0] && Array(bytes[$0..<($0 + t.count)]) == t }
}

/// Writes a sound file with the ffmpeg tool: a sine of `frequency` Hz lasting `seconds`.
package func makeSoundFile(_ url: URL, seconds: Double, frequency: Int = 440, extraArguments: [String] = []) throws {
    let ffmpeg = try #require(which("ffmpeg"))
    let r = try run(ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=\(frequency):sample_rate=44100:duration=\(seconds)"]
                    + extraArguments + [url.path])
    #expect(r.status == 0, "\(r.stderr)")
}

/// A tool the tests run (ffmpeg, ffprobe) failed, or gave what the test cannot read.
package struct ToolFailure: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// `text` resolved as a context resolves it, for measuring and taking apart outside a drawing.
package func resolved(_ text: Text) -> ResolvedText {
    var result: ResolvedText?
    var canvas = Bitmap(width: 2, height: 2)
    canvas.draw { context, _ in result = context.resolve(text) }
    return result!
}

/// The processor time the calling thread spends in `body`, in seconds (not the wall clock: other
/// work on the machine does not count).
package func threadCPUSeconds(_ body: () throws -> Void) rethrows -> Double {
    var start = timespec(), end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    try body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
}

/// How the cost of `work` grows when its input grows four times: the ratio of the least processor
/// time of a few runs at `4 * n` to that at `n`. Linear work gives about 4, quadratic about 16;
/// a test of complexity, not of speed.
package func growthOfFour(_ n: Int, runs: Int = 3, _ work: (Int) throws -> Void) rethrows -> Double {
    func least(_ size: Int) throws -> Double { try (0..<runs).map { _ in try threadCPUSeconds { try work(size) } }.min()! }
    try work(n)                                     // warm caches (fonts, tables) first
    let small = try least(n), large = try least(4 * n)
    return large / max(small, 1e-6)
}

extension Bitmap {
    /// Writes the bitmap as a straight-alpha PNG for a person to look at (tests below the render
    /// layer, which owns the library's own atomic `writePNG`).
    package func writeTestPNG(to url: URL) throws {
        try pngData().write(to: url)
    }
}

/// The distance from `p` to the segment from `a` to `b`.
package func distance(from p: CGPoint, toSegment a: CGPoint, _ b: CGPoint) -> CGFloat {
    let d = b - a, l = d.dot(d)
    guard l > 0 else { return p.distance(to: a) }
    return p.distance(to: a + d * min(max((p - a).dot(d) / l, 0), 1))
}

/// The pixel kernels' instruction-set paths this machine has (scalar, SSE2, AVX2, AVX-512).
package var kernelPaths: [Int32] {
    [Int32(AK_PATH_SCALAR), Int32(AK_PATH_SSE2), Int32(AK_PATH_AVX2), Int32(AK_PATH_AVX512)].filter { ak_available_paths() & $0 != 0 }
}

/// Runs `body` with the kernels' `path` in use on this thread, then goes back to the one that was.
package func with<R>(path: Int32, _ body: () throws -> R) rethrows -> R {
    let previous = ak_scope_path(path)
    #expect(previous >= 0 && ak_current_path() == path)
    defer { ak_end_scope(previous) }
    return try body()
}

/// Waits until process `pid` catches `signal` (its handler installed, as /proc/PID/status's
/// SigCgt says), at most `seconds`: a test that interrupts a process does not race its start.
/// Returns whether it does.
@discardableResult
package func waitUntilCatching(_ signal: Int32, pid: pid_t, within seconds: Double = 30) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
           let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16),
           mask & (1 << UInt64(signal - 1)) != 0 {
            return true
        }
        usleep(5_000)
    }
    return false
}
