package import Foundation

/// A shard's attempt log (`FarmDirectory.events`): one JSON line per event, appended. Only the
/// task running the shard writes it, one attempt at a time.
package struct ShardAttempts: Sendable {
    package let file: URL

    package init(_ file: URL) { self.file = file }

    /// The events so far, in order (lines that do not read, as a line cut short by a lost node, skipped).
    package func events() -> [ShardEvent] {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        let decoder = JSONDecoder()
        return text.split(separator: "\n").compactMap { try? decoder.decode(ShardEvent.self, from: Data($0.utf8)) }
    }

    /// Attempts started so far.
    package var started: Int { events().filter { $0.kind == .started }.count }

    /// Appends `event` as one line (one write, so lines from successive attempts never interleave).
    package func append(_ event: ShardEvent) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var data = try encoder.encode(event)
        data.append(0x0A)
        let fd = open(file.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FarmError.cannotWrite(file.path, String(cString: strerror(errno))) }
        defer { close(fd) }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == data.count else { throw FarmError.cannotWrite(file.path, String(cString: strerror(errno))) }
    }
}
