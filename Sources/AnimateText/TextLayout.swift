import AnimateDrawing
import Foundation

/// Text laid out in lines: each paragraph's characters put in display order by the bidirectional
/// algorithm, each cluster given a face that has it, runs shaped by HarfBuzz, lines broken where
/// UAX #14 allows; glyphs with positions, line metrics, and the overall size, in points.
/// Shared by threads once made (the layout cache, resolved texts): nothing changes it after.
extension TextLayout: @unchecked Sendable {}

struct TextLayout {
    struct Glyph {
        /// Not counted: the font library keeps every face it opens for good, and a glyph is
        /// copied too often for reference counting to be free.
        unowned(unsafe) let face: FontFace
        let glyph: UInt32
        /// Pen position on the line, in points from the line's start (the shaper's offset included).
        var x: CGFloat
        /// Offset from the baseline, in points, y down.
        let y: CGFloat
        /// The shaper's horizontal offset, in points, included in `x` (the pen is at `x - xOffset`).
        let xOffset: CGFloat
        var advance: CGFloat
        /// Points per font unit.
        let scale: CGFloat
        let run: Int
        let syntheticBold: Bool
        let syntheticItalic: Bool
        let isSpace: Bool
        /// The UTF-16 offsets in the text's string of the characters this glyph shows.
        let cluster: Range<Int>
    }

    /// A run of the line shaped as one: one face, script and direction.
    struct Item {
        let face: FontFace
        /// The UTF-16 offsets of its characters in the text's string.
        let range: Range<Int>
        let isRightToLeft: Bool
        /// ISO 15924 script tag ("Arab").
        let script: String
        /// Its glyphs in the line's `glyphs`.
        let glyphs: Range<Int>
    }

    struct Line {
        /// Glyphs left to right.
        var glyphs: [Glyph] = []
        /// Shaped items left to right.
        var items: [Item] = []
        /// The width of the line's ink box: its glyphs but the spaces at its (logical) end.
        var width: CGFloat = 0
        var ascent: CGFloat = 0
        var descent: CGFloat = 0
        var height: CGFloat = 0
        /// The paragraph runs right to left (alignment `.leading` is then the right edge).
        var isRightToLeft = false
        /// The UTF-16 offsets of the line's characters in the text's string.
        var range: Range<Int> = 0..<0
    }

    private(set) var text: Text
    private(set) var lines: [Line] = []
    private(set) var size: CGSize = .zero
    /// The factor the text's sizes were scaled by to fit (its minimum scale factor at most).
    private(set) var scale: CGFloat = 1

    static let defaultFont = Font.body

    /// What a layout depends on: the runs' characters and fonts, spacing and direction (not
    /// colours), and the width lines wrap at.
    struct Key: Hashable {
        struct Run: Hashable {
            let string: String
            let font: Font?
            let bold: Bool
            let italic: Bool
            let weight: Font.Weight?
            let design: Font.Design?
            let spacing: CGFloat
            let language: String?
            let family: String?
        }
        let runs: [Run]
        let lineSpacing: CGFloat
        let direction: LayoutDirection?
        let maxWidth: CGFloat?
        let maxHeight: CGFloat?
        let lineLimit: Int?
        let truncation: Text.TruncationMode
        let minimumScale: CGFloat
    }

    /// Lines laid out before, by what they depend on: a text drawn on every frame is shaped once.
    private static let cache = BoundedCache<Key, TextLayout>(bound: 1024)

