/// The jobs a farm render submitted, to show and to cancel.
public struct FarmJobs: Codable, Sendable, Equatable {
    /// `slurm`, `parallel` or `local`.
    public var engine: String
    /// Slurm job ids (arrays and joins), in the order submitted.
    public var slurmJobs: [String] = []
    /// The process running the shards here (local or GNU parallel), for `cancel`.
    public var process: Int32?
    public var host: String?
    /// What Slurm was asked for, to submit shards again the same way.
    public var slurm: SlurmOptions?

    public init(engine: String) { self.engine = engine }
}
