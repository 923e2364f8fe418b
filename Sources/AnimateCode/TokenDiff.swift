/// The longest common subsequence of two sequences by Myers' O(ND) algorithm: the pairs of
/// indices kept, in order. Past `limit` differences it gives up on the middle and keeps only the
/// common head and tail, so a wholesale rewrite costs linear time, not quadratic.
enum TokenDiff {
    static func matches<T: Equatable>(_ a: [T], _ b: [T], limit: Int = 4000) -> [(Int, Int)] {
        // The common head and tail first: most edits touch a little in the middle.
        var head = 0
        while head < a.count && head < b.count && a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head && tail < b.count - head && a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        var pairs = (0..<head).map { ($0, $0) }
        let x = Array(a[head..<(a.count - tail)]), y = Array(b[head..<(b.count - tail)])
        pairs += middle(x, y, limit: limit).map { ($0.0 + head, $0.1 + head) }
        pairs += (0..<tail).map { (a.count - tail + $0, b.count - tail + $0) }
        return pairs
    }

    /// Myers' greedy forward search, keeping each round's frontier to trace the path back.
    private static func middle<T: Equatable>(_ a: [T], _ b: [T], limit: Int) -> [(Int, Int)] {
        let n = a.count, m = b.count
        guard n > 0, m > 0 else { return [] }
        let maxD = min(n + m, limit)
        let offset = maxD + 1
        var v = [Int](repeating: 0, count: 2 * maxD + 3)
        var trace: [[Int]] = []
        var found = false
        outer: for d in 0...maxD {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) { x = v[offset + k + 1] } else { x = v[offset + k - 1] + 1 }
                var y = x - k
                while x < n && y < m && a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { found = true; break outer }
            }
        }
        guard found else { return [] }
        // Walk back through the frontiers, collecting the diagonal (kept) steps.
        var pairs: [(Int, Int)] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) { previousK = k + 1 } else { previousK = k - 1 }
            let previousX = d == 0 ? 0 : v[offset + previousK], previousY = previousX - previousK
            while x > previousX && y > previousY { x -= 1; y -= 1; pairs.append((x, y)) }
            if d > 0 { x = previousX; y = previousY }
        }
        return pairs.reversed()
    }
}
