package import Foundation

/// Runs the engines' programs (sbatch, squeue, scancel, parallel) and waits for them.
package enum CommandRunner {
    /// What a finished program printed and how it ended.
    package struct Result: Sendable {
        package var status: Int32
        package var output: String
        package var errors: String
    }

    /// Where `program` is on `PATH`, or nil.
    package static func find(_ program: String) -> String? {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `program` with `arguments` to its end, its output read in full.
    package static func run(_ program: String, _ arguments: [String], in directory: URL? = nil) throws -> Result {
        guard let path = find(program) else { throw FarmError.engineMissing(program, install: installHint(program)) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Both pipes drained at once, so neither can fill and stall the program.
        let errors = Drained()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errors.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                      errors: String(decoding: errors.data, as: UTF8.self))
    }

    /// The Debian package that has `program`.
    static func installHint(_ program: String) -> String {
        switch program {
        case "sbatch", "squeue", "scancel", "sinfo", "scontrol": "Debian: apt install slurm-client"
        case "parallel": "Debian: apt install parallel"
        case "ssh", "rsync": "Debian: apt install openssh-client rsync"
        default: "install it and put it on PATH"
        }
    }
}

/// A pipe's bytes, read on another thread and handed over after it signals (the group orders them).
private final class Drained: @unchecked Sendable {
    var data = Data()
}

/// Quotes `word` for a POSIX shell (left bare when it needs no quotes).
package func shellQuoted(_ word: String) -> String {
    if !word.isEmpty, word.allSatisfy({ $0.isLetter || $0.isNumber || "-_./=:,%+@{}".contains($0) }) { return word }
    return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
