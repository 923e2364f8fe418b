import AnimateTestSupport
import Foundation
import Testing

/// How fast a render stops on a signal, with what it leaves behind: timed, so scripts/test runs
/// them alone (its signals stage), not beside the other end-to-end tests that load the machine.
@Suite(.serialized) struct PromptStopTests {
    let failures = FailureTests()

    /// SIGHUP (the terminal closed) ends a run as SIGTERM does.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalStopsPromptlyCleansUpAndKeepsThePreviousFile(signal: Int32) async throws {
        let r = try await failures.interrupt(signal: signal, extra: [])
        #expect(r.status == 128 + signal, "\(r.stderr)")
        #expect(r.seconds < 1.0, "took \(r.seconds) s to stop")
        #expect(try FileManager.default.contentsOfDirectory(atPath: r.dir.path) == ["out.mp4"])
        #expect(try Data(contentsOf: r.dir.appendingPathComponent("out.mp4")) == failures.previous)
        #expect(r.stderr.contains("interrupted"))
    }

    @Test func sigtermWithKeepPartialFinalisesAPlayableFile() async throws {
        let r = try await failures.interrupt(signal: SIGTERM, extra: ["--keep-partial"])
        #expect(r.status == 143, "\(r.stderr)")
        #expect(r.seconds < 1.0, "took \(r.seconds) s to stop")
        let info = try probe(r.dir.appendingPathComponent("out.mp4"))
        let frames = Int(info["nb_read_frames"] ?? "") ?? 0
        #expect(frames > 0 && info["codec_name"] == "h264", "\(info)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: r.dir.path) == ["out.mp4"])
    }
}