    /// Lays out `text`, wrapping lines longer than `maxWidth` (when given) where a line may end;
    /// with `maxHeight`, a text with a `minimumScaleFactor` shrinks until its lines fit. Past its
    /// `lineLimit`, lines are dropped and the last one kept is truncated with an ellipsis.
    init(_ text: Text, maxWidth: CGFloat?, maxHeight: CGFloat? = nil) {
        let width = maxWidth.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        let height = text.minimumScaleFactor < 1 ? maxHeight.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } : nil
        let key = Key(runs: text.runs.map { Key.Run(string: $0.string, font: $0.font, bold: $0.bold, italic: $0.italic, weight: $0.weight,
                                                   design: $0.design, spacing: $0.spacing, language: $0.language, family: $0.family) },
                      lineSpacing: text.lineSpacing, direction: text.layoutDirection, maxWidth: width, maxHeight: height,
                      lineLimit: text.lineLimit, truncation: text.truncationMode, minimumScale: text.minimumScaleFactor)
        if let cached = Self.cache[key] {
            self = cached
            self.text = text
            return
        }
        self.init(fitting: text, maxWidth: width, maxHeight: height)
        Self.cache[key] = self
    }

    /// The layout at the largest scale from 1 down to the text's minimum whose lines fit
    /// `maxHeight` (found by halving the interval), then truncated to its line limit.
    private init(fitting text: Text, maxWidth width: CGFloat?, maxHeight height: CGFloat?) {
        var layout = TextLayout(uncached: text, maxWidth: width)
        if let height, layout.size.height > height {
            let minimum = max(0.01, text.minimumScaleFactor)
            var best = TextLayout(uncached: text.scaled(by: minimum), maxWidth: width)
            var low = minimum, high = 1.0
            if best.size.height <= height {
                for _ in 0..<10 {
                    let mid = (low + high) / 2
                    let candidate = TextLayout(uncached: text.scaled(by: mid), maxWidth: width)
                    if candidate.size.height <= height { low = mid; best = candidate } else { high = mid }
                }
            }
            layout = best
            layout.scale = low
            layout.text = text
        }
        if let limit = text.lineLimit, layout.lines.count > max(1, limit) {
            layout.truncate(to: max(1, limit), maxWidth: width)
        }
        self = layout
    }

    /// Keeps the first `count` lines, the last of them ending (or starting, or broken in the
    /// middle, by the truncation mode) with an ellipsis standing for what was left out.
    private mutating func truncate(to count: Int, maxWidth width: CGFloat?) {
        let kept = lines[count - 1]
        let full = Array(text.runs.map(\.string).joined().utf16)
        // What the last line would show: the rest of its paragraph.
        var end = kept.range.upperBound
        while end < full.count, full[end] != 0x0A, full[end] != 0x0D, full[end] != 0x2029 { end += 1 }
        let string = String(decoding: full[kept.range.lowerBound..<end], as: UTF16.self)
        // Character boundaries (UTF-16 offsets from the line's start).
        var bounds = [0]
        for c in string { bounds.append(bounds.last! + c.utf16.count) }
        let limit = width ?? kept.width
        let start = kept.range.lowerBound
        func candidate(_ head: Int, _ tail: Int) -> TextLayout {
            var t = text.slice(start..<(start + head), ellipsisAfter: true)
            if tail < bounds.count - 1 { t = t + text.slice((start + bounds[tail])..<end, ellipsisAfter: false) }
            t.lineLimit = nil
            t.minimumScaleFactor = 1
            return TextLayout(uncached: t.scaled(by: scale), maxWidth: nil)
        }
        var chosen: (layout: TextLayout, head: Int, tail: Int)?
        let n = bounds.count - 1
        switch text.truncationMode {
        case .tail:
            var low = 0, high = n
            while low < high {
                let mid = (low + high + 1) / 2
                if candidate(bounds[mid], n).size.width <= limit { low = mid } else { high = mid - 1 }
            }
            chosen = (candidate(bounds[low], n), bounds[low], n)
        case .head:
            var low = 0, high = n
            while low < high {
                let mid = (low + high) / 2
                if candidate(0, mid).size.width <= limit { high = mid } else { low = mid + 1 }
            }
            chosen = (candidate(0, low), 0, low)
        case .middle:
            var low = 0, high = n / 2
            while low < high {
                let mid = (low + high + 1) / 2
                if candidate(bounds[mid], n - mid).size.width <= limit { low = mid } else { high = mid - 1 }
            }
            chosen = (candidate(bounds[low], n - low), bounds[low], n - low)
        }
        guard let chosen, var line = chosen.layout.lines.first else { return }
        // Back to the text's own offsets and runs: the ellipsis stands for what it hides.
        let hidden = (start + chosen.head)..<(start + (chosen.tail < n ? bounds[chosen.tail] : end - start))
        line.glyphs = line.glyphs.map { g in
            let local = g.cluster
            var cluster: Range<Int>
            if local.lowerBound < chosen.head { cluster = (start + local.lowerBound)..<(start + min(local.upperBound, chosen.head)) }
            else if local.lowerBound < chosen.head + 1 { cluster = hidden }
            else { cluster = (hidden.upperBound + local.lowerBound - chosen.head - 1)..<(hidden.upperBound + local.upperBound - chosen.head - 1) }
            return g.moved(to: cluster, run: text.run(at: min(cluster.lowerBound, max(0, full.count - 1))))
        }
        line.range = kept.range.lowerBound..<end
        line.height = kept.height
        lines = Array(lines[..<(count - 1)]) + [line]
        size = CGSize(width: lines.map(\.width).max() ?? 0, height: lines.reduce(0) { $0 + $1.height })
    }

    private init(uncached text: Text, maxWidth width: CGFloat?) {
        self.text = text
        lines = FontLibrary.shared.withLock { Paragraphs(text).lines(maxWidth: width) }
        let spacing = text.lineSpacing
        FontLibrary.shared.withLock {
            let fallbackFace = Self.primaryFace(font: Self.defaultFont, bold: false, italic: false)
            for i in lines.indices {
                var line = lines[i]
                for g in line.glyphs {
                    line.ascent = max(line.ascent, g.face.ascender * g.scale)
                    line.descent = max(line.descent, -g.face.descender * g.scale)
                    line.height = max(line.height, g.face.lineHeight * g.scale)
                }
                if line.glyphs.isEmpty || line.height == 0, let face = fallbackFace {
                    let font = text.runs.first?.font ?? Self.defaultFont
                    let s = font.size / face.unitsPerEm
                    line.ascent = face.ascender * s; line.descent = -face.descender * s; line.height = face.lineHeight * s
                }
                line.height += i < lines.count - 1 ? spacing : 0
                lines[i] = line
            }
        }
        size = CGSize(width: lines.map(\.width).max() ?? 0, height: lines.reduce(0) { $0 + $1.height })
    }

    /// Where each line sits in a box `boxWidth` wide (infinite: the text's own width) whose
    /// top-left corner is `origin`: the x of the line's first glyph pen position, the line's top,
    /// and its baseline. Lines are aligned by the text's alignment, which a right-to-left
    /// paragraph mirrors.
    func placements(origin: CGPoint, boxWidth: CGFloat) -> [(x: CGFloat, top: CGFloat, baseline: CGFloat)] {
        let width = boxWidth.isFinite ? boxWidth : size.width
        var top = origin.y
        return lines.map { line in
            let slack = width - line.width
            let shift: CGFloat
            switch (text.alignment, line.isRightToLeft) {
            case (.leading, false), (.trailing, true): shift = 0
            case (.center, _): shift = slack / 2
            case (.trailing, false), (.leading, true): shift = slack
            }
            let placed = (x: origin.x + shift, top: top, baseline: top + line.ascent + max(0, line.height - line.ascent - line.descent) / 2)
            top += line.height
            return placed
        }
    }

    /// From a glyph's font units (y up) to layout space (y down) with the line's first pen
    /// position at `x` on `baseline`; sheared for a synthetic oblique (points move right in
    /// proportion to their height above the baseline).
    static func transform(of g: Glyph, x: CGFloat, baseline: CGFloat) -> CGAffineTransform {
        CGAffineTransform(a: g.scale, b: 0, c: g.syntheticItalic ? 0.2 * g.scale : 0, d: -g.scale, tx: x + g.x, ty: baseline + g.y)
    }

    /// The face for a font request (must hold the library lock).
    static func primaryFace(font: Font, bold: Bool, italic: Bool) -> FontFace? {
        let weight = bold ? max(font.weight.value, Font.Weight.bold.value) : font.weight.value
        return FontLibrary.shared.face(family: font.family ?? FontLibrary.systemFamily, weight: weight, italic: italic || font.isItalic)
    }
}


