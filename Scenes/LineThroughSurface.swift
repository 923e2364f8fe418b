import Animate

/// A line piercing a surface, drawn right (Manim CE draws it whole in front, ManimCommunity/manim
/// #3213): the camera turns about the z axis while the part below the surface stays hidden.
let lineThroughSurface = Scene(name: "line-through-surface", description: "A line through a wavy surface, hidden where the surface is in front", style: .manim, tail: 5) { s in
    _ = s.add(space: { v in
        var space = Space(camera: Camera3D(phi: .degrees(70), theta: .degrees(-60 + 24 * v.time)))
        space.add(.surface(u: -3...3, v: -3...3, resolution: (48, 48)) { u, v in Vector3(u, v, 0.6 * sin(u) * cos(v)) })
        space.addLine(from: Vector3(0, 0, -2.5), to: Vector3(0, 0, 2.5), color: Manim.yellow, width: 6)
        return space
    })
}
