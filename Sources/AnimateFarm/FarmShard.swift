/// A contiguous run of one render's frames, rendered by one task as a self-contained segment.
package struct FarmShard: Codable, Sendable, Equatable {
    /// Its place among all the plan's shards (a job array's task index).
    package var index: Int
    /// The render it belongs to (`FarmPlan.renders`).
    package var render: Int
    package var frames: ClosedRange<Int>

    package init(index: Int, render: Int, frames: ClosedRange<Int>) {
        self.index = index
        self.render = render
        self.frames = frames
    }
}
