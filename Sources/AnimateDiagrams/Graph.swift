import AnimateMath
public import AnimateDrawing
import AnimateFormula
public import Foundation
import AnimateText

/// A graph of nodes and edges (Manim's Graph), laid out deterministically: round a circle, on a
/// grid, as a tree from a root, or by a seeded force simulation (the same picture for the same
/// seed on every run). Node positions are addressable, so a lesson can move along edges or
/// highlight nodes; `context.draw(graph)` draws edges, then labelled nodes.
public struct Graph: Sendable {
    /// How the nodes are placed in the frame.
    public enum Layout: Sendable, Hashable {
        /// Evenly round a circle, the first node at the top, clockwise.
        case circle
        /// In rows of `columns` (nil: a square-ish grid).
        case grid(columns: Int?)
        /// Levels by distance from `root`, children under their parent, leaves spread evenly.
        case tree(root: Int)
        /// Springs on edges, every pair of nodes repelling, from seeded positions, run a fixed
        /// number of steps (Fruchterman and Reingold).
        case force(seed: UInt64, iterations: Int)
    }

    public var labels: [String]
    public var edges: [(Int, Int)]
    public var isDirected: Bool
    public var nodeRadius: CGFloat = 28
    public var nodeColor = Color(hex: 0x00798C)
    public var edgeColor = Color(white: 0.3)
    public var labelColor = Color.white
    public var lineWidth: CGFloat = 3
    /// Where each node's centre is, in canvas points.
    public var positions: [CGPoint]

    /// A graph of `labels.count` nodes (labels as TeX; empty strings for none) joined by `edges`
    /// (pairs of node indices), laid out in `frame`.
    public init(labels: [String], edges: [(Int, Int)], isDirected: Bool = false, layout: Layout = .circle, in frame: CGRect) {
        self.labels = labels
        self.edges = edges.filter { labels.indices.contains($0.0) && labels.indices.contains($0.1) }
        self.isDirected = isDirected
        positions = Self.layout(count: labels.count, edges: self.edges, layout, in: frame.insetBy(dx: 30, dy: 30))
    }

    /// Edge `index` from the rim of one node to the rim of the other: a line, or an arrow when
    /// the graph is directed; one outline to fill.
    public func edge(_ index: Int) -> Path {
        guard edges.indices.contains(index) else { return Path() }
        let a = positions[edges[index].0], b = positions[edges[index].1]
        let d = (b - a).normalized
        guard d != .zero else { return Path() }
        let from = a + d * nodeRadius, to = b - d * nodeRadius
        return Arrow(from: from, to: to, lineWidth: lineWidth, headLength: isDirected ? nil : 0, headWidth: isDirected ? nil : lineWidth).path
    }

    static func layout(count n: Int, edges: [(Int, Int)], _ layout: Layout, in frame: CGRect) -> [CGPoint] {
        guard n > 0 else { return [] }
        let center = CGPoint(x: frame.midX, y: frame.midY)
        switch layout {
        case .circle:
            guard n > 1 else { return [center] }
            let r = min(frame.width, frame.height) / 2
            return (0..<n).map { k in
                let a = -Double.pi / 2 + 2 * .pi * Double(k) / Double(n)
                return center + CGPoint(x: r * CGFloat(Foundation.cos(a)), y: r * CGFloat(Foundation.sin(a)))
            }
        case .grid(let columns):
            let c = max(1, min(columns ?? Int(Double(n).squareRoot().rounded(.up)), n)), rows = (n + c - 1) / c
            return (0..<n).map { k in
                CGPoint(x: frame.minX + frame.width * (CGFloat(k % c) + 0.5) / CGFloat(c),
                        y: frame.minY + frame.height * (CGFloat(k / c) + 0.5) / CGFloat(rows))
            }
        case .tree(let root):
            return tree(count: n, edges: edges, root: min(max(root, 0), n - 1), in: frame)
        case .force(let seed, let iterations):
            return force(count: n, edges: edges, seed: seed, iterations: min(max(iterations, 0), 10_000), in: frame)
        }
    }

