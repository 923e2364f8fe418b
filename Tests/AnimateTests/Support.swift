import Animate
import Foundation

/// Where tests write images for people to look at: `$ANIMATE_ARTIFACTS` if set, else a temp directory.
func artifactDirectory() -> URL {
    let base = ProcessInfo.processInfo.environment["ANIMATE_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("animate-tests")
    try? FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    return base
}

/// A fresh empty directory for one test.
func scratchDirectory(_ name: String = #function) -> URL {
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("animate-\(safe)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Sum of alpha coverage (0...1 per pixel) over the canvas.
func totalCoverage(_ canvas: Canvas) -> Double {
    var sum = 0.0
    for y in 0..<canvas.height { for x in 0..<canvas.width { sum += Double(canvas.premultipliedPixel(x: x, y: y).w) / 255 } }
    return sum
}

/// Alpha (0...1) of one pixel.
func alpha(_ canvas: Canvas, _ x: Int, _ y: Int) -> Double { Double(canvas.premultipliedPixel(x: x, y: y).w) / 255 }

/// Runs a command, returning its exit status, stdout and stderr.
@discardableResult
func run(_ executable: String, _ arguments: [String], currentDirectory: URL? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

/// The first executable called `name` on PATH.
func which(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}
