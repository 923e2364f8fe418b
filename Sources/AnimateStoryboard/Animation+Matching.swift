import AnimateDrawing
import Foundation
import AnimateTimeline

extension Storyboard.Animation {
    /// Turns one text or formula into another piece by piece (Manim's TransformMatchingTex):
    /// glyphs in parts of the same name are paired, then glyphs showing the same source in the
    /// longest common runs of the two; paired glyphs move (and reshape) into place, the others
    /// fade out or in. Then `target` is shown and `thing` hidden. Shapes are transformed whole.
    public static func transformMatching(_ thing: Thing, into target: Thing) -> Storyboard.Animation {
        Storyboard.Animation { b, start, d, easing in
            guard let from = b.glyphs(of: thing, at: start), let to = b.glyphs(of: target, at: start + d) else {
                Storyboard.Animation.transform(thing, into: target).apply(&b, start, d, easing)
                return
            }
            var pairs: [(Int?, Int?)] = []
            var usedFrom = Set<Int>(), usedTo = Set<Int>()
            // Named parts first: the glyphs of a part pair with the same part's, by their source.
            let names = Set(from.flatMap(\.parts)).intersection(to.flatMap(\.parts))
            for name in names.sorted() {
                let a = from.indices.filter { from[$0].parts.contains(name) && !usedFrom.contains($0) }
                let z = to.indices.filter { to[$0].parts.contains(name) && !usedTo.contains($0) }
                for (i, j) in Self.commonRuns(a.map { from[$0].key }, z.map { to[$0].key }) {
                    pairs.append((a[i], z[j])); usedFrom.insert(a[i]); usedTo.insert(z[j])
                }
            }
            // Then what is left, by the longest common runs of what the glyphs show.
            let a = from.indices.filter { !usedFrom.contains($0) }, z = to.indices.filter { !usedTo.contains($0) }
            let rest = Self.glyphPairs(a.map { from[$0].key }, z.map { to[$0].key }).map { (i, j) in (i.map { a[$0] }, j.map { z[$0] }) }
            pairs += rest.filter { $0.0 != nil && $0.1 != nil }
            // Then the same glyphs out of order (words that swap places), first with first.
            var leftFrom = rest.compactMap { $0.1 == nil ? $0.0 : nil }, leftTo = rest.compactMap { $0.0 == nil ? $0.1 : nil }
            for i in leftFrom {
                guard let k = leftTo.firstIndex(where: { to[$0].key == from[i].key }) else { continue }
                pairs.append((i, leftTo[k]))
                leftTo.remove(at: k)
                leftFrom.removeAll { $0 == i }
            }
            pairs += leftFrom.map { ($0, nil) } + leftTo.map { (nil, $0) }
            Self.morphGlyphs(pairs, from, to, thing: thing, target: target, in: &b, start: start, duration: d, easing: easing)
        }
    }

    /// Morphs glyph pairs of `thing` into `target` (nil: the glyph fades in or out where it is),
    /// then shows `target` and hides `thing`.
    static func morphGlyphs(_ pairs: [(Int?, Int?)], _ from: [(path: Path, color: Color, key: String, parts: [String])],
                            _ to: [(path: Path, color: Color, key: String, parts: [String])], thing: Thing, target: Thing,
                            in b: inout Storyboard.Builder, start: Double, duration d: Double, easing: Easing) {
        for (i, j) in pairs {
            let p = i.map { from[$0] }, q = j.map { to[$0] }
            guard let shapeFrom = p?.path ?? q?.path, let shapeTo = q?.path ?? p?.path else { continue }
            let colourFrom = p?.color ?? q!.color.opacity(0), colourTo = q?.color ?? p!.color.opacity(0)
            b.morphs.append(Storyboard.MorphBeat(start: start, end: start + d, morph: PathMorph(from: shapeFrom, to: shapeTo),
                                                 from: thing, to: target, fill: (colourFrom, colourTo),
                                                 stroke: (.clear, .clear), lineWidth: (0, 0), easing: easing))
        }
        b.change(thing, \.opacity, to: 0, start: start + d, duration: 0, easing: .linear)
        b.show(target, at: start + d)
    }