/// A text's string as UTF-16, its paragraphs, and for each run the font it asks for; what the
/// layout works on (under the font library's lock).
private struct Paragraphs {
    let text: Text
    let units: [UInt16]
    /// The UTF-16 offset where each run starts, and past the end.
    let runStarts: [Int]
    /// Per run: its font, the face it asks for, weight, bold and italic wishes.
    let fonts: [(font: Font, primary: FontFace?, weight: Int, bold: Bool, italic: Bool)]

    init(_ text: Text) {
        self.text = text
        var units: [UInt16] = []
        var starts: [Int] = []
        var fonts: [(font: Font, primary: FontFace?, weight: Int, bold: Bool, italic: Bool)] = []
        for run in text.runs {
            starts.append(units.count)
            units += run.string.utf16
            var font = run.font ?? TextLayout.defaultFont
            if let weight = run.weight { font.weight = weight }
            if let design = run.design, font.family == nil { font.family = design.family }
            if let family = run.family { font.family = family }
            let bold = run.bold || font.weight.value >= Font.Weight.semibold.value
            let italic = run.italic || font.isItalic
            let primary = TextLayout.primaryFace(font: font, bold: run.bold, italic: italic)
            fonts.append((font, primary, bold ? Font.Weight.bold.value : font.weight.value, bold, italic))
        }
        starts.append(units.count)
        self.units = units
        runStarts = starts
        self.fonts = fonts
    }

