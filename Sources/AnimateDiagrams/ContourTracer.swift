import AnimateMath
import AnimateDrawing
import Foundation

/// Traces the curve f(p) = 0 over a rectangle of the canvas by marching squares: f is evaluated at
/// the corners of square cells, a crossing is found on each edge whose ends differ in sign (by
/// bisection, so it lies on the curve), and the crossings are chained cell to cell into
/// polylines; a loop that comes back to its start is closed. Saddle cells are resolved by the
/// value at their centre. Corners where f is not finite cut the curve there.
struct ContourTracer {
    let frame: CGRect
    let cell: CGFloat
    let f: (CGPoint) -> Double

    struct Polyline {
        var points: [CGPoint]
        var isClosed: Bool
    }

    init(frame: CGRect, cell: CGFloat, f: @escaping (CGPoint) -> Double) {
        self.frame = frame
        // At most about four million corners, however fine the cell asked for.
        let area = max(frame.width * frame.height, 1)
        self.cell = max(cell.isFinite && cell > 0 ? cell : 2, (area / 4_000_000).squareRoot(), 0.25)
        self.f = f
    }

    func polylines() -> [Polyline] {
        guard frame.width.isFinite, frame.height.isFinite, frame.width > 0, frame.height > 0 else { return [] }
        let nx = max(1, Int((frame.width / cell).rounded(.up))), ny = max(1, Int((frame.height / cell).rounded(.up)))
        let dx = frame.width / CGFloat(nx), dy = frame.height / CGFloat(ny)
        func corner(_ i: Int, _ j: Int) -> CGPoint { CGPoint(x: frame.minX + CGFloat(i) * dx, y: frame.minY + CGFloat(j) * dy) }
        // Values at the corners, row by row.
        var value = [Double](repeating: .nan, count: (nx + 1) * (ny + 1))
        for j in 0...ny { for i in 0...nx { value[j * (nx + 1) + i] = f(corner(i, j)) } }
        func v(_ i: Int, _ j: Int) -> Double { value[j * (nx + 1) + i] }
        // Edges: horizontal (i, j)-(i+1, j) is 2 * (j * (nx + 1) + i), vertical (i, j)-(i, j+1) is that + 1.
        func edge(_ i: Int, _ j: Int, vertical: Bool) -> Int { 2 * (j * (nx + 1) + i) + (vertical ? 1 : 0) }
        var crossing: [Int: CGPoint] = [:]
        func cross(_ e: Int) -> CGPoint {
            if let p = crossing[e] { return p }
            let k = e / 2, i = k % (nx + 1), j = k / (nx + 1)
            let a = corner(i, j), b = e % 2 == 1 ? corner(i, j + 1) : corner(i + 1, j)
            var fa = v(i, j), lo = a, hi = b
            for _ in 0..<24 {
                let m = (lo + hi) * 0.5
                let fm = f(m)
                guard fm.isFinite else { break }
                if (fm < 0) == (fa < 0) { lo = m; fa = fm } else { hi = m }
            }
            let p = (lo + hi) * 0.5
            crossing[e] = p
            return p
        }
        // Each edge meets at most two segments (one in each cell beside it).
        var links: [Int: [Int]] = [:]
        func link(_ a: Int, _ b: Int) {
            _ = cross(a); _ = cross(b)
            links[a, default: []].append(b)
            links[b, default: []].append(a)
        }
        for j in 0..<ny {
            for i in 0..<nx {
                let c = [v(i, j), v(i + 1, j), v(i + 1, j + 1), v(i, j + 1)]
                guard c.allSatisfy(\.isFinite) else { continue }
                let inside = c.map { $0 < 0 }
                // Edges in order round the cell: top, right, bottom, left.
                let sides = [edge(i, j, vertical: false), edge(i + 1, j, vertical: true), edge(i, j + 1, vertical: false), edge(i, j, vertical: true)]
                let crossed = (0..<4).filter { inside[$0] != inside[($0 + 1) % 4] }
                if crossed.count == 2 {
                    link(sides[crossed[0]], sides[crossed[1]])
                } else if crossed.count == 4 {
                    // A saddle: the centre's sign says which corners join.
                    let centre = f(corner(i, j) + CGPoint(x: dx / 2, y: dy / 2))
                    if (centre < 0) == inside[0] {
                        link(sides[0], sides[1]); link(sides[2], sides[3])
                    } else {
                        link(sides[3], sides[0]); link(sides[1], sides[2])
                    }
                }
            }
        }
        // Walk the chains: open ones from their ends first, then loops, in edge order (deterministic).
        var used = Set<Int>()
        var result: [Polyline] = []
        func walk(from start: Int) -> Polyline {
            var points = [crossing[start]!]
            var current = start
            used.insert(start)
            while let next = links[current]?.first(where: { !used.contains($0) }) {
                points.append(crossing[next]!)
                used.insert(next)
                current = next
            }
            // Back beside the start: a loop.
            if points.count > 2, links[current]?.contains(start) == true { return Polyline(points: points, isClosed: true) }
            return Polyline(points: points, isClosed: false)
        }
        let ordered = links.keys.sorted()
        for e in ordered where links[e]!.count == 1 && !used.contains(e) {
            let line = walk(from: e)
            if line.points.count >= 2 { result.append(line) }
        }
        for e in ordered where !used.contains(e) {
            let line = walk(from: e)
            if line.points.count >= 2 { result.append(line) }
        }
        return result
    }
}
