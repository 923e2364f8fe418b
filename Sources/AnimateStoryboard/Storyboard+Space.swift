public import AnimateSpace
import AnimateDrawing
import Foundation

extension Storyboard.Builder {
    /// Adds a three-dimensional space made from the trackers' values at each moment (a camera
    /// angle, a parameter of a surface), drawn over the whole canvas; beats move it by setting
    /// the trackers, and every frame stays a function of its time.
    ///
    /// ```swift
    /// let theta = s.tracker(-30)
    /// _ = s.add(space: { v in
    ///     var space = Space(camera: Camera3D(phi: .degrees(75), theta: .degrees(v[theta])))
    ///     space.add(ThreeDAxes())
    ///     return space
    /// })
    /// s.play(.set(theta, to: 60), duration: 4)
    /// ```
    public mutating func add(visible: Bool = true, space: @escaping @Sendable (Storyboard.Trackers) -> Space) -> Thing {
        let canvas = CGRect(origin: .zero, size: size)
        return add(visible: visible) { context, values in context.draw(space(values), in: canvas) }
    }
}
