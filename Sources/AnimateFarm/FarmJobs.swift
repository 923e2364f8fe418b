/// The jobs a farm render submitted, to show and to cancel.
package struct FarmJobs: Codable, Sendable, Equatable {
    /// `slurm`, `parallel` or `local`.
    package var engine: String
    /// Slurm job ids (arrays and joins), in the order submitted.
    package var slurmJobs: [String] = []
    /// The process running the shards here (local or GNU parallel), for `cancel`.
    package var process: Int32?
    package var host: String?
    /// What Slurm was asked for, to submit shards again the same way.
    package var slurm: SlurmOptions?

    package init(engine: String) { self.engine = engine }
}