    /// The run holding UTF-16 offset `offset`.
    func run(at offset: Int) -> Int { runStarts.lastStart(atOrBefore: offset) }

    /// Every paragraph's lines, in order.
    func lines(maxWidth: CGFloat?) -> [TextLayout.Line] {
        var lines: [TextLayout.Line] = []
        var start = 0
        var i = 0
        while i <= units.count {
            let unit: UInt16? = i < units.count ? units[i] : nil
            if unit == nil || unit == 0x0A || unit == 0x0D || unit == 0x2029 {
                lines += units.withUnsafeBufferPointer { Paragraph(self, $0, start..<i).lines(maxWidth: maxWidth) }
                if unit == 0x0D, i + 1 < units.count, units[i + 1] == 0x0A { i += 1 }
                start = i + 1
            }
            i += 1
        }
        return lines
    }
}

/// One paragraph: its levels, scripts, clusters and their faces, shaped and broken into lines.
private struct Paragraph {
    let owner: Paragraphs
    let all: UnsafeBufferPointer<UInt16>
    let range: Range<Int>
    /// The paragraph's own code units (offsets into it are relative).
    let units: UnsafeBufferPointer<UInt16>
    let bidi: BidiParagraph
    let scripts: [Int32]
    /// Grapheme cluster starts (relative), with the paragraph's end last.
    let clusterStarts: [Int]
    /// The face of each cluster (index into `faces`), and the faces.
    let clusterFace: [Int]
    let faces: [FontFace]
    /// Where lines may end (relative offsets), and where they must.
    let breaks: LineBreaks

