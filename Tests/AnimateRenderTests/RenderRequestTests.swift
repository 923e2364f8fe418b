import AnimateRender
import AnimateScenes
import AnimateTestScenes
import AnimateTestSupport
import AnimateTimeline
import AnimateVideo
import Foundation
import Testing

/// What a render request plans from its options: the frames, shards, threads and memory.
@Suite struct RenderRequestTests {
    static let starfield = BuiltinScenes.named("starfield")!
    static let out = URL(fileURLWithPath: "/tmp/out.mp4")

    @Test func aPNGStillIsOneChosenFrame() throws {
        let still = Output.png(URL(fileURLWithPath: "/tmp/x.png"))
        #expect(try RenderRequest(scene: Self.starfield, output: still).frames == 300...300)          // the middle of 600
        #expect(try RenderRequest(scene: Self.starfield, output: still, stillTime: 2.5).frames == 150...150)
        #expect(try RenderRequest(scene: Self.starfield, output: still, frames: .range(42, 42)).frames == 42...42)
        #expect(try RenderRequest(scene: Self.starfield, output: .pngSequence(pattern: "/tmp/f%03d.png"), frames: .first(3)).frames == 0...2)
        #expect(try Output(path: "/tmp/f%03d.png") == .pngSequence(pattern: "/tmp/f%03d.png"))
        #expect(try Output(path: "/tmp/f.png") == .png(URL(fileURLWithPath: "/tmp/f.png")))
    }

    @Test func frameRangesAndShardsSelectTimelineFrames() throws {
        let r = try RenderRequest(scene: Self.starfield, rate: FrameRate(numerator: 30)!, frames: .range(30, 59))
        #expect(r.timelineFrames == 300 && r.frames == 30...59)
        #expect(r.frame(45).time == 1.5)                        // frame n shows time n / fps whatever the range
        let parts = try (0..<4).map { try RenderRequest(scene: Self.starfield, rate: FrameRate(numerator: 30)!, frames: .range(30, 59),
                                                        shard: Shard($0, of: 4)).frames }
        #expect(parts == [30...36, 37...44, 45...51, 52...59])
        #expect(Shard(4, of: 4) == nil && Shard(parsing: "1/3") == Shard(1, of: 3))
        #expect(FrameSelection(parsing: "7") == .first(7) && FrameSelection(parsing: "2..9") == .range(2, 9))
    }

    @Test func lowMemoryIsALibraryChoice() throws {
        let r = try RenderRequest(scene: Self.starfield, lowMemory: true)
        #expect(r.threads == 1 && !r.reusesPreviousFrame && r.encoding.sliceThreads)
        let given = try RenderRequest(scene: Self.starfield, threads: 3, lowMemory: true)
        #expect(given.threads == 3)
    }

    @Test func aRequestWithoutOutputRendersOnlyIntoASink() throws {
        let request = try RenderRequest(scene: flatShapesScene, frames: .first(2))
        #expect(throws: RenderError.missingOutput) { try Renderer(request: request).run() }
        let hashes = try FrameHashSink()
        try Renderer(request: request).run(into: hashes)
        #expect(hashes.hashes.map(\.index) == [0, 1])
    }

    @Test func aJoinNeedsSegments() {
        // (The command line's parser already asks for at least one.)
        #expect(throws: RenderError.noSegments) { try SegmentJoin(segments: [], output: URL(fileURLWithPath: "/tmp/joined.mp4")) }
    }

    @Test func memoryIsPlannedBeforeDrawing() throws {
        let scene = try #require(BuiltinScenes.named("hexagons"))
        let url = URL(fileURLWithPath: "/tmp/plan.mp4")
        func estimate(_ workers: Int) -> Int {
            MemoryPlan.estimate(width: 1920, height: 1080, workers: workers, reusesPreviousFrame: true, output: .mp4(url))
        }
        // A budget that holds three workers but not eight: three, with a note saying why.
        let budget = (estimate(3) + estimate(4)) / 2
        let request = try RenderRequest(scene: scene, output: .mp4(url), threads: 8, maximumMemory: budget)
        #expect(request.threads == 3)
        #expect(request.notes == ["Drawing with 3 threads instead of 8: 8 would need about \(estimate(8) >> 20) MB, more than the \(budget >> 20) MB this render may use."])
        // Not even one worker fits: refused before drawing, with the figures.
        #expect(throws: RenderError.notEnoughMemory(needed: estimate(1), available: 100 << 20)) {
            try RenderRequest(scene: scene, output: .mp4(url), threads: 8, maximumMemory: 100 << 20)
        }
        // Enough memory: the threads asked for.
        #expect(try RenderRequest(scene: scene, output: .mp4(url), threads: 8, maximumMemory: 1 << 40).threads == 8)
        #expect(MemoryPlan.bytes(parsing: "512M") == 512 << 20 && MemoryPlan.bytes(parsing: "1.5g") == 3 << 29
                && MemoryPlan.bytes(parsing: "2GB") == 2 << 30 && MemoryPlan.bytes(parsing: "4096") == 4096)
        #expect(MemoryPlan.bytes(parsing: "lots") == nil && MemoryPlan.bytes(parsing: "-1G") == nil && MemoryPlan.bytes(parsing: "inf") == nil)
        #expect(MemoryBudget.available().map { $0 > 0 } ?? true)
    }
}
