import AnimateLexers
public import AnimateDrawing
import AnimateText
public import Foundation

/// One version of code becoming another: the pieces of both matched by a diff over their tokens
/// (text and kind), so what is kept slides from its old place to its new one, what is removed
/// fades out first and what is inserted fades in last; lines open and close as the pieces below
/// them move. Every frame is a function of `progress` alone, so it scrubs. The two blocks share
/// the first one's theme and size; their highlights, cursor and typing are not drawn.
public struct CodeTransition: Sendable {
    public let from: CodeBlock
    public let to: CodeBlock
    /// Pairs of indices into the two layouts' pieces that are the same token.
    let kept: [(Int, Int)]
    let removed: [Int]
    let inserted: [Int]

    public init(from: CodeBlock, to: CodeBlock) {
        self.from = from
        var target = to
        target.theme = from.theme
        target.fontSize = from.fontSize
        target.showsLineNumbers = from.showsLineNumbers
        target.padding = from.padding
        self.to = target
        let a = from.layout, b = target.layout
        kept = Self.match(a, b)
        let keptA = Set(kept.map(\.0)), keptB = Set(kept.map(\.1))
        removed = a.pieces.indices.filter { !a.pieces[$0].isBlank && !keptA.contains($0) }
        inserted = b.pieces.indices.filter { !b.pieces[$0].isBlank && !keptB.contains($0) }
    }

    struct Unit: Equatable {
        let text: String
        let kind: TokenKind
    }

    /// Pieces matched line by line, as an editor's diff reads an edit: identical lines first (a
    /// diff over lines); between them, changed lines paired with the most similar lines of the
    /// other side (in order, when at least half their tokens agree), and tokens matched within
    /// each pair. A line without a partner is removed or inserted whole.
    static func match(_ a: CodeLayout, _ b: CodeLayout) -> [(Int, Int)] {
        func lines(_ l: CodeLayout) -> [[Int]] { l.lines.map { r in r.filter { !l.pieces[$0].isBlank } } }
        let la = lines(a), lb = lines(b)
        func units(_ l: CodeLayout, _ line: [Int]) -> [Unit] { line.map { Unit(text: l.pieces[$0].text, kind: l.pieces[$0].kind) } }
        let ua = la.map { units(a, $0) }, ub = lb.map { units(b, $0) }
        var pairs: [(Int, Int)] = []
        func tokens(_ i: Int, _ j: Int) {
            for (x, y) in TokenDiff.matches(ua[i], ub[j]) { pairs.append((la[i][x], lb[j][y])) }
        }
        // Changed lines a[i0..<i1] against b[j0..<j1]: a weighted alignment, at most a few hundred lines a side.
        func region(_ i0: Int, _ i1: Int, _ j0: Int, _ j1: Int) {
            let n = i1 - i0, m = j1 - j0
            guard n > 0, m > 0 else { return }
            guard n * m <= 40_000 else {
                for k in 0..<min(n, m) where !ua[i0 + k].isEmpty { tokens(i0 + k, j0 + k) }
                return
            }
            var score = [[Int]](repeating: [Int](repeating: 0, count: m), count: n)
            for i in 0..<n {
                for j in 0..<m {
                    let x = ua[i0 + i], y = ub[j0 + j]
                    let common = TokenDiff.matches(x, y).count
                    score[i][j] = common > 0 && 2 * common >= max(x.count, y.count) ? common : 0
                }
            }
            var best = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    best[i][j] = max(best[i + 1][j], best[i][j + 1], score[i][j] > 0 ? score[i][j] + best[i + 1][j + 1] : 0)
                }
            }
            var i = 0, j = 0
            while i < n && j < m {
                if score[i][j] > 0 && best[i][j] == score[i][j] + best[i + 1][j + 1] {
                    tokens(i0 + i, j0 + j); i += 1; j += 1
                } else if best[i][j] == best[i + 1][j] { i += 1 } else { j += 1 }
            }
        }
        var i = 0, j = 0
        for (x, y) in TokenDiff.matches(ua, ub) {
            region(i, x, j, y)
            tokens(x, y)
            i = x + 1; j = y + 1
        }
        region(i, la.count, j, lb.count)
        return pairs
    }

    /// How many pieces are kept, removed and inserted.
    var counts: (kept: Int, removed: Int, inserted: Int) { (kept.count, removed.count, inserted.count) }

    /// The block's size `progress` of the way (its height follows the lines).
    public func size(at progress: Double) -> CGSize {
        let a = from.size, b = to.size, t = CGFloat(Self.ease(Self.phase(progress, 0.25, 0.75)))
        return CGSize(width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
    }

    /// Where each kept piece is, `progress` of the way, relative to the block's corner.
    func position(ofKept index: Int, at progress: Double) -> CGPoint {
        let (i, j) = kept[index]
        let p = from.point(of: from.layout.pieces[i].position), q = to.point(of: to.layout.pieces[j].position)
        let t = CGFloat(Self.ease(Self.phase(progress, 0.25, 0.75)))
        return p + (q - p) * t
    }

    static func phase(_ p: Double, _ a: Double, _ b: Double) -> Double { min(max((p - a) / (b - a), 0), 1) }
    static func ease(_ t: Double) -> Double { t * t * (3 - 2 * t) }
}