    init(_ owner: Paragraphs, _ all: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) {
        self.owner = owner
        self.all = all
        self.range = range
        units = UnsafeBufferPointer(rebasing: all[range])
        bidi = BidiParagraph(units, direction: owner.text.layoutDirection)
        scripts = ScriptRuns.resolve(units)
        breaks = LineBreaks(units)
        // Clusters are Swift's characters (extended grapheme clusters).
        var starts: [Int] = []
        var faceIndex: [Int] = []
        var faces: [FontFace] = []
        let string = String(decoding: units, as: UTF16.self)
        var offset = 0
        for character in string {
            starts.append(offset)
            let run = owner.run(at: range.lowerBound + offset)
            let wish = owner.fonts[run]
            var face = wish.primary
            if let primary = wish.primary {
                face = FontLibrary.shared.face(for: character.unicodeScalars, primary: primary, weight: wish.weight, italic: wish.italic)
                    ?? primary
            }
            if let face {
                if let k = faces.firstIndex(where: { $0 === face }) { faceIndex.append(k) } else { faceIndex.append(faces.count); faces.append(face) }
            } else {
                faceIndex.append(-1)
            }
            offset += character.utf16.count
        }
        starts.append(units.count)
        clusterStarts = starts
        clusterFace = faceIndex
        self.faces = faces
    }

    /// The cluster holding relative offset `offset`.
    func cluster(at offset: Int) -> Int { clusterStarts.lastStart(atOrBefore: offset) }

    /// Shaped glyphs of the relative range `part`, laid out as one line: items in visual order,
    /// glyphs left to right with pen positions from 0.
    func shapeLine(_ part: Range<Int>) -> Shaped {
        guard !part.isEmpty else { return ([], [], 0, 0) }
        let levels = bidi.lineLevels(part)
        // Items: maximal ranges with one run, level, script and face.
        var items: [(range: Range<Int>, level: UInt8)] = []
        var start = part.lowerBound
        // A cluster stays whole: it takes the run (and face) of its first character, so a mark
        // given other attributes than its base is still shaped with it.
        func key(_ o: Int) -> (Int, UInt8, Int32, Int) {
            let c = cluster(at: o)
            return (owner.run(at: range.lowerBound + clusterStarts[c]), levels[o - part.lowerBound], scripts[o], clusterFace[c])
        }
        var current = key(start)
        var o = part.lowerBound + 1
        while o <= part.upperBound {
            if o == part.upperBound || key(o) != current {
                items.append((start..<o, current.1))
                if o < part.upperBound { start = o; current = key(o) }
            }
            o += 1
        }
        // Whitespace at the line's logical end does not count towards its width.
        var contentEnd = part.upperBound
        while contentEnd > part.lowerBound {
            let c = cluster(at: contentEnd - 1)
            guard isSpace(clusterStarts[c]) else { break }
            contentEnd = clusterStarts[c]
        }
        let lineUnits = UnsafeBufferPointer(rebasing: units[part])
        var glyphs: [TextLayout.Glyph] = []
        var shapedItems: [TextLayout.Item] = []
        var x: CGFloat = 0
        var trailing: CGFloat = 0
        for index in BidiParagraph.visualOrder(items.map(\.level)) {
            let item = items[index]
            let run = owner.run(at: range.lowerBound + clusterStarts[cluster(at: item.range.lowerBound)])
            let wish = owner.fonts[run]
            let faceIndex = clusterFace[cluster(at: item.range.lowerBound)]
            guard faceIndex >= 0 else { continue }
            let face = faces[faceIndex]
            let scale = wish.font.size / face.unitsPerEm
            let spacing = owner.text.runs[run].spacing
            let local = (item.range.lowerBound - part.lowerBound)..<(item.range.upperBound - part.lowerBound)
            let script = scripts[item.range.lowerBound]
            let shaped = Shaper.shape(lineUnits, local, face: face, rightToLeft: item.level & 1 == 1, script: script,
                                      language: owner.text.runs[run].language)
            let firstGlyph = glyphs.count
            defer {
                shapedItems.append(TextLayout.Item(face: face, range: (range.lowerBound + item.range.lowerBound)..<(range.lowerBound + item.range.upperBound),
                                                   isRightToLeft: item.level & 1 == 1, script: Shaper.scriptTag(script),
                                                   glyphs: firstGlyph..<glyphs.count))
            }
            // A glyph shows the characters from its cluster to the next cluster of the item, in
            // logical order (a ligature several, a conjunct's glyphs the same ones).
            let starts = Set(shaped.map(\.cluster)).sorted()
            for (k, g) in shaped.enumerated() {
                let clusterStart = part.lowerBound + g.cluster
                let c = cluster(at: clusterStart)
                var above = 0, past = starts.count
                while above < past {
                    let mid = (above + past) / 2
                    if starts[mid] <= g.cluster { above = mid + 1 } else { past = mid }
                }
                let nextStart = above < starts.count ? part.lowerBound + starts[above] : item.range.upperBound
                let clusterRange = (range.lowerBound + clusterStarts[c])..<(range.lowerBound + max(nextStart, clusterStarts[c + 1]))
                var advance = CGFloat(g.advance) * scale
                // Tracking: once per cluster, after its last glyph in display order; not after
                // the invisible controls (joiners, bidi marks) that take no room.
                let first = units[clusterStarts[c]]
                let next = k + 1 < shaped.count ? shaped[k + 1].cluster : -1
                if next != g.cluster, g.advance != 0 || !(Unicode.Scalar(first)?.properties.isDefaultIgnorableCodePoint ?? false) {
                    advance += spacing
                }
                let isSpace = first == 0x20 || first == 0x09 || first == 0x3000 || first == 0xA0 || (first >= 0x2000 && first <= 0x200A)
                glyphs.append(TextLayout.Glyph(face: face, glyph: g.glyph, x: x + CGFloat(g.xOffset) * scale, y: -CGFloat(g.yOffset) * scale,
                                               xOffset: CGFloat(g.xOffset) * scale,
                                               advance: advance, scale: scale, run: run,
                                               syntheticBold: wish.bold && !face.isBold, syntheticItalic: wish.italic && !face.isItalic,
                                               isSpace: isSpace, cluster: clusterRange))
                if clusterStart >= contentEnd { trailing += advance }
                x += advance
            }
        }
        return (glyphs, shapedItems, trailing, x)
    }

