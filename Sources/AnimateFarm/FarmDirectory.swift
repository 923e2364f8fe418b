package import Foundation

/// A farm render's work directory, on a filesystem every node sees: the plan, each shard's
/// segment and record, each shard's attempts, the jobs submitted, and the outcome. Files are
/// written whole (a temporary name renamed into place), so a reader never sees half of one.
package struct FarmDirectory: Sendable {
    package let url: URL

    package init(_ url: URL) { self.url = url.standardizedFileURL }

    package var plan: URL { url.appendingPathComponent("plan.json") }
    /// The submitted jobs (`FarmJobs`).
    package var jobs: URL { url.appendingPathComponent("jobs.json") }
    /// How the farm render ended (`FarmOutcome`); absent while it runs.
    package var outcome: URL { url.appendingPathComponent("outcome.json") }
    /// Frame times kept for the next render of the same scenes (`FarmCosts`).
    package var costs: URL { url.appendingPathComponent("costs.json") }
    package var segments: URL { url.appendingPathComponent("segments", isDirectory: true) }
    package var logs: URL { url.appendingPathComponent("logs", isDirectory: true) }

    /// Shard `index`'s segment, with the render's container extension.
    package func segment(_ index: Int, extension ext: String) -> URL {
        segments.appendingPathComponent(String(format: "shard-%05d.%@", index, ext))
    }

    /// What shard `index` recorded of its finished segment (`ShardRecord`).
    package func record(_ index: Int) -> URL { segments.appendingPathComponent(String(format: "shard-%05d.json", index)) }

    /// Shard `index`'s attempts, a line each as they start and end (`ShardEvent`).
    package func events(_ index: Int) -> URL { logs.appendingPathComponent(String(format: "shard-%05d.events", index)) }

    /// Makes the directory and its folders.
    package func create() throws {
        for folder in [url, segments, logs] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
    }

    /// Writes `value` as JSON to `file`, whole or not at all.
    package static func write<T: Encodable>(_ value: T, to file: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(value)
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        try data.write(to: temporary)
        guard rename(temporary.path, file.path) == 0 else {
            let problem = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw FarmError.cannotWrite(file.path, problem)
        }
    }

    /// The JSON value in `file`, or nil when there is none; a file that does not read as one is an error.
    package static func read<T: Decodable>(_ type: T.Type, from file: URL) throws -> T? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        do { return try JSONDecoder().decode(type, from: data) } catch { throw FarmError.unreadable(file.path) }
    }

    /// The plan, which every command but the first needs.
    package func readPlan() throws -> FarmPlan {
        guard let plan = try Self.read(FarmPlan.self, from: plan) else { throw FarmError.noPlan(url.path) }
        return plan
    }
}
