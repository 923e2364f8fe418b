import AnimateCode
import AnimateDrawing
import AnimateFormula
import AnimateSpace
import AnimateText
import Foundation

/// The handle of one thing on a storyboard (a shape, text, a formula, code, a diagram or a
/// drawing closure: Manim's mobject, Motion Canvas's node), as `add` returns it; beats name what
/// they animate by it, and it stays valid for the whole storyboard.
public struct Thing: Hashable, Sendable {
    let id: Int
}

/// A thing's drawing and its animated properties.
struct ThingTracks: Sendable {
    enum Content: Sendable {
        case shape(Path)
        case text(Text)
        case formula(Formula)
        /// A code listing: written or typed character by character, transformed by a code edit.
        case code(CodeBlock)
        /// Drawn by the author's closure from the trackers' values (derived things).
        case drawing(@Sendable (inout GraphicsContext, Storyboard.Trackers) -> Void)
        /// Things moved, turned, scaled and faded as one (Manim's VGroup), drawn in this order.
        case group([Thing])
        /// A three-dimensional space drawn over the canvas: its camera, lights and what it holds
        /// from the start; its parts (things whose `group` is this one) are drawn in it.
        case space(Space)
        /// Part of a space (a surface, axes, a curve): moved and turned in space by `motions`.
        case spacePart(SpacePart)
    }
    let content: Content
    /// The centre of the content's box in its own coordinates: what `position` places.
    let center: CGPoint
    var position: Track<CGPoint>
    var scale = Track<CGFloat>(1)
    var rotation = Track<Double>(0)
    var opacity: Track<Double>
    var fill: Track<Color>
    var stroke: Track<Color>
    var lineWidth: Track<CGFloat>
    /// How much of the outline is drawn on (create): 0 nothing, 1 all.
    var drawn = Track<Double>(1)
    /// How much of the fill shows (create fills after drawing the outline).
    var filled = Track<Double>(1)
    /// How much of a text or formula is written, glyph after glyph (write).
    var written = Track<Double>(1)
    /// How much of a text or formula is typed, whole glyphs in order (typewriter).
    var typed = Track<Double>(1)
    /// Drawn over the camera, where it stays (titles, captions).
    var fixed = false
    /// The group drawing this thing; it is not drawn on its own.
    var group: Int?
    /// Moves and turns in space (a part of a space), in start order.
    var motions: [Motion3D] = []
    /// Whether creating it draws its strokes on (a shape, a drawing closure, a part of a space)
    /// rather than writing it.
    var drawsOn: Bool {
        switch content {
        case .shape, .drawing, .spacePart: return true
        default: return false
        }
    }
    /// Dashes, caps and joins of a shape's stroke (its width is `lineWidth`'s).
    var strokeStyle: StrokeStyle?
    /// Whether a stroke is drawn at all.
    let hasStroke: Bool
    let hasFill: Bool
}

/// A number a storyboard animates for derived things to read (Manim's ValueTracker): a dot that
/// follows it, a label that shows it.
public struct Tracker: Hashable, Sendable {
    let id: Int
}