    /// Levels by breadth-first distance from the root; each leaf its own slot left to right in
    /// depth-first order, each parent over the middle of its children. Nodes the root does not
    /// reach form trees of their own, beside it.
    static func tree(count n: Int, edges: [(Int, Int)], root: Int, in frame: CGRect) -> [CGPoint] {
        var neighbours = [[Int]](repeating: [], count: n)
        for (a, b) in edges where a != b { neighbours[a].append(b); neighbours[b].append(a) }
        var depth = [Int](repeating: -1, count: n), children = [[Int]](repeating: [], count: n)
        var roots: [Int] = []
        for start in [root] + Array(0..<n) where depth[start] < 0 {
            roots.append(start)
            depth[start] = 0
            var queue = [start], head = 0
            while head < queue.count {
                let v = queue[head]; head += 1
                for w in neighbours[v] where depth[w] < 0 {
                    depth[w] = depth[v] + 1
                    children[v].append(w)
                    queue.append(w)
                }
            }
        }
        var slot = [CGFloat](repeating: 0, count: n)
        var next: CGFloat = 0
        func place(_ v: Int) {
            if children[v].isEmpty { slot[v] = next; next += 1; return }
            for c in children[v] { place(c) }
            slot[v] = (slot[children[v].first!] + slot[children[v].last!]) / 2
        }
        // Iterative depth is bounded by n; recursion depth too, so a long path is fine up to a
        // few thousand nodes.
        for r in roots { place(r) }
        let levels = (depth.max() ?? 0) + 1
        let width = max(next - 1, 1)
        return (0..<n).map { v in
            CGPoint(x: next > 1 ? frame.minX + frame.width * slot[v] / width : frame.midX,
                    y: levels > 1 ? frame.minY + frame.height * CGFloat(depth[v]) / CGFloat(levels - 1) : frame.midY)
        }
    }

    /// Fruchterman-Reingold from positions drawn from `seed`, then scaled to fill the frame.
    static func force(count n: Int, edges: [(Int, Int)], seed: UInt64, iterations: Int, in frame: CGRect) -> [CGPoint] {
        var state = seed
        func unit() -> Double {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        var p = (0..<n).map { _ in SIMD2(unit(), unit()) }
        let k = (1 / Double(n)).squareRoot()
        var temperature = 0.1
        for _ in 0..<iterations {
            var move = [SIMD2<Double>](repeating: .zero, count: n)
            for i in 0..<n {
                for j in (i + 1)..<max(n, i + 1) {
                    var d = p[i] - p[j]
                    var l = (d * d).sum().squareRoot()
                    if l < 1e-9 { d = SIMD2(1e-3 * Double(i - j), 1e-3); l = (d * d).sum().squareRoot() }
                    let f = d / l * (k * k / l)
                    move[i] += f; move[j] -= f
                }
            }
            for (a, b) in edges where a != b {
                let d = p[a] - p[b], l = max((d * d).sum().squareRoot(), 1e-9)
                let f = d / l * (l * l / k)
                move[a] -= f; move[b] += f
            }
            for i in 0..<n {
                let l = (move[i] * move[i]).sum().squareRoot()
                if l > 0 { p[i] += move[i] / l * min(l, temperature) }
            }
            temperature = max(temperature * 0.985, 0.002)
        }
        let xs = p.map(\.x), ys = p.map(\.y)
        let lo = SIMD2(xs.min() ?? 0, ys.min() ?? 0), hi = SIMD2(xs.max() ?? 1, ys.max() ?? 1)
        let span = SIMD2(max(hi.x - lo.x, 1e-9), max(hi.y - lo.y, 1e-9))
        // One scale for both axes, so the layout keeps its shape.
        let scale = min(Double(frame.width) / span.x, Double(frame.height) / span.y)
        let offset = SIMD2(Double(frame.midX), Double(frame.midY)) - (lo + hi) / 2 * scale
        return p.map { q in CGPoint(x: CGFloat(q.x * scale + offset.x), y: CGFloat(q.y * scale + offset.y)) }
    }
}

extension GraphicsContext {
    /// Draws the edges, then the nodes with their labels.
    public func draw(_ graph: Graph) {
        // Each edge on its own: crossing outlines wound opposite ways would cancel in one fill.
        for k in graph.edges.indices { fill(graph.edge(k), with: .color(graph.edgeColor)) }
        for (k, p) in graph.positions.enumerated() {
            fill(Dot(at: p, radius: graph.nodeRadius).path, with: .color(graph.nodeColor))
            if k < graph.labels.count, !graph.labels[k].isEmpty {
                draw(Formula(graph.labels[k]).inline().font(.system(size: graph.nodeRadius)).foregroundColor(graph.labelColor), at: p)
            }
        }
    }
}
