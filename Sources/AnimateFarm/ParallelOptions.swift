/// Where GNU parallel runs shards: machines reached over ssh.
package struct ParallelOptions: Codable, Sendable, Equatable {
    /// GNU parallel's `--sshloginfile` (a line a machine: `[cores/]host` or `[cores/]ssh command host`).
    package var sshLoginFile: String?
    /// Machines as `-S` takes them (`host`, `user@host`, `2/host`, `:` for this machine).
    package var hosts: [String]
    /// Shards at once on each machine (`--jobs`); nil: one per core.
    package var jobsPerHost: Int?

    package init(sshLoginFile: String? = nil, hosts: [String] = [], jobsPerHost: Int? = nil) {
        self.sshLoginFile = sshLoginFile
        self.hosts = hosts
        self.jobsPerHost = jobsPerHost
    }
}