extension GraphicsContext {
    /// Draws the code `progress` (0 to 1) of the way from `transition.from` to `transition.to`,
    /// with its top-left corner at `point`.
    public func draw(_ transition: CodeTransition, at point: CGPoint, progress: Double) {
        let p = progress.isFinite ? min(max(progress, 0), 1) : 1
        if p == 0 { draw(transition.from, at: point); return }
        if p == 1 { draw(transition.to, at: point); return }
        let from = transition.from, to = transition.to
        let a = from.layout, b = to.layout
        let size = transition.size(at: p)
        if from.showsBackground {
            fill(Path(roundedRect: CGRect(origin: point, size: size), cornerRadius: min(12, from.padding)), with: .color(from.theme.background))
        }
        let font = CodeLayout.font(a.fontSize)
        let baselineShift = (a.lineHeight - a.fontSize * 1.2) / 2
        var styles: [TokenKind: CodeTheme.Style] = [:]
        func piece(_ piece: CodeLayout.Piece, in block: CodeBlock, at corner: CGPoint, opacity: Double) {
            guard opacity > 0 else { return }
            let text = block.look(for: piece, styles: &styles).text(piece.text, font: font, opacity: opacity)
            draw(text, at: CGPoint(x: point.x + corner.x, y: point.y + corner.y + baselineShift), anchor: .topLeading)
        }
        // Line numbers: the old ones fade out as the new ones fade in.
        if from.showsLineNumbers {
            let out = 1 - CodeTransition.phase(p, 0.25, 0.75), into = CodeTransition.phase(p, 0.25, 0.75)
            for (block, layout, opacity) in [(from, a, out), (to, b, into)] where opacity > 0 {
                let gutter = block.gutter(layout)
                for line in block.shownLines(layout) {
                    let top = block.point(of: CodePosition(line: line, column: 1), layout).y
                    draw(Text(verbatim: String(line)).font(font).foregroundColor(block.theme.lineNumbers.opacity(opacity)),
                         at: CGPoint(x: point.x + block.padding + gutter - 2 * layout.columnWidth, y: point.y + top + baselineShift), anchor: .topTrailing)
                }
            }
        }
        for i in transition.removed {
            piece(a.pieces[i], in: from, at: from.point(of: a.pieces[i].position, a), opacity: 1 - CodeTransition.phase(p, 0, 0.3))
        }
        for (k, pair) in transition.kept.enumerated() {
            piece(b.pieces[pair.1], in: to, at: transition.position(ofKept: k, at: p), opacity: 1)
        }
        for j in transition.inserted {
            piece(b.pieces[j], in: to, at: to.point(of: b.pieces[j].position, b), opacity: CodeTransition.phase(p, 0.7, 1))
        }
    }
}