    /// Glyphs of two texts paired: those showing the same source along the longest common runs
    /// (they move into place), the others unpaired (they fade).
    package static func glyphPairs(_ a: [String], _ b: [String]) -> [(Int?, Int?)] {
        let anchors = commonRuns(a, b)
        let pairedFrom = Set(anchors.map(\.0)), pairedTo = Set(anchors.map(\.1))
        return anchors.map { ($0.0, $0.1) } + a.indices.filter { !pairedFrom.contains($0) }.map { ($0, nil) }
            + b.indices.filter { !pairedTo.contains($0) }.map { (nil, $0) }
    }

    /// Glyphs of two texts aligned in reading order as an edit is (Manim's Transform aligns a
    /// text's letters in order): the same character kept, another reshaped into its place, and,
    /// where one side has more, the extra ones gathered into (or grown out of) the glyph beside
    /// them; the alignment is the one that keeps the most and gathers the least. Unpaired only
    /// when one side has none.
    package static func alignedPairs(_ a: [String], _ b: [String]) -> [(Int?, Int?)] {
        let n = a.count, m = b.count
        guard n > 0, m > 0 else { return a.indices.map { ($0, nil) } + b.indices.map { (nil, $0) } }
        // cost[i][j]: aligning a[i...] with b[j...]; keeping costs 0, reshaping 1, gathering 2.
        var cost = [Int](repeating: 0, count: (n + 1) * (m + 1))
        func at(_ i: Int, _ j: Int) -> Int { i * (m + 1) + j }
        for i in stride(from: n, through: 0, by: -1) {
            for j in stride(from: m, through: 0, by: -1) where i < n || j < m {
                var best = Int.max
                if i < n && j < m { best = cost[at(i + 1, j + 1)] + (a[i] == b[j] ? 0 : 1) }
                if i < n { best = min(best, cost[at(i + 1, j)] + 2) }
                if j < m { best = min(best, cost[at(i, j + 1)] + 2) }
                cost[at(i, j)] = best
            }
        }
        var pairs: [(Int, Int)] = [], extraFrom: [Int] = [], extraTo: [Int] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n && j < m && cost[at(i, j)] == cost[at(i + 1, j + 1)] + (a[i] == b[j] ? 0 : 1) {
                pairs.append((i, j)); i += 1; j += 1
            } else if i < n && cost[at(i, j)] == cost[at(i + 1, j)] + 2 {
                extraFrom.append(i); i += 1
            } else {
                extraTo.append(j); j += 1
            }
        }
        // Each extra glyph joins the pair before it in reading order, else the first pair.
        func partner<T>(_ index: Int, _ key: KeyPath<(Int, Int), Int>, _ other: KeyPath<(Int, Int), Int>, _ make: (Int) -> T) -> T {
            let before = pairs.last { $0[keyPath: key] < index } ?? pairs[0]
            return make(before[keyPath: other])
        }
        return pairs.map { ($0.0, $0.1) } + extraFrom.map { i in partner(i, \.0, \.1) { (i, $0) } }
            + extraTo.map { j in partner(j, \.1, \.0) { ($0, j) } }
    }

    /// Index pairs of equal elements of `a` and `b` along a longest common subsequence, in order.
    package static func commonRuns(_ a: [String], _ b: [String]) -> [(Int, Int)] {
        let n = a.count, m = b.count
        guard n > 0, m > 0 else { return [] }
        var table = [Int](repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i * (m + 1) + j] = a[i] == b[j] ? table[(i + 1) * (m + 1) + j + 1] + 1
                    : max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var i = 0, j = 0
        while i < n && j < m {
            if a[i] == b[j] { pairs.append((i, j)); i += 1; j += 1 }
            else if table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1] { i += 1 } else { j += 1 }
        }
        return pairs
    }
}
