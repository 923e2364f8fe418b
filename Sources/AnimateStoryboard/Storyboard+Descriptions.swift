import AnimateCode
import AnimateFormula
import AnimateText
import Foundation

extension Storyboard {
    /// A beat that brought something new into view (a play that showed or transformed things,
    /// or things added visible): what an audio description covers, and what
    /// `animate describe --check` looks for narration or a description at.
    public struct VisualBeat: Sendable, Hashable {
        /// When it starts and ends, in seconds.
        public let start: Double
        public let end: Double
        /// What it brought into view, in words ("a shape", "the text “Angles”").
        public let shows: [String]
        /// What it is described as when nothing else describes it: the words of the text it
        /// shows and the spoken form of its formulas (nil when it shows neither).
        public let reading: String?
        /// The TeX of the formulas it shows, and the source of the code listings (not in groups).
        public var formulas: [String] = []
        public var code: [String] = []

        package init(start: Double, end: Double, shows: [String], reading: String?, formulas: [String] = [], code: [String] = []) {
            self.start = start; self.end = end; self.shows = shows; self.reading = reading; self.formulas = formulas; self.code = code
        }
    }

    /// A description given in the build closure: `describe(_:)`, or a play's `describe:`.
    public struct Description: Sendable, Hashable {
        public let text: String
        public let time: Double
    }
}

