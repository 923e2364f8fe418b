/// What a farm render asks of Slurm for each task (passed to `sbatch` as given).
package struct SlurmOptions: Codable, Sendable, Equatable {
    package var partition: String?
    package var account: String?
    /// Each task's time limit, in Slurm's forms (`30`, `1:00:00`, `2-0`).
    package var time: String?
    /// Each task's memory, in Slurm's forms (`4G`).
    package var memory: String?
    package var cpusPerTask: Int
    /// At most this many tasks at once (`--array=...%K`); nil: as many as Slurm allows.
    package var maxRunning: Int?
    /// Further `sbatch` arguments, as given (`--qos=high`, `--constraint=avx2`).
    package var extra: [String]

    package init(partition: String? = nil, account: String? = nil, time: String? = nil, memory: String? = nil, cpusPerTask: Int = 1,
                maxRunning: Int? = nil, extra: [String] = []) {
        self.partition = partition
        self.account = account
        self.time = time
        self.memory = memory
        self.cpusPerTask = cpusPerTask
        self.maxRunning = maxRunning
        self.extra = extra
    }
}
