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
            for (i, j) in Self.commonRuns(a.map { from[$0].key }, z.map { to[$0].key }) {
                pairs.append((a[i], z[j])); usedFrom.insert(a[i]); usedTo.insert(z[j])
            }
            for i in from.indices where !usedFrom.contains(i) { pairs.append((i, nil)) }
            for j in to.indices where !usedTo.contains(j) { pairs.append((nil, j)) }
            for (i, j) in pairs {
                let p = i.map { from[$0] }, q = j.map { to[$0] }
                let shapeFrom = p?.path ?? q!.path, shapeTo = q?.path ?? p!.path
                let colourFrom = p?.color ?? q!.color.opacity(0), colourTo = q?.color ?? p!.color.opacity(0)
                b.morphs.append(Storyboard.MorphBeat(start: start, end: start + d, morph: PathMorph(from: shapeFrom, to: shapeTo),
                                                     from: thing, to: target, fill: (colourFrom, colourTo),
                                                     stroke: (.clear, .clear), lineWidth: (0, 0), easing: easing))
            }
            b.change(thing, \.opacity, to: 0, start: start + d, duration: 0, easing: .linear)
            b.show(target, at: start + d)
        }
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
