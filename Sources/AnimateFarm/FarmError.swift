import AnimateScene

/// Why a farm render cannot go on: each a line for the user.
package enum FarmError: AnimateError, Equatable {
    case noPlan(String)
    case unreadable(String)
    case cannotWrite(String, String)
    case notVideo(String)
    case noSuchShard(Int, count: Int)
    case engineMissing(String, install: String)
    case submitFailed(String, String)
    case shardsFailed([Int], attempts: Int)
    case segmentDamaged(shard: Int, String)
    case joinedFileDiffers(String, frame: Int)
    case cancelled
    case outputsCollide(String)
    case noHosts
    /// The line the join wrote when it failed.
    case ended(String)
    case noJoin(String)
    case stillRunning(String)

    package var description: String {
        switch self {
        case .noPlan(let dir): "\(dir) holds no farm render (no plan.json)."
        case .unreadable(let file): "\(file) is not a farm file this version reads."
        case .cannotWrite(let file, let why): "Cannot write \(file): \(why)."
        case .notVideo(let path): "A farm render joins video segments: \(path) needs a .mp4, .mov, .mkv or .webm name."
        case .noSuchShard(let i, let count): "There is no shard \(i): the plan has \(count) (0...\(count - 1))."
        case .engineMissing(let tool, let install): "\(tool) is not installed (\(install))."
        case .submitFailed(let command, let why): "\(command) failed: \(why)"
        case .shardsFailed(let shards, let attempts):
            "Shard\(shards.count == 1 ? "" : "s") \(shards.map(String.init).joined(separator: ", ")) failed\(attempts > 0 ? " after \(attempts) attempt\(attempts == 1 ? "" : "s")" : ""); nothing was joined and the previous output is kept (`farm status` and the logs say why)."
        case .segmentDamaged(let shard, let why): "Shard \(shard)'s segment does not match what it recorded: \(why)"
        case .joinedFileDiffers(let path, let frame): "The joined file \(path) differs from the shards' records at frame \(frame); it was not kept."
        case .cancelled: "Cancelled; the previous output is kept."
        case .outputsCollide(let path): "Two renders would write \(path)."
        case .noHosts: "No hosts: give --hosts or --sshloginfile."
        case .ended(let reason): reason
        case .stillRunning(let dir): "A farm render is still running in \(dir): wait for it, or `farm cancel` it, or give another --work-dir."
        case .noJoin(let logs): "The farm's Slurm jobs ended without a join (see \(logs)); the previous output is kept."
        }
    }

    package var isUsageError: Bool {
        switch self {
        case .notVideo, .noSuchShard, .outputsCollide, .noHosts: true
        default: false
        }
    }
}