    typealias Shaped = (glyphs: [TextLayout.Glyph], items: [TextLayout.Item], trailingSpace: CGFloat, total: CGFloat)

    /// The paragraph's lines: broken where a line must end, and (with `maxWidth`) greedily at the
    /// last opportunity that fits; a word wider than the line is broken between characters.
    ///
    /// The paragraph is shaped once and candidate lines are measured by summing its clusters'
    /// advances; only the lines chosen are shaped again (what a line's ends change, a ligature or
    /// a joining form cut in two, is measured then, and the line given back a break if it no
    /// longer fits). The cost grows with the paragraph's length, not its square.
    func lines(maxWidth: CGFloat?) -> [TextLayout.Line] {
        var chosen: [(end: Int, shaped: Shaped)] = []
        let offsets = breaks.offsets, hard = breaks.hard
        if let maxWidth {
            let whole = shapeLine(0..<units.count)
            let clusters = clusterStarts.count - 1
            // Each cluster's advance (a ligature's on its first cluster), summed in logical order.
            var advance = [CGFloat](repeating: 0, count: clusters)
            for g in whole.glyphs { advance[cluster(at: g.cluster.lowerBound - range.lowerBound)] += g.advance }
            var sum = [CGFloat](repeating: 0, count: clusters + 1)
            // For a line ending before cluster e, where its ink ends: trailing spaces do not count.
            var inkEnd = [Int](repeating: 0, count: clusters + 1)
            for c in 0..<clusters {
                sum[c + 1] = sum[c] + advance[c]
                inkEnd[c + 1] = isSpace(clusterStarts[c]) ? inkEnd[c] : c + 1
            }
            /// The cluster index at or after relative offset `o`.
            func clusterIndex(_ o: Int) -> Int {
                let c = cluster(at: o)
                return clusterStarts[c] < o ? c + 1 : c
            }
            func estimate(_ from: Int, _ to: Int) -> CGFloat {
                let a = clusterIndex(from), b = clusterIndex(to)
                return sum[max(a, inkEnd[b])] - sum[a]
            }
            func exact(_ s: Shaped) -> CGFloat { s.total - s.trailingSpace }
            /// Shapes the line from `start` to the last of `fits` whose shaped width fits (the
            /// first if none does).
            func shapeFitting(_ start: Int, _ fits: [Int]) -> (end: Int, shaped: Shaped) {
                var k = fits.count - 1
                var shaped = shapeLine(start..<fits[k])
                while k > 0, exact(shaped) > maxWidth {
                    k -= 1
                    shaped = shapeLine(start..<fits[k])
                }
                return (fits[k], shaped)
            }
            if units.isEmpty || (hard.dropLast().allSatisfy { !$0 } && exact(whole) <= maxWidth) {
                chosen = [(units.count, whole)]
            } else {
                var lineStart = 0
                var fits: [Int] = []
                var k = 0
                while k < offsets.count {
                    let end = offsets[k]
                    let mustEnd = hard[k] || end == units.count
                    if end > lineStart, estimate(lineStart, end) > maxWidth {
                        if !fits.isEmpty {
                            let line = shapeFitting(lineStart, fits)
                            chosen.append(line)
                            lineStart = line.end
                            fits = []
                            continue   // measure this opportunity again on the new line
                        }
                        // Nothing fits: as many whole clusters as fit (at least one).
                        let first = clusterIndex(lineStart)
                        var c = first + 1
                        while clusterStarts[c] < end, estimate(lineStart, clusterStarts[c + 1]) <= maxWidth { c += 1 }
                        if clusterStarts[c] < end {
                            let line = shapeFitting(lineStart, (first + 1...c).map { clusterStarts[$0] })
                            chosen.append(line)
                            lineStart = line.end
                            continue
                        }
                    }
                    if mustEnd {
                        let line = shapeFitting(lineStart, fits + [end])
                        chosen.append(line)
                        lineStart = line.end
                        fits = []
                        if line.end < end { continue }
                    } else if end > lineStart {
                        fits.append(end)
                    }
                    k += 1
                }
            }
        } else {
            var from = 0
            for (k, end) in offsets.enumerated() where hard[k] || end == units.count {
                if end > from || units.isEmpty { chosen.append((end, shapeLine(from..<end))) }
                from = end
            }
        }
        if chosen.isEmpty || chosen.last!.end != units.count {
            let from = chosen.last?.end ?? 0
            chosen.append((units.count, shapeLine(from..<units.count)))
        }
        var lines: [TextLayout.Line] = []
        var from = 0
        for (end, shaped) in chosen where end > from || (units.isEmpty && lines.isEmpty) {
            var line = TextLayout.Line()
            line.isRightToLeft = bidi.level == 1
            line.range = (range.lowerBound + from)..<(range.lowerBound + end)
            line.width = max(0, shaped.total - shaped.trailingSpace)
            // Right to left, the trailing spaces are at the left: the ink box starts after them.
            let shift = line.isRightToLeft ? -shaped.trailingSpace : 0
            line.glyphs = shaped.glyphs.map { var g = $0; g.x += shift; return g }
            line.items = shaped.items
            lines.append(line)
            from = end
        }
        return lines
    }

