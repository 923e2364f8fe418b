/// Where a render's frames split into shards: on keyframes (multiples of the keyframe interval
/// from the first frame), no shard shorter than a minimum, and, when the previous render's frame
/// times are known, sizes that give each shard about the same work (expensive stretches get
/// shorter shards).
package enum ShardPlanner {
    /// Up to `count` contiguous ranges covering `frames`, each starting `alignment` frames apart
    /// (a multiple of it from the first frame) and at least `minimum` frames long (rounded up to
    /// the alignment; the last may be shorter when the frames end sooner); fewer when the frames
    /// are too few. `costs` (seconds a frame, one per frame of `frames`) balances the shards'
    /// work; without them, or when they do not fit, every frame counts the same.
    package static func ranges(of frames: ClosedRange<Int>, count: Int, alignment: Int, minimum: Int,
                              costs: [Double]? = nil) -> [ClosedRange<Int>] {
        let total = frames.count
        let step = max(1, alignment)
        let shortest = max(step, (max(1, minimum) + step - 1) / step * step)
        let n = max(1, min(count, total / shortest))
        guard n > 1 else { return [frames] }
        // Work done before each frame: the costs where they are usable, else one a frame.
        var weights = [Double](repeating: 1, count: total)
        if let costs, costs.count == total {
            let usable = costs.filter { $0.isFinite && $0 > 0 }
            if !usable.isEmpty {
                let mean = usable.reduce(0, +) / Double(usable.count)
                weights = costs.map { $0.isFinite && $0 > 0 ? $0 : mean }
            }
        }
        var before = [Double](repeating: 0, count: total + 1)
        for i in 0..<total { before[i + 1] = before[i] + weights[i] }
        var starts = [0]
        for k in 1..<n {
            let target = before[total] * Double(k) / Double(n)
            // Room for this shard's minimum behind, and for the others' ahead.
            let low = starts[k - 1] + shortest
            let high = (total - (n - k) * shortest) / step * step
            var best = low
            var at = low
            while at <= high {
                if abs(before[at] - target) < abs(before[best] - target) { best = at }
                if before[at] > target { break }
                at += step
            }
            starts.append(best)
        }
        return starts.indices.map { k in
            let end = k + 1 < starts.count ? starts[k + 1] : total
            return (frames.lowerBound + starts[k])...(frames.lowerBound + end - 1)
        }
    }
}
