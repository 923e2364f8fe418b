import AnimateDrawing
import Foundation

/// Rows in sections, as an iPhone shows SwiftUI's `List` by default (the inset grouped style): a
/// grey background, each section's rows on a white rounded card with lines between them, its
/// header above in small grey capitals; at rest, from the top. Rows that are in no `Section`
/// make one section.
public struct List<Content: View>: View, PrimitiveView {
    let content: Content

    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public var body: Never { primitiveBody(Self.self) }

    /// iOS's grouped background and the separator colour.
    static var background: Color { Color(red: 0.949, green: 0.949, blue: 0.969) }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        var inner = environment.descending("list")
        inner.stackAxis = nil
        // Consecutive rows outside a section form one.
        var sections: [(header: (any ViewNode)?, rows: [any ViewNode])] = []
        var loose: [any ViewNode] = []
        for node in makeNodes(content, inner) {
            if let section = ((node as? MemoNode)?.node ?? node) as? SectionNode {
                if !loose.isEmpty { sections.append((nil, loose)); loose = [] }
                sections.append((section.header, section.rows))
            } else {
                loose.append(node)
            }
        }
        if !loose.isEmpty { sections.append((nil, loose)) }
        var column: [any ViewNode] = []
        for section in sections {
            if let header = section.header {
                column.append(remembered(PaddingNode(child: header, insets: EdgeInsets(top: 0, leading: 36, bottom: 7, trailing: 20))))
            }
            var rows: [any ViewNode] = []
            for (i, row) in section.rows.enumerated() {
                if i > 0 { rows.append(remembered(PaddingNode(child: Divider.Node(vertical: false), insets: EdgeInsets(leading: 16)))) }
                rows.append(remembered(FlexibleFrameNode(child: PaddingNode(child: row, insets: EdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)),
                                                         minWidth: nil, idealWidth: nil, maxWidth: .infinity, minHeight: 44, idealHeight: nil,
                                                         maxHeight: nil, alignment: .leading)))
            }
            let card = LayeredNode(child: StackNode(axis: .vertical, alignment: 0, spacing: 0, children: rows),
                                   other: ShapeNode(path: { Path(roundedRect: $0, cornerRadius: 10) }, style: Color.white, paint: .fill(FillStyle())),
                                   behind: true, alignment: .center)
            column.append(remembered(PaddingNode(child: card, insets: EdgeInsets(top: 0, leading: 20, bottom: 35, trailing: 20))))
        }
        let stack = PaddingNode(child: StackNode(axis: .vertical, alignment: 0, spacing: 0, children: column), insets: EdgeInsets(top: 20))
        let scroll = ScrollView<EmptyView>.Node(axes: .vertical, child: remembered(stack))
        return LayeredNode(child: scroll, other: ShapeNode(path: { Path($0) }, style: Self.background, paint: .fill(FillStyle())),
                           behind: true, alignment: .center)
    }
}

extension List {
    /// A row for each element of `data`.
    public init<Data: RandomAccessCollection, ID: Hashable, Row: View>(_ data: Data, id: KeyPath<Data.Element, ID>,
                                                                       @ViewBuilder rowContent: @escaping (Data.Element) -> Row)
    where Content == ForEach<Data, ID, Row> {
        content = ForEach(data, id: id, content: rowContent)
    }

    public init<Data: RandomAccessCollection, Row: View>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> Row)
    where Content == ForEach<Data, Data.Element.ID, Row>, Data.Element: Identifiable {
        content = ForEach(data, content: rowContent)
    }

    public init<Row: View>(_ data: Range<Int>, @ViewBuilder rowContent: @escaping (Int) -> Row) where Content == ForEach<Range<Int>, Int, Row> {
        content = ForEach(data, content: rowContent)
    }
}

/// Rows under a header in a `List`, as SwiftUI's `Section`.
public struct Section<Header: View, Content: View>: View, PrimitiveView {
    let header: Header?
    let content: Content

    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Header) {
        self.content = content()
        self.header = header()
    }

    public var body: Never { primitiveBody(Self.self) }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        var headerEnvironment = environment
        headerEnvironment.foregroundStyle = Color(white: 0.43)
        return SectionNode(header: header.map { AnimateViews.makeNode($0, headerEnvironment) },
                           rows: makeNodes(content, environment.descending("rows")))
    }
}

extension Section where Header == EmptyView {
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
        header = nil
    }
}

/// A section's header and rows, for its list to lay out (drawn alone, its rows one under another).
final class SectionNode: ViewNode {
    let header: (any ViewNode)?
    let rows: [any ViewNode]
    private lazy var stack = StackNode(axis: .vertical, alignment: 0, spacing: 0, children: (header.map { [$0] } ?? []) + rows)

    init(header: (any ViewNode)?, rows: [any ViewNode]) {
        self.header = header
        self.rows = rows
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { stack.sizeThatFits(proposal) }
    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] { stack.placements(in: rect) }
    func draw(in rect: CGRect, context: GraphicsContext) { stack.draw(in: rect, context: context) }
}
