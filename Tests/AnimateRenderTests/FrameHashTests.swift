import AnimateDrawing
import AnimateRender
import AnimateScene
import AnimateScenes
import AnimateTestScenes
import AnimateTestSupport
import AnimateTimeline
import Foundation
import Testing

/// Frame hashes: FFmpeg-compatible format, reproducibility, verification, goldens.
@Suite struct FrameHashTests {
    let particles = particlesScene

    func request(_ scene: Scene, size: (Int, Int) = (64, 36), frames: ClosedRange<Int>, threads: Int) -> RenderRequest {
        try! RenderRequest(scene: scene, size: FrameSize(width: size.0, height: size.1), rate: FrameRate(numerator: 60)!,
                           frames: .range(frames.lowerBound, frames.upperBound), threads: threads)
    }

    @Test func sameHashesAcrossThreadsRunsAndAloneVersusInARun() throws {
        let one = try FrameHashing.manifest(for: request(particles, frames: 30...45, threads: 1))
        let many = try FrameHashing.manifest(for: request(particles, frames: 30...45, threads: 4))
        let again = try FrameHashing.manifest(for: request(particles, frames: 30...45, threads: 3))
        #expect(one == many && many == again)
        let alone = try FrameHashing.manifest(for: request(particles, frames: 37...37, threads: 1))
        #expect(alone.frames[0].md5 == one.frames.first { $0.index == 37 }!.md5)
        #expect(Set(one.frames.map(\.md5)).count == one.frames.count)    // the frames really differ
    }

    @Test func statefulSceneHashesDoNotDependOnThreadsOrStart() throws {
        let scene = counterScene
        let all = try FrameHashing.manifest(for: request(scene, size: (40, 20), frames: 0...200, threads: 4))
        let tail = try FrameHashing.manifest(for: request(scene, size: (40, 20), frames: 150...200, threads: 2))
        #expect(Array(all.frames.suffix(51)).map(\.md5) == tail.frames.map(\.md5))
    }

    @Test func manifestRoundTrips() throws {
        let m = try FrameHashing.manifest(for: request(particles, frames: 3...5, threads: 2))
        #expect(try FrameManifest(parsing: m.text) == m)
        #expect(throws: ManifestError.self) { try FrameManifest(parsing: "0, 1, 1, 1, 12, abc\n") }
    }

    /// The particles with one pixel changed in frames from 3 on.
    static let tamperedParticles = Scene(name: "test-particles", description: "", duration: 10) { context, frame in
        particlesScene.cursor().drawer(for: frame).draw(in: &context)
        if frame.index >= 3 {
            context.fill(Path(CGRect(x: 10, y: 10, width: 1, height: 1)), with: .color(.red))
        }
    }

    @Test func verifyCatchesAOnePixelChange() throws {
        let dir = scratchDirectory()
        let manifest = try FrameHashing.manifest(for: request(particles, frames: 0...5, threads: 2),
                                                 saveFramesTo: dir.appendingPathComponent("ref"))
        #expect(try FrameVerifier(manifest: manifest, scene: particles).run().isEmpty)
        var verifier = FrameVerifier(manifest: manifest, scene: Self.tamperedParticles, threads: 2)
        verifier.referenceDirectory = dir.appendingPathComponent("ref")
        verifier.diffDirectory = dir.appendingPathComponent("diff")
        let mismatches = try verifier.run()
        #expect(mismatches.map(\.index) == [3, 4, 5])
        #expect(mismatches.allSatisfy { $0.changedPixels == 1 && ($0.maxChannelDifference ?? 0) > 0 })
        #expect(mismatches[0].evidence.map(\.lastPathComponent) == ["00003-actual.png", "00003-diff.png"])
        let diff = try Image(contentsOf: mismatches[0].evidence[1])
        // The changed pixel is highlighted red; the rest is a dimmed grey copy.
        #expect(diff.rgba[(10 * 64 + 10) * 4] >= 128 && diff.rgba[(10 * 64 + 10) * 4 + 1] == 0)
    }

    /// A manifest that lists frames many times (a million duplicate lines) costs one drawing per
    /// frame, not per line; a frame listed with two different hashes is a mismatch.
    @Test func verifyDrawsEachFrameOnceHoweverOftenItIsListed() throws {
        final class Count: @unchecked Sendable {
            let lock = NSLock(); var drawn: [Int] = []
            func add(_ i: Int) { lock.lock(); drawn.append(i); lock.unlock() }
        }
        let count = Count()
        let counted = Scene(name: "test-particles", description: "", duration: 10) { context, frame in
            count.add(frame.index)
            particlesScene.cursor().drawer(for: frame).draw(in: &context)
        }
        var manifest = try FrameHashing.manifest(for: request(particles, frames: 0...2, threads: 2))
        let lines = manifest.frames
        manifest.frames = Array(repeating: lines, count: 20_000).flatMap { $0 }
        count.drawn = []
        #expect(try FrameVerifier(manifest: manifest, scene: counted, threads: 2).run().isEmpty)
        #expect(count.drawn.sorted() == [0, 1, 2])
        // The same frame listed again with another hash.
        manifest.frames.append((index: 1, md5: String(repeating: "0", count: 32)))
        let mismatches = try FrameVerifier(manifest: manifest, scene: counted, threads: 2).run()
        #expect(mismatches.map(\.index) == [1] && mismatches[0].expected == String(repeating: "0", count: 32))
    }

    @Test func goldenManifestsOfEveryBuiltinScene() throws {
        let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Goldens")
        for scene in BuiltinScenes.all {
            let url = goldens.appendingPathComponent("\(scene.name).framemd5")
            let text = try String(contentsOf: url, encoding: .utf8)
            let manifest = try FrameManifest(parsing: text)
            #expect(manifest.frames.count >= 5, "\(scene.name)")
            let verifier = FrameVerifier(manifest: manifest, scene: scene)
            let mismatches = try verifier.run()
            #expect(mismatches.isEmpty, "\(scene.name): frames \(mismatches.map(\.index)) differ from the golden manifest")
            // Scenes with a voice or sounds hold their sound too.
            #expect(manifest.includesAudio == scene.hasSound, "\(scene.name)")
            let sound = try verifier.audioMismatches()
            #expect(sound.isEmpty, "\(scene.name): sound differs at \(sound.prefix(5).map(\.time)) s")
        }
    }
}
