import AnimateAudio
public import Foundation
import AnimateDrawing
import AnimateFormula
import AnimateScene
import AnimateStoryboard
import AnimateText
import AnimateTimeline
import AnimateVideo

/// A lesson as text, for reading instead of watching: its sections as headings, the narration,
/// the descriptions, the formulas it shows (as MathML and as words), its code, and a still of
/// each beat with its description as alt text. Timed to the rendered frames. Written as an
/// accessible HTML page (one file, pictures inside it) or as plain text.
public struct Transcript: Sendable {
    /// One thing said or shown, at `time` seconds from the first rendered frame.
    public struct Entry: Sendable {
        public enum Kind: Sendable {
            /// A narration line, as written (math between `\(` and `\)`).
            case narration(String)
            case description(String)
            /// A formula's TeX and its spoken words.
            case formula(tex: String, words: String)
            case code(String)
            /// A still of the picture (PNG) and what it shows, in words.
            case still(png: Data, alt: String)
        }
        public let time: Double
        public let kind: Kind
    }

    /// A section's heading and what falls in it (one untitled section for a lesson without any).
    public struct Part: Sendable {
        public let title: String?
        public let start: Double
        public var entries: [Entry]
    }

    public let title: String
    public let scene: String
    /// The language of its words (BCP 47), for the page's `lang`.
    public let language: String
    public let parts: [Part]

    /// The transcript of `request`'s frames; `stillWidth` pixels wide stills of its beats (0:
    /// none). Throws `AudioError` when the narration or a description cannot be spoken (their
    /// times come from the voice).
    public init(request: RenderRequest, stillWidth: Int = 640) throws {
        let scene = request.scene
        let window = request.audioWindow
        let from = AudioClock.seconds(atSample: window.lowerBound), to = AudioClock.seconds(atSample: window.upperBound)
        func inside(_ t: Double) -> Bool { t >= from - 1e-9 && t < to }
        var entries: [Entry] = []
        let table = StringTable.active
        if let narration = scene.narration {
            let spoken = try narration.prepare()
            for (line, placed) in zip(narration.lines, spoken) where inside(placed.start) {
                entries.append(Entry(time: placed.start - from, kind: .narration(table?.translate(line.text) ?? line.text)))
            }
        }
        let descriptions = try scene.spokenDescriptions()
        // A description at the moment it describes.
        for d in descriptions where inside(d.cue.time) { entries.append(Entry(time: d.cue.time - from, kind: .description(d.text))) }
        let beats = scene.visualBeats.filter { inside($0.start) }
        for beat in beats {
            // Formulas with something to read (not a label of letters and digits).
            for tex in beat.formulas where tex.contains(where: { !($0.isLetter || $0.isNumber || $0 == " ") }) {
                let words = (try? Formula(tex).spoken()) ?? tex
                entries.append(Entry(time: beat.start - from, kind: .formula(tex: tex, words: words)))
            }
            for source in beat.code { entries.append(Entry(time: beat.start - from, kind: .code(source))) }
        }
        if stillWidth > 0 {
            for (time, alt) in Self.stillMoments(request: request, beats: beats, descriptions: descriptions, from: from, to: to) {
                entries.append(Entry(time: time - from, kind: .still(png: try Self.still(request, at: time, width: stillWidth), alt: alt)))
            }
        }
        // In time order; at one moment: narration, description, formula, code, then the still.
        func rank(_ k: Entry.Kind) -> Int {
            switch k { case .narration: 0; case .description: 1; case .formula: 2; case .code: 3; case .still: 4 }
        }
        entries = entries.enumerated().sorted { a, b in
            (a.element.time, rank(a.element.kind), a.offset) < (b.element.time, rank(b.element.kind), b.offset)
        }.map(\.element)
        let sections = scene.sections.filter { $0.end > from && $0.start < to }
        var parts = sections.isEmpty ? [Part(title: nil, start: 0, entries: [])]
            : sections.map { Part(title: $0.name, start: max(0, $0.start - from), entries: []) }
        for entry in entries {
            let k = parts.lastIndex { $0.start <= entry.time + 1e-9 } ?? 0
            parts[k].entries.append(entry)
        }
        title = scene.description.isEmpty ? scene.name : scene.description
        self.scene = scene.name
        language = (table?.language ?? "en").replacingOccurrences(of: "_", with: "-")
        self.parts = parts
    }

    /// The moments a still is taken, with their alt text: the end of each beat (its picture once
    /// it has played), else each section's end, else the middle of the render.
    static func stillMoments(request: RenderRequest, beats: [Storyboard.VisualBeat], descriptions: [SpokenDescription],
                             from: Double, to: Double) -> [(Double, String)] {
        let last = request.rate.time(ofFrame: request.frames.upperBound)
        if !beats.isEmpty {
            return beats.map { beat in
                let described = descriptions.first { $0.cue.time >= beat.start && ($0.cue.time < beat.end || $0.cue.time == beat.start) }
                let alt = described?.text ?? beat.reading.map { "Shows: " + $0 } ?? "Shows " + beat.shows.joined(separator: ", ") + "."
                return (min(max(beat.end, from), last), alt)
            }
        }
        let sections = request.scene.sections.filter { $0.end > from && $0.start < to }
        if !sections.isEmpty { return sections.map { (min(max($0.end - 0.001, from), last), "The picture at the end of “\($0.name)”.") } }
        return [((from + last) / 2, "The picture halfway through.")]
    }

    /// The frame showing at `time`, `width` pixels wide, as PNG.
    static func still(_ request: RenderRequest, at time: Double, width: Int) throws -> Data {
        let height = max(2, Int((Double(width) * Double(request.height) / Double(request.width)).rounded()))
        let index = min(max(request.rate.frameIndex(at: time), request.frames.lowerBound), request.frames.upperBound)
        let frame = Frame(index: index, rate: request.rate, count: request.timelineFrames, size: CGSize(width: width, height: height), seed: request.seed)
        var canvas = Bitmap(width: width, height: height)
        request.scene.render(frame, into: &canvas)
        return try canvas.pngData()
    }

    /// "1:05" for 65 seconds.
    static func clock(_ t: Double) -> String {
        let s = Int(max(0, t).rounded(.down))
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}
