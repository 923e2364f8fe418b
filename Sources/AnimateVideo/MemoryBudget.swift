import Foundation

/// How much memory this process may use, read from the system: the figure every large
/// allocation (a render's workers, a sheet, a decoded picture or sound) is planned against
/// before it is made, so a request that cannot fit is refused with figures, not aborted.
package enum MemoryBudget {
    /// Whether an address-space limit (`ulimit -v`) is set.
    package static var addressSpaceIsLimited: Bool {
        var limit = rlimit()
        return getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0 && limit.rlim_cur != rlim_t.max
    }

    /// Under an address-space limit, keeps the C allocator to one arena: each thread's arena
    /// otherwise reserves 64 MB of addresses it never uses, which the limit counts. Call at
    /// start, before any thread.
    package static func limitAddressSpaceOverhead() {
        // glibc's mallopt (malloc.h is not in Swift's Glibc module); M_ARENA_MAX is -8.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard addressSpaceIsLimited, let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(-8, 1)
    }

    /// The memory this process may use: the smallest of the cgroup's room (`memory.max` less
    /// `memory.current`), the system's `MemAvailable`, and the room under an address-space limit
    /// (`ulimit -v`) beyond what the process has mapped and the stacks of the threads it will
    /// start; nil when none can be read.
    package static func available() -> Int? {
        var limits: [Int] = []
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max,
           let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmSize:") }),
           let kb = line.split(separator: " ").dropFirst().first.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
            let stacks = (ProcessInfo.processInfo.activeProcessorCount + 4) * (8 << 20)
            limits.append(Swift.max(0, Int(clamping: limit.rlim_cur) - kb * 1024 - stacks))
        }
        if let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
           let kb = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
            limits.append(kb * 1024)
        }
        if let max = try? String(contentsOfFile: "/sys/fs/cgroup/memory.max", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines), let limit = Int(max) {
            let used = (try? String(contentsOfFile: "/sys/fs/cgroup/memory.current", encoding: .utf8))
                .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
            limits.append(Swift.max(0, limit - used))
        }
        return limits.min()
    }

    /// Throws a `Shortfall` when `bytes` would not fit in what this process may use (nothing
    /// when that cannot be read).
    package static func check(_ bytes: Int) throws(Shortfall) {
        if let available = available(), bytes > available { throw Shortfall(needed: bytes, available: available) }
    }

    /// A planned allocation that would not fit.
    package struct Shortfall: Error {
        package let needed: Int
        package let available: Int
    }
}
