import AnimateFarm
import Testing

/// Shard boundaries: on keyframes, never shorter than the minimum, balanced by frame times.
@Suite struct ShardPlannerTests {
    @Test func evenWorkSplitsEvenlyOnKeyframes() {
        let ranges = ShardPlanner.ranges(of: 0...599, count: 4, alignment: 30, minimum: 60)
        #expect(ranges.count == 4)
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == 599)
        for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(b.lowerBound == a.upperBound + 1) }
        for r in ranges { #expect(r.lowerBound % 30 == 0) }
        // 600 frames in four: 150 is not a multiple of 30, so 150 or 120/180 by nearest work.
        #expect(ranges.map(\.count).allSatisfy { (120...180).contains($0) })
    }

    @Test func tooFewFramesGiveFewerShards() {
        // Three shards of at least 30, each ending nearest its third of the work on a multiple of 10.
        #expect(ShardPlanner.ranges(of: 0...99, count: 8, alignment: 10, minimum: 30) == [0...29, 30...69, 70...99])
        #expect(ShardPlanner.ranges(of: 0...20, count: 4, alignment: 30, minimum: 30) == [0...20])
        #expect(ShardPlanner.ranges(of: 5...5, count: 3, alignment: 1, minimum: 1) == [5...5])
    }

    @Test func aSelectionStartsItsOwnAlignment() {
        let ranges = ShardPlanner.ranges(of: 100...399, count: 3, alignment: 50, minimum: 50)
        #expect(ranges == [100...199, 200...299, 300...399])
    }

    @Test func expensiveFramesGetShorterShards() {
        // The last third of the frames costs ten times the rest.
        let costs = (0..<300).map { $0 < 200 ? 0.01 : 0.1 }
        let ranges = ShardPlanner.ranges(of: 0...299, count: 4, alignment: 10, minimum: 10, costs: costs)
        #expect(ranges.count == 4)
        let work = ranges.map { r in r.reduce(0.0) { $0 + costs[$1] } }
        let mean = work.reduce(0, +) / 4
        // Each shard within one keyframe interval's worth of the most expensive frames of a fair share.
        for w in work { #expect(abs(w - mean) <= 10 * 0.1 + 1e-9, "\(ranges) \(work)") }
        #expect(ranges[3].count < ranges[0].count)
    }

    @Test func unusableCostsCountEveryFrameTheSame() {
        let even = ShardPlanner.ranges(of: 0...99, count: 2, alignment: 1, minimum: 1)
        #expect(ShardPlanner.ranges(of: 0...99, count: 2, alignment: 1, minimum: 1, costs: [1, 2]) == even)
        #expect(ShardPlanner.ranges(of: 0...99, count: 2, alignment: 1, minimum: 1, costs: Array(repeating: .nan, count: 100)) == even)
        #expect(even == [0...49, 50...99])
    }
}
