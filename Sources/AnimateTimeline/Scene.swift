import Foundation
import AnimateDrawing

/// A named animation: a description, a default duration and size, and a drawing closure
/// called once per frame. Drawing must be a pure function of the frame (and its seed).
public struct Scene: Sendable {
    /// The command-line name.
    public let name: String
    /// One line for `animate list`.
    public let description: String
    /// Default duration in seconds.
    public let duration: Double
    /// Default size in pixels.
    public let size: CGSize
    /// Draws one frame.
    public let draw: @Sendable (inout GraphicsContext, Frame) -> Void

    /// A scene. The default size is 1920x1080.
    public init(name: String, description: String, duration: Double, size: CGSize = CGSize(width: 1920, height: 1080),
                draw: @escaping @Sendable (inout GraphicsContext, Frame) -> Void) {
        self.name = name; self.description = description; self.duration = duration; self.size = size; self.draw = draw
    }

    /// Renders frame `frame` into `canvas` (cleared to transparent black first).
    public func render(_ frame: Frame, into canvas: inout Canvas) {
        canvas.clear(.clear)
        canvas.draw { context, _ in draw(&context, frame) }
    }
}
