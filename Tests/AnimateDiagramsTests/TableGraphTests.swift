import AnimateDiagrams
import AnimateTestSupport
import Foundation
import Testing
import AnimateDrawing

/// Tables size their columns and rows by their cells; graphs lay out the same way every time.
@Suite struct TableGraphTests {
    @Test func tablesFitTheirCells() {
        let table = Table([["x", "x^2", #"\sqrt{x}"#], ["1", "1", "1"], ["100", "10000", "10"]], math: true, at: CGPoint(x: 500, y: 300))
        let f = table.frame
        #expect(abs(f.midX - 500) < 1e-9 && abs(f.midY - 300) < 1e-9)
        // Cells tile the frame: columns share widths, rows share heights.
        for r in 0..<3 {
            #expect(abs(table.cellFrame(row: r, column: 0).minX - f.minX) < 1e-9 && abs(table.cellFrame(row: r, column: 2).maxX - f.maxX) < 1e-9)
            for c in 0..<2 { #expect(abs(table.cellFrame(row: r, column: c).maxX - table.cellFrame(row: r, column: c + 1).minX) < 1e-9) }
        }
        #expect(table.cellFrame(row: 0, column: 1).width == table.cellFrame(row: 2, column: 1).width)
        #expect(table.cellFrame(row: 2, column: 1).width > table.cellFrame(row: 1, column: 1).width - 1e-9, "as wide as 10000")
        #expect(table.cellFrame(row: 0, column: 2).height >= table.cellFrame(row: 1, column: 2).height, "the root's row is tallest")
        #expect(table.cellFrame(row: 3, column: 0) == .null && table.cellFrame(row: 0, column: -1) == .null)
        let words = Table([["Name", "Age"], ["Ada", "36"], ["Grace", "85"]], at: CGPoint(x: 500, y: 300))
        #expect(words.cellFrame(row: 0, column: 0).width > words.cellFrame(row: 0, column: 1).width)
        #expect(Table([[String]](), at: .zero).frame.width == 0)
    }

    @Test func graphsLayOutDeterministically() {
        let frame = CGRect(x: 0, y: 0, width: 800, height: 600)
        let labels = (1...7).map(String.init)
        let edges = [(0, 1), (0, 2), (1, 3), (1, 4), (2, 5), (2, 6)]
        let circle = Graph(labels: labels, edges: edges, layout: .circle, in: frame)
        let c = CGPoint(x: 400, y: 300)
        for p in circle.positions { #expect(abs(p.distance(to: c) - 270) < 1e-9) }
        #expect(abs(circle.positions[0].x - 400) < 1e-9 && circle.positions[0].y < 300, "the first at the top")
        let tree = Graph(labels: labels, edges: edges, layout: .tree(root: 0), in: frame)
        for (parent, child) in edges { #expect(tree.positions[parent].y < tree.positions[child].y) }
        #expect(abs(tree.positions[1].x - (tree.positions[3].x + tree.positions[4].x) / 2) < 1e-9, "a parent over its children")
        #expect(abs(tree.positions[0].x - 400) < 1e-9)
        let grid = Graph(labels: labels, edges: [], layout: .grid(columns: 3), in: frame)
        #expect(grid.positions[0].y == grid.positions[2].y && grid.positions[3].y > grid.positions[0].y)
        let a = Graph(labels: labels, edges: edges, layout: .force(seed: 7, iterations: 300), in: frame)
        let b = Graph(labels: labels, edges: edges, layout: .force(seed: 7, iterations: 300), in: frame)
        let other = Graph(labels: labels, edges: edges, layout: .force(seed: 8, iterations: 300), in: frame)
        #expect(a.positions == b.positions && a.positions != other.positions)
        for i in 0..<7 { for j in (i + 1)..<7 { #expect(a.positions[i].distance(to: a.positions[j]) > 2 * a.nodeRadius, "nodes \(i) and \(j) apart") } }
        for p in a.positions { #expect(frame.insetBy(dx: 29, dy: 29).contains(p)) }
        // Edges run rim to rim.
        let e = circle.edge(0).boundingRect
        #expect(e.width + e.height > 0)
        #expect(Graph(labels: [], edges: [(0, 1)], in: frame).positions.isEmpty)
        var canvas = Bitmap(width: 1600, height: 600)
        canvas.draw { context, _ in
            context.fill(Path(CGRect(x: 0, y: 0, width: 1600, height: 600)), with: .color(.white))
            context.draw(Table([["x", "x^2"], ["1", "1"], ["2", "4"], ["3", "9"]], math: true, at: CGPoint(x: 200, y: 300)))
            context.draw(Graph(labels: labels, edges: edges, isDirected: true, layout: .tree(root: 0), in: CGRect(x: 400, y: 50, width: 500, height: 500)))
            context.draw(Graph(labels: labels, edges: edges + [(3, 6), (4, 5)], layout: .force(seed: 7, iterations: 300), in: CGRect(x: 1000, y: 50, width: 550, height: 500)))
        }
        try? canvas.writeTestPNG(to: artifactDirectory().appendingPathComponent("tables-graphs.png"))
        #expect(totalCoverage(canvas) > 1000)
    }
}