    /// Whether the cluster starting at relative offset `o` is a space that takes no ink at a
    /// line's end.
    func isSpace(_ o: Int) -> Bool {
        let first = units[o]
        return first == 0x20 || first == 0x09 || first == 0x3000 || first == 0x2028 || (first >= 0x2000 && first <= 0x200A)
    }
}

/// What the shaper made of one item of a laid-out text, in font units, for comparing with
/// HarfBuzz's own `hb-shape`.
package struct ShapedItem {
    package let fontPath: String
    package let faceIndex: Int
    package let isRightToLeft: Bool
    /// ISO 15924 script tag.
    package let script: String
    /// The language it was shaped for (BCP 47), if any.
    package let language: String?
    /// The item's characters.
    package let text: String
    /// Glyph id, the index (in Unicode scalars of `text`) of the cluster's first character,
    /// offset and advance, in display order.
    package let glyphs: [(id: UInt32, cluster: Int, dx: Int, dy: Int, advance: Int)]

    /// The items of every line of `text` laid out unwrapped.
    package static func items(of text: Text) -> [ShapedItem] {
        let layout = TextLayout(text, maxWidth: nil)
        let utf16 = Array(text.runs.map(\.string).joined().utf16)
        return layout.lines.flatMap { line in
            line.items.map { item in
                let units = Array(utf16[item.range])
                // Scalar index of each UTF-16 offset in the item.
                var scalarAt: [Int] = []
                var index = -1
                for u in units { if !UTF16.isTrailSurrogate(u) { index += 1 }; scalarAt.append(index) }
                let glyphs = line.glyphs[item.glyphs].map { g in
                    (id: g.glyph, cluster: scalarAt[max(0, g.cluster.lowerBound - item.range.lowerBound)],
                     dx: Int((g.xOffset / g.scale).rounded()), dy: Int((-g.y / g.scale).rounded()),
                     advance: Int((g.advance / g.scale).rounded()))
                }
                let language = text.runs[text.run(at: item.range.lowerBound)].language
                return ShapedItem(fontPath: item.face.path, faceIndex: item.face.index, isRightToLeft: item.isRightToLeft,
                                  script: item.script, language: language, text: String(decoding: units, as: UTF16.self), glyphs: glyphs)
            }
        }
    }
}

