public import AnimateDrawing
public import AnimateText
public import Foundation

/// A picker at rest, as SwiftUI's `Picker` draws it on iOS: by default the chosen option in the
/// accent colour with up-and-down chevrons (its label is not shown, as outside a form); with
/// `.pickerStyle(.segmented)` a segmented control, the chosen segment raised. Options are found
/// by their `tag`s. A render never opens it.
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    let selection: SelectionValue
    let content: Content
    let label: Label

    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection.wrappedValue
        self.content = content()
        self.label = label()
    }

    public var body: Never { primitiveBody(Self.self) }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        let accent = environment.tint ?? .accentColor
        let chosen = AnyHashable(selection)
        func options(_ environment: EnvironmentValues) -> [(tag: AnyHashable?, node: any ViewNode)] {
            AnimateViews.makeNodes(content, environment).map { node in
                let tagged = ((node as? MemoNode)?.node ?? node) as? TaggedNode
                return (tagged?.tag, tagged?.child ?? node)
            }
        }
        if environment.pickerStyle.segmented {
            var inner = environment
            inner.font = environment.font ?? .system(size: 13, weight: .medium)
            let all = options(inner)
            return SegmentedNode(segments: all.map(\.node), chosen: all.firstIndex { $0.tag == chosen })
        }
        var inner = environment
        inner.foregroundStyle = accent
        guard let shown = options(inner).first(where: { $0.tag == chosen })?.node else {
            return AnimateViews.makeNode(EmptyView(), environment)
        }
        let chevrons = AnimateViews.makeNode(Image(systemName: "chevron.up.chevron.down").font(.footnote).foregroundStyle(accent), environment)
        return StackNode(axis: .horizontal, alignment: 0.5, spacing: 4, children: [shown, chevrons])
    }
}

extension Picker where Label == Text {
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content, label: { Text(verbatim: String(title)) })
    }

    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content, label: { Text(titleKey) })
    }
}

/// A segmented control: a grey track 32 points tall, its segments side by side, the chosen one on
/// a white raised piece, thin separators between the others.
final class SegmentedNode: ViewNode {
    let segments: [any ViewNode]
    let chosen: Int?

    init(segments: [any ViewNode], chosen: Int?) {
        self.segments = segments
        self.chosen = chosen
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let widest = segments.map { $0.sizeThatFits(.unspecified).width + 24 }.max() ?? 0
        let natural = widest * CGFloat(max(segments.count, 1))
        return CGSize(width: proposal.width.map { $0.isFinite ? $0 : natural } ?? natural, height: 32)
    }

    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] {
        guard !segments.isEmpty else { return [] }
        let width = rect.width / CGFloat(segments.count)
        return segments.enumerated().map { i, node in
            let cell = CGRect(x: rect.minX + CGFloat(i) * width, y: rect.minY, width: width, height: rect.height)
            return (node, place(node.sizeThatFits(ProposedViewSize(cell.size)), in: cell, alignment: .center))
        }
    }

    func draw(in rect: CGRect, context: GraphicsContext) {
        context.fill(Path(roundedRect: rect, cornerRadius: 9), with: .color(ControlColors.fill.opacity(0.75)))
        let width = rect.width / CGFloat(max(segments.count, 1))
        for i in 1..<max(segments.count, 1) where chosen != i && chosen != i - 1 {
            let x = rect.minX + CGFloat(i) * width
            context.fill(Path(CGRect(x: x - 0.5, y: rect.minY + 7, width: 1, height: rect.height - 14)), with: .color(ControlColors.separator))
        }
        if let chosen, chosen < segments.count {
            let piece = CGRect(x: rect.minX + CGFloat(chosen) * width + 2, y: rect.minY + 2, width: width - 4, height: rect.height - 4)
            var shadow = context
            shadow.opacity *= 0.12
            shadow.fill(Path(roundedRect: piece.offsetBy(dx: 0, dy: 1.5), cornerRadius: 7), with: .color(.black))
            context.fill(Path(roundedRect: piece, cornerRadius: 7), with: .color(.white))
        }
        for p in placements(in: rect) { p.node.draw(in: p.rect, context: context) }
    }
}