extension Storyboard.Builder {
    /// Describes what the next beat shows (or what the picture shows now), for those who cannot
    /// see it: spoken by the audio
    /// description in the narration's next silence (or, in an extended render, with the picture
    /// held), written to the descriptions track and the transcript.
    public mutating func describe(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return }
        descriptions.append(Storyboard.Description(text: trimmed, time: now))
    }

    /// Describes `thing`: said when a beat first brings it into view (now, if it is in view
    /// already), as a play's `describe:` is.
    public mutating func describe(_ thing: Thing, _ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard things.indices.contains(thing.id), !trimmed.isEmpty else { return }
        if isSeen(thing.id, at: now) {
            descriptions.append(Storyboard.Description(text: trimmed, time: now))
        } else {
            thingDescriptions[thing.id] = trimmed
        }
    }

    /// The descriptions of things first brought into view at `time` (said once each).
    mutating func describeShown(_ ids: [Int], at time: Double) {
        for id in ids {
            guard let text = thingDescriptions.removeValue(forKey: id) else { continue }
            descriptions.append(Storyboard.Description(text: text, time: time))
        }
    }

    /// Whether `id` is in view at `time`: it and every group holding it not fully faded (a
    /// group, when a member of it is in view).
    func isSeen(_ id: Int, at time: Double) -> Bool {
        var current: Int? = id
        while let i = current {
            guard things[i].opacity.value(at: time) > 0 else { return false }
            current = things[i].group
        }
        guard case .group(let members) = things[id].content else { return true }
        return members.contains { things.indices.contains($0.id) && things[$0.id].opacity.value(at: time) > 0 && showsMember($0.id, at: time) }
    }

    /// Whether a member (or, for a group, one of its own members) shows at `time`.
    private func showsMember(_ id: Int, at time: Double) -> Bool {
        guard case .group(let members) = things[id].content else { return true }
        return members.contains { things.indices.contains($0.id) && things[$0.id].opacity.value(at: time) > 0 && showsMember($0.id, at: time) }
    }

    /// Records a beat from `start` to `end` if it brought things into view that were not before
    /// (`seenBefore`, by thing) or transformed one thing into another.
    mutating func noteVisualBeat(start: Double, end: Double, seenBefore: [Bool], transforms: Int) {
        var shown: [Int] = []
        for i in things.indices where !(i < seenBefore.count && seenBefore[i]) && isSeen(i, at: end) {
            // A member shown with a group it is in is named by the group.
            if hasAncestor(i, where: { !($0 < seenBefore.count && seenBefore[$0]) }) { continue }
            if case .group = things[i].content, i >= seenBefore.count { continue }
            shown.append(i)
        }
        guard !shown.isEmpty || transforms > 0 else { return }
        // Members shown with their group are described too, when they carry a description.
        describeShown(things.indices.filter { !($0 < seenBefore.count && seenBefore[$0]) && isSeen($0, at: end) }, at: start)
        var words = shown.map(words(for:))
        if transforms > 0 { words.append(transforms == 1 ? "a transform" : "\(transforms) transforms") }
        let top = shown.filter { things[$0].group == nil }
        let readings = top.compactMap(reading(of:))
        noteVisualBeat(Storyboard.VisualBeat(start: start, end: end, shows: words, reading: readings.isEmpty ? nil : readings.joined(separator: ". "),
                                             formulas: top.compactMap(tex(of:)), code: top.compactMap(source(of:))))
    }

    /// Adds `beat`, merged with the last one when they cover the same moment (things added visible together).
    mutating func noteVisualBeat(_ beat: Storyboard.VisualBeat) {
        if let last = visualBeats.last, last.start == beat.start, last.end == beat.end {
            let readings = [last.reading, beat.reading].compactMap { $0 }
            visualBeats[visualBeats.count - 1] = Storyboard.VisualBeat(start: beat.start, end: beat.end, shows: last.shows + beat.shows,
                                                                       reading: readings.isEmpty ? nil : readings.joined(separator: ". "),
                                                                       formulas: last.formulas + beat.formulas, code: last.code + beat.code)
        } else {
            visualBeats.append(beat)
        }
    }

    /// A thing added in view: noted, and made a beat of its own when the build ends (once the
    /// groups it joins are known).
    mutating func noteAddedVisible(_ id: Int) {
        if case .group = things[id].content { return }
        guard isSeen(id, at: now) else { return }
        addedVisible.append((id, now))
    }

    /// The beats of things added in view, each moment's named by their outermost groups, put
    /// among the plays' beats in time order.
    mutating func finishVisualBeats() {
        var moments: [Double: [Int]] = [:]
        for (id, time) in addedVisible { moments[time, default: []].append(id) }
        for time in moments.keys.sorted() {
            let ids = moments[time]!
            var named: [Int] = []
            for id in ids {
                var top = id
                while let g = things[top].group { top = g }
                if !named.contains(top) { named.append(top) }
            }
            describeShown(ids, at: time)
            let top = ids.filter { things[$0].group == nil }
            let readings = top.compactMap(reading(of:))
            let beat = Storyboard.VisualBeat(start: time, end: time, shows: named.map(words(for:)),
                                             reading: readings.isEmpty ? nil : readings.joined(separator: ". "),
                                             formulas: top.compactMap(tex(of:)), code: top.compactMap(source(of:)))
            let i = visualBeats.firstIndex { $0.start >= time } ?? visualBeats.count
            visualBeats.insert(beat, at: i)
        }
        addedVisible.removeAll()
        descriptions = descriptions.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// Whether a group holding `id` (directly or not) is one `test` picks.
    func hasAncestor(_ id: Int, where test: (Int) -> Bool) -> Bool {
        var current = things[id].group
        while let g = current {
            if test(g) { return true }
            current = things[g].group
        }
        return false
    }

    /// What a thing is, in a few words.
    func words(for id: Int) -> String {
        switch things[id].content {
        case .shape: return "a shape"
        case .text(let text): return "the text “\(Self.shortened(text.string))”"
        case .formula(let formula): return "the formula \(Self.shortened(formula.tex))"
        case .code: return "a code listing"
        case .drawing: return "a drawing"
        case .group(let members): return "a group of \(members.count)"
        case .space: return "a 3D view"
        case .spacePart: return "a part of a 3D view"
        }
    }

    /// What reading a thing aloud says: its text, or its formula's spoken words.
    func reading(of id: Int) -> String? {
        switch things[id].content {
        case .text(let text):
            let words = text.string.trimmingCharacters(in: .whitespacesAndNewlines)
            return words.isEmpty ? nil : words
        case .formula(let formula): return try? formula.spoken()
        default: return nil
        }
    }

    /// A formula's TeX (a text-with-math formula's, between dollar signs as written).
    func tex(of id: Int) -> String? {
        if case .formula(let formula) = things[id].content { return formula.tex }
        return nil
    }

    /// A code listing's source.
    func source(of id: Int) -> String? {
        if case .code(let code) = things[id].content { return code.source }
        return nil
    }

    private static func shortened(_ s: String) -> String {
        let flat = s.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count > 40 ? String(flat.prefix(39)) + "…" : flat
    }
}
