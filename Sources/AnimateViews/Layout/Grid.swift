import AnimateDrawing
public import Foundation

/// A column of a `LazyVGrid`, as SwiftUI's `GridItem`.
public struct GridItem: Sendable {
    /// How wide the column is.
    public enum Size: Sendable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        /// As many columns as fit, each at least `minimum`.
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }

    public var size: Size
    public var spacing: CGFloat?
    public var alignment: Alignment?

    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// Views in rows of columns, as SwiftUI's `LazyVGrid` lays them out: the columns share the width
/// offered (fixed first, then flexible; an adaptive item becomes as many columns as fit), each
/// child is offered its column's width, and a row is as tall as its tallest child.
public struct LazyVGrid<Content: View>: View, PrimitiveView {
    let columns: [GridItem]
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> Content) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }

    final class Node: ViewNode {
        let columns: [GridItem]
        let alignment: CGFloat
        let rowSpacing: CGFloat
        let children: [any ViewNode]

        init(columns: [GridItem], alignment: CGFloat, rowSpacing: CGFloat, children: [any ViewNode]) {
            self.columns = columns.isEmpty ? [GridItem()] : columns
            self.alignment = alignment
            self.rowSpacing = rowSpacing
            self.children = children
        }

        /// The columns' widths and the spacing after each, for `width` offered.
        func widths(_ width: CGFloat?) -> [(width: CGFloat, spacing: CGFloat)] {
            let offered = width ?? columns.reduce(0) { total, item in
                switch item.size {
                case .fixed(let w): total + w
                case .flexible(let low, _): total + low
                case .adaptive(let low, _): total + low
                }
            }
            var out: [(width: CGFloat, spacing: CGFloat, flexible: Bool)] = []
            var fixedTotal: CGFloat = 0
            for item in columns {
                let gap = item.spacing ?? StackNode.defaultSpacing
                switch item.size {
                case .fixed(let w):
                    out.append((w, gap, false))
                    fixedTotal += w + gap
                case .flexible:
                    out.append((0, gap, true))
                    fixedTotal += gap
                case .adaptive(let low, _):
                    // As many as fit in what the fixed columns leave.
                    let room = max(offered - fixedTotal, 0)
                    let count = max(1, Int(((room + gap) / (max(low, 1) + gap)).rounded(.down)))
                    for _ in 0..<count { out.append((0, gap, true)) }
                    fixedTotal += gap * CGFloat(count)
                }
            }
            let flexible = out.filter(\.flexible).count
            let share = flexible > 0 ? max(offered - fixedTotal + (out.last?.spacing ?? 0), 0) / CGFloat(flexible) : 0
            return out.map { ($0.flexible ? share : $0.width, $0.spacing) }
        }

        func layout(_ width: CGFloat?) -> (columns: [(width: CGFloat, spacing: CGFloat)], rows: [CGFloat], sizes: [CGSize]) {
            let cols = widths(width)
            var sizes: [CGSize] = []
            var rows: [CGFloat] = []
            for (i, child) in children.enumerated() {
                let size = child.sizeThatFits(ProposedViewSize(width: cols[i % cols.count].width, height: nil))
                sizes.append(size)
                if i % cols.count == 0 { rows.append(0) }
                rows[rows.count - 1] = max(rows[rows.count - 1], size.height)
            }
            return (cols, rows, sizes)
        }

        func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
            let l = layout(proposal.width)
            let width = l.columns.reduce(0) { $0 + $1.width } + l.columns.dropLast().reduce(0) { $0 + $1.spacing }
            let height = l.rows.reduce(0, +) + rowSpacing * CGFloat(max(l.rows.count - 1, 0))
            return CGSize(width: proposal.width ?? width, height: height)
        }

        func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] {
            let l = layout(rect.width)
            let used = l.columns.reduce(0) { $0 + $1.width } + l.columns.dropLast().reduce(0) { $0 + $1.spacing }
            let left = rect.minX + (rect.width - used) * alignment
            var out: [(node: any ViewNode, rect: CGRect)] = []
            var y = rect.minY
            for (r, height) in l.rows.enumerated() {
                var x = left
                for c in l.columns.indices {
                    let i = r * l.columns.count + c
                    guard i < children.count else { break }
                    let cell = CGRect(x: x, y: y, width: l.columns[c].width, height: height)
                    out.append((children[i], place(l.sizes[i], in: cell, alignment: .center)))
                    x += l.columns[c].width + l.columns[c].spacing
                }
                y += height + rowSpacing
            }
            return out
        }
    }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        var inner = environment
        inner.stackAxis = nil
        return Node(columns: columns, alignment: alignment.fraction, rowSpacing: spacing ?? StackNode.defaultSpacing,
                    children: makeNodes(content, inner))
    }
}

/// Views a scroll view keeps pinned (accepted; nothing scrolls in a render).
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}
