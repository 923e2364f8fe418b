@testable import AnimateCode
import AnimateCode
import AnimateLexers
import AnimateTestSupport
import Foundation
import Testing
import AnimateDrawing

/// Edits between two versions of code: the diff keeps a longest common run of tokens; kept tokens
/// slide continuously from old place to new; inserted ones start invisible; the ends are exactly
/// the two blocks.
@Suite struct CodeTransitionTests {
    /// The diff's kept pairs are a common subsequence as long as the longest (dynamic programming),
    /// on random token strings.
    @Test func diffKeepsALongestCommonSubsequence() {
        var state: UInt64 = 99
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        for _ in 0..<300 {
            let a = (0..<next(30)).map { _ in next(5) }, b = (0..<next(30)).map { _ in next(5) }
            let pairs = TokenDiff.matches(a, b)
            var lcs = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in stride(from: a.count - 1, through: 0, by: -1) {
                for j in stride(from: b.count - 1, through: 0, by: -1) {
                    lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
                }
            }
            #expect(pairs.count == lcs[0][0], "\(a) / \(b)")
            #expect(pairs.allSatisfy { a[$0.0] == b[$0.1] })
            #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0.0 < $1.0 && $0.1 < $1.1 }, "in order")
        }
        // Past the limit: head and tail kept, linear time.
        let long = (0..<50_000).map { $0 % 7 }, other = (0..<50_000).map { ($0 * 3) % 11 }
        _ = TokenDiff.matches(long, other, limit: 100)
    }

    @Test func keptTokensSlideAndInsertedFadeIn() throws {
        var old = CodeBlock("a = 1\nb = 2\n", language: .python, fontSize: 24)
        old.showsLineNumbers = false
        var new = CodeBlock("a = 1\nx = 9\nb = 2\nc = 3\n", language: .python, fontSize: 24)
        new.showsLineNumbers = false
        let transition = CodeTransition(from: old, to: new)
        #expect(transition.counts.kept == 6 && transition.counts.inserted == 6 && transition.counts.removed == 0)
        // `b` moves from line 2 to line 3, smoothly.
        let b = try #require(transition.kept.firstIndex { old.layout.pieces[$0.0].text == "b" })
        let start = transition.position(ofKept: b, at: 0), end = transition.position(ofKept: b, at: 1)
        #expect(start == old.point(of: CodePosition(line: 2, column: 1)) && end == new.point(of: CodePosition(line: 3, column: 1)))
        var previous = start
        for k in 1...100 {
            let p = transition.position(ofKept: b, at: Double(k) / 100)
            #expect(p.distance(to: previous) < old.layout.lineHeight * 0.05, "continuous at \(k)%")
            #expect(p.y >= previous.y - 1e-9, "always down")
            previous = p
        }
        // The new last line stays empty until the insertions fade in.
        let size = new.size
        func picture(_ p: Double) -> Bitmap {
            var canvas = Bitmap(width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)))
            canvas.draw { context, _ in context.draw(transition, at: .zero, progress: p) }
            return canvas
        }
        func brightest(_ canvas: Bitmap, line: Int) -> Int {
            let band = new.frame(ofLine: line)
            var most = 0
            for y in Int(band.minY)..<min(Int(band.maxY), canvas.height) { for x in 0..<canvas.width { most = max(most, Int(canvas.premultipliedPixel(x: x, y: y).y)) } }
            return most
        }
        for p in [0.1, 0.4, 0.65] { #expect(brightest(picture(p), line: 4) < 60, "nothing on the new line at \(p)") }
        #expect(brightest(picture(1), line: 4) > 150)
        // The ends are the blocks themselves.
        for (p, block) in [(0.0, old), (1.0, new)] {
            var a = Bitmap(width: 400, height: 200), bCanvas = Bitmap(width: 400, height: 200)
            a.draw { context, _ in context.draw(transition, at: .zero, progress: p) }
            bCanvas.draw { context, _ in context.draw(block, at: .zero) }
            #expect(a.rgba8() == bCanvas.rgba8())
        }
        try? picture(0.5).writeTestPNG(to: artifactDirectory().appendingPathComponent("code-transition-half.png"))
    }

    /// A line inserted above an edited one: the edited line's tokens stay together (its `let`
    /// goes with its `a`), the new line comes in whole.
    @Test func editedLinesKeepTheirTokensTogether() {
        let old = CodeBlock("for k in 0..<n {\n    let a = Double(k) * 2 * .pi\n}\n", language: .swift)
        let new = CodeBlock("for k in 0..<2 * n {\n    let radius = r\n    let a = Double(k) * .pi\n}\n", language: .swift)
        let t = CodeTransition(from: old, to: new)
        let a = old.layout, b = new.layout
        for (i, j) in t.kept where a.pieces[i].position.line == 2 {
            #expect(b.pieces[j].position.line == 3, "'\(a.pieces[i].text)' of the edited line goes to line 3")
        }
        #expect(t.inserted.filter { b.pieces[$0].position.line == 2 }.count == 4, "let radius = r comes in whole")
        #expect(t.removed.map { a.pieces[$0].text }.sorted() == ["*", "2"], "only the removed factor goes")
    }
}
