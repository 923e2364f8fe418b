public import AnimateDrawing
import AnimateText
public import Foundation

extension Image: View, PrimitiveView {
    public var body: Never { primitiveBody(Self.self) }

    final class Node: ViewNode {
        let image: Image
        /// What a template image is painted with: the foreground style.
        let style: (any ShapeStyle)?
        init(image: Image, style: (any ShapeStyle)?) {
            self.image = image
            self.style = image.isTemplate ? style : nil
        }

        func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
            image.isResizable ? proposal.replacingUnspecifiedDimensions(by: image.size) : image.size
        }

        func draw(in rect: CGRect, context: GraphicsContext) {
            var resolved = context.resolve(image)
            if image.isTemplate { resolved.shading = (style ?? Color.black).shading(in: rect) }
            context.draw(resolved, in: rect)
        }
    }

    package func makeNode(_ environment: EnvironmentValues) -> any ViewNode {
        if let symbol = systemSymbol { return SymbolNode(image: self, symbol: symbol, environment: environment) }
        return Node(image: self, style: environment.defaultForeground)
    }
}

/// Whether a view keeping its aspect ratio fits inside the space offered or fills it.
public enum ContentMode: Sendable, Hashable { case fit, fill }

/// A child offered the largest size of an aspect ratio that fits the offer (or the smallest that
/// fills it), the ratio given or the child's own at its ideal size.
final class AspectRatioNode: WrapperNode {
    let child: any ViewNode
    let ratio: CGFloat?
    let mode: ContentMode

    init(child: any ViewNode, ratio: CGFloat?, mode: ContentMode) {
        self.child = child
        self.ratio = ratio
        self.mode = mode
    }

    private func target(_ proposal: ProposedViewSize) -> CGSize {
        let ideal = child.sizeThatFits(.unspecified)
        let r = ratio ?? (ideal.height > 0 ? ideal.width / ideal.height : 1)
        guard r > 0, r.isFinite else { return child.sizeThatFits(proposal) }
        switch (proposal.width, proposal.height) {
        case (let w?, let h?) where w.isFinite && h.isFinite:
            let byWidth = CGSize(width: w, height: w / r), byHeight = CGSize(width: h * r, height: h)
            let fits = byWidth.height <= h
            return mode == .fit ? (fits ? byWidth : byHeight) : (fits ? byHeight : byWidth)
        case (let w?, _) where w.isFinite: return CGSize(width: w, height: w / r)
        case (_, let h?) where h.isFinite: return CGSize(width: h * r, height: h)
        default: return CGSize(width: ideal.height * r, height: ideal.height)
        }
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(ProposedViewSize(target(proposal))) }

    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] {
        let size = child.sizeThatFits(ProposedViewSize(target(ProposedViewSize(rect.size))))
        return [(child, place(size, in: rect, alignment: .center))]
    }
}

extension View {
    /// The view kept at `aspectRatio` (its own where nil), fitting or filling the space offered.
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        modified { child, _ in AspectRatioNode(child: child, ratio: aspectRatio, mode: contentMode) }
    }

    public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> some View {
        self.aspectRatio(aspectRatio.height > 0 ? aspectRatio.width / aspectRatio.height : nil, contentMode: contentMode)
    }

    public func scaledToFit() -> some View { aspectRatio(contentMode: .fit) }
    public func scaledToFill() -> some View { aspectRatio(contentMode: .fill) }
}
