/// A contiguous run of one render's frames, rendered by one task as a self-contained segment.
public struct FarmShard: Codable, Sendable, Equatable {
    /// Its place among all the plan's shards (a job array's task index).
    public var index: Int
    /// The render it belongs to (`FarmPlan.renders`).
    public var render: Int
    public var frames: ClosedRange<Int>

    public init(index: Int, render: Int, frames: ClosedRange<Int>) {
        self.index = index
        self.render = render
        self.frames = frames
    }
}