extension TextLayout.Glyph {
    /// This glyph showing other characters of another run (a truncated line mapped back).
    func moved(to cluster: Range<Int>, run: Int) -> TextLayout.Glyph {
        TextLayout.Glyph(face: face, glyph: glyph, x: x, y: y, xOffset: xOffset, advance: advance, scale: scale, run: run,
                         syntheticBold: syntheticBold, syntheticItalic: syntheticItalic, isSpace: isSpace, cluster: cluster)
    }

    /// Where a colour glyph's picture goes, with the line's first pen position at `x` on
    /// `baseline` (must hold the library lock); nil when the glyph has no picture.
    func pictureRect(x: CGFloat, baseline: CGFloat) -> CGRect? {
        guard face.isColor, let picture = face.colorGlyph(glyph) else { return nil }
        return CGRect(x: x + self.x + picture.left * scale, y: baseline + y - picture.top * scale,
                      width: picture.width * scale, height: picture.height * scale)
    }
}

extension Array where Element == Int {
    /// In ascending starts ending with the end (runs', clusters'), the index of the last start
    /// at or before `offset`: the piece holding it.
    func lastStart(atOrBefore offset: Int) -> Int {
        var low = 0, high = count - 2
        while low < high {
            let mid = (low + high + 1) / 2
            if self[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return Swift.max(0, low)
    }
}

extension UnsafeBufferPointer where Element == UInt16 {
    /// The character starting at code unit `i` and its width in units (1 or 2); a lone surrogate
    /// reads as itself (1 unit).
    func scalar(at i: Int) -> (value: UInt32, width: Int) {
        let unit = self[i]
        if UTF16.isLeadSurrogate(unit), i + 1 < count, UTF16.isTrailSurrogate(self[i + 1]) {
            return (0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(self[i + 1] - 0xDC00), 2)
        }
        return (UInt32(unit), 1)
    }
}
