import AnimateDrawing
import Foundation

/// A view turned in 3D and seen in perspective: drawn flat into a picture at the device's scale,
/// then the picture drawn with its corners where the turn and the perspective put them (straight
/// lines stay straight, the far side shrinks).
final class Rotation3DNode: WrapperNode {
    let child: any ViewNode
    let angle: () -> Angle
    let axis: (x: CGFloat, y: CGFloat, z: CGFloat)
    let anchor: UnitPoint
    let anchorZ: CGFloat
    let perspective: CGFloat

    init(child: any ViewNode, angle: @escaping () -> Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint,
         anchorZ: CGFloat, perspective: CGFloat) {
        self.child = child
        self.angle = angle
        self.axis = axis
        self.anchor = anchor
        self.anchorZ = anchorZ
        self.perspective = perspective
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }
    func placements(in rect: CGRect) -> [(node: any ViewNode, rect: CGRect)] { [(child, rect)] }

    /// Where the turn and the perspective put `point` of the view in `rect`; nil behind the viewer.
    func project(_ point: CGPoint, in rect: CGRect) -> CGPoint? {
        let length = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
        let (x, y, z) = length > 0 && length.isFinite ? (axis.x / length, axis.y / length, axis.z / length) : (0, 0, 1)
        let radians = angle().radians
        let c = CGFloat(cos(radians)), s = CGFloat(sin(radians)), t = 1 - c
        let a = anchor.point(in: rect)
        let px = point.x - a.x, py = point.y - a.y, pz = -anchorZ
        // Rodrigues' rotation about the unit axis.
        let X = (t * x * x + c) * px + (t * x * y - s * z) * py + (t * x * z + s * y) * pz
        let Y = (t * x * y + s * z) * px + (t * y * y + c) * py + (t * y * z - s * x) * pz
        let Z = (t * x * z - s * y) * px + (t * y * z + s * x) * py + (t * z * z + c) * pz + anchorZ
        let distance = perspective > 0 && perspective.isFinite ? max(rect.width, rect.height) / perspective : .infinity
        let w = distance.isFinite ? 1 - Z / distance : 1
        guard w > 1e-3, w.isFinite else { return nil }
        return CGPoint(x: a.x + X / w, y: a.y + Y / w)
    }

    func draw(in rect: CGRect, context: GraphicsContext) {
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else { return }
        // Not turned: the view itself, drawn directly.
        if angle().radians.remainder(dividingBy: 2 * .pi) == 0 { return child.draw(in: rect, context: context) }
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        let projected = corners.compactMap { project($0, in: rect) }
        guard projected.count == 4 else { return }
        // The view flat, at the device's scale (its drawing beyond its frame is left out).
        let m = context.transform
        let scale = max(abs(m.a * m.d - m.b * m.c).squareRoot(), 0.01)
        let width = min(max(Int((rect.width * scale).rounded(.up)), 1), 4096)
        let height = min(max(Int((rect.height * scale).rounded(.up)), 1), 4096)
        var bitmap = Bitmap(width: width, height: height)
        let child = self.child
        bitmap.draw { c, _ in
            c.scaleBy(x: CGFloat(width) / rect.width, y: CGFloat(height) / rect.height)
            c.translateBy(x: -rect.minX, y: -rect.minY)
            child.draw(in: rect, context: c)
        }
        guard let picture = bitmap.picture() else { return }
        context.drawProjected(picture, corners: projected)
    }
}
