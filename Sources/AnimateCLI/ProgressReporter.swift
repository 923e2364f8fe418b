import Animate
import Foundation

/// Progress on stderr: a live bar (frames, fps, ETA) on a terminal, sparse plain lines otherwise.
final class ProgressReporter: RenderProgress {
    private let label: String
    /// What is counted ("frames"), and its rate's name ("fps").
    private let unit: String
    private let rate: String
    private let live = isatty(STDERR_FILENO) != 0
    private var start: UInt64 = 0
    private var lastPrint: UInt64 = 0
    private var printedFraction = 0.0
    /// Seconds before anything is shown (a short run shows nothing).
    private let silentFor: Double
    private var shown = false

    init(label: String, unit: String = "frames", silentFor: Double = 0) {
        self.label = label
        self.unit = unit
        rate = unit == "frames" ? "fps" : "\(unit)/s"
        self.silentFor = silentFor
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    func started(total: Int) { start = Self.now(); lastPrint = start }

    func advanced(done: Int, total: Int) {
        let now = Self.now()
        let elapsed = Double(now - start) / 1e9
        let fps = elapsed > 0 ? Double(done) / elapsed : 0
        let eta = fps > 0 ? Double(total - done) / fps : 0
        guard elapsed >= silentFor else { return }
        shown = true
        if live {
            guard now - lastPrint > 100_000_000 || done == total else { return }
            lastPrint = now
            let width = 30
            let filled = total > 0 ? width * done / total : width
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let line = String(format: "\r%@ %@ %d/%d %@  %.1f %@  ETA %@ ", label, bar, done, total, unit, fps, rate, Self.clock(eta))
            Console.write(line)
        } else {
            let fraction = total > 0 ? Double(done) / Double(total) : 1
            guard fraction - printedFraction >= 0.25 || now - lastPrint > 10_000_000_000, done < total else { return }
            printedFraction = fraction; lastPrint = now
            let line = String(format: "%@: %d/%d %@, %.1f %@, ETA %@\n", label, done, total, unit, fps, rate, Self.clock(eta))
            Console.write(line)
        }
    }

    func finished() {
        if live && shown { Console.write("\r\u{1B}[K") }
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}
