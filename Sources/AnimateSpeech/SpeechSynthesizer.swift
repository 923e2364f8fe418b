import CEspeakNG
import Foundation

/// Text-to-speech through espeak-ng's C library, in any language it has a voice for ("en-us",
/// "en-gb", "cmn" for Mandarin, "fr", ...).
///
/// espeak-ng carries state from one utterance to the next (the first ignores the rate, later
/// ones drift), and it cannot be restarted in a process. So each utterance is spoken by a
/// forked child that starts espeak-ng fresh and streams samples and word events back through a
/// pipe: the result is a pure function of text, voice, rate and pitch, the same on every run.
public enum SpeechSynthesizer {
    /// Record kinds on the pipe: samples, a word, and the final status.
    private static let samplesRecord: Int32 = 1, wordRecord: Int32 = 2, statusRecord: Int32 = 3
    /// Statuses the child reports.
    private static let ok: Int32 = 0, noData: Int32 = 1, noVoice: Int32 = 2, failed: Int32 = 3

    /// The pipe the child writes to (set only in the child).
    nonisolated(unsafe) private static var childPipe: Int32 = -1

    /// espeak-ng's functions, loaded by the parent when it first speaks, before any fork.
    private static let library: Result<EspeakLibrary, SpeechError> = EspeakLibrary.load()

    /// Speaks `text` with `voice` at `wordsPerMinute` (80...450) and `pitch` (0...99, 50 is the voice's own).
    public static func speak(_ text: String, voice: String, wordsPerMinute: Int = 165, pitch: Int = 50) throws(SpeechError) -> SpokenText {
        guard (80...450).contains(wordsPerMinute) else { throw SpeechError("speech rate \(wordsPerMinute) is out of range 80...450 words per minute") }
        guard (0...99).contains(pitch) else { throw SpeechError("speech pitch \(pitch) is out of range 0...99") }
        guard !voice.isEmpty, voice.count <= 40, voice.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_+".contains($0)) }) else {
            throw SpeechError("'\(voice)' is not an espeak-ng voice name")
        }
        guard !text.contains("\0") else { throw SpeechError("the text holds a NUL character") }
        let espeak = try library.get()
        // Everything the child needs is made before forking: it only calls C.
        let textBytes = Array(text.utf8CString), voiceBytes = Array(voice.utf8CString)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SpeechError("cannot start espeak-ng: \(String(cString: strerror(errno)))") }
        let pid = fork()
        if pid == 0 {
            close(fds[0])
            childPipe = fds[1]
            let status = textBytes.withUnsafeBufferPointer { t in
                voiceBytes.withUnsafeBufferPointer { v in
                    synthesize(espeak, t.baseAddress!, voice: v.baseAddress!, rate: Int32(wordsPerMinute), pitch: Int32(pitch))
                }
            }
            send([statusRecord, status])
            _exit(0)
        }
        close(fds[1])
        guard pid > 0 else {
            close(fds[0])
            throw SpeechError("cannot start espeak-ng: \(String(cString: strerror(errno)))")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]) } else if n < 0 && errno == EINTR { continue } else { break }
        }
        close(fds[0])
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) < 0 && errno == EINTR {}
        return try decode(bytes, text: text, voice: voice)
    }

    /// Runs in the child: speaks the text, streaming records to `childPipe`; returns the status.
    private static func synthesize(_ espeak: EspeakLibrary, _ text: UnsafePointer<CChar>, voice: UnsafePointer<CChar>,
                                   rate: Int32, pitch: Int32) -> Int32 {
        // Synchronous output to our callback; 0x8000 (espeakINITIALIZE_DONT_EXIT) keeps a
        // missing data folder from ending the process.
        let sampleRate = espeak.initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, 0x8000)
        guard sampleRate > 0 else { return noData }
        send([samplesRecord, 0, sampleRate])
        espeak.setSynthCallback { wav, count, list in
            if let wav, count > 0 {
                SpeechSynthesizer.send([SpeechSynthesizer.samplesRecord, count])
                SpeechSynthesizer.write(UnsafeRawPointer(wav), Int(count) * 2)
            }
            var event = list
            while let e = event, e.pointee.type != espeakEVENT_LIST_TERMINATED {
                if e.pointee.type == espeakEVENT_WORD, e.pointee.length > 0 {
                    SpeechSynthesizer.send([SpeechSynthesizer.wordRecord, e.pointee.text_position, e.pointee.length, e.pointee.sample])
                }
                event = e + 1
            }
            return 0
        }
        guard espeak.setVoiceByName(voice) == EE_OK else { return noVoice }
        _ = espeak.setParameter(espeakRATE, rate, 0)
        _ = espeak.setParameter(espeakPITCH, pitch, 0)
        guard espeak.synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, nil) == EE_OK,
              espeak.synchronize() == EE_OK else { return failed }
        return ok
    }

    private static func send(_ values: [Int32]) {
        values.withUnsafeBytes { write($0.baseAddress!, $0.count) }
    }

    private static func write(_ pointer: UnsafeRawPointer, _ count: Int) {
        var done = 0
        while done < count {
            let n = Glibc.write(childPipe, pointer + done, count - done)
            if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { _exit(1) }
        }
    }

    /// Reads the child's records back into samples and words.
    private static func decode(_ bytes: [UInt8], text: String, voice: String) throws(SpeechError) -> SpokenText {
        var offset = 0
        func next() -> Int32? {
            guard offset + 4 <= bytes.count else { return nil }
            defer { offset += 4 }
            return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
        }
        var samples: [Int16] = [], sampleRate: Int32 = 0
        var events: [(position: Int, length: Int, sample: Int)] = []
        var status: Int32?
        while let kind = next() {
            switch kind {
            case samplesRecord:
                guard let count = next(), count >= 0 else { break }
                if count == 0 { sampleRate = next() ?? 0; continue }
                let length = Int(count) * 2
                guard offset + length <= bytes.count else { break }
                samples += bytes[offset..<(offset + length)].withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
                offset += length
            case wordRecord:
                guard let position = next(), let length = next(), let sample = next() else { break }
                events.append((Int(position), Int(length), Int(sample)))
            case statusRecord:
                status = next()
            default:
                offset = bytes.count
            }
        }
        switch status {
        case ok?: break
        case noData?: throw SpeechError("espeak-ng could not start: its voice data is missing (install espeak-ng-data)")
        case noVoice?: throw SpeechError("espeak-ng has no voice '\(voice)' (try en-us, en-gb or cmn; `espeak-ng --voices` lists them)")
        default: throw SpeechError("espeak-ng could not speak \"\(text.prefix(40))\"")
        }
        guard sampleRate > 0 else { throw SpeechError("espeak-ng could not start") }
        let scalars = Array(text.unicodeScalars)
        let words = events.compactMap { event -> SpokenWord? in
            // espeak-ng counts characters from 1.
            let start = event.position - 1
            guard start >= 0, start < scalars.count else { return nil }
            let end = min(scalars.count, start + event.length)
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars[start..<end])
            return SpokenWord(text: String(word), offset: start, sample: min(max(0, event.sample), samples.count))
        }
        return SpokenText(samples: samples, sampleRate: Int(sampleRate), words: words)
    }
}
