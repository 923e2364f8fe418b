import Animate

/// Manim's gallery `ThreeDSurfacePlot`: a Gaussian bump, scaled twice, half see-through in an
/// orange and blue checkerboard with green grid lines, on ThreeDAxes.
let threeDSurfacePlot = Scene(name: "surface-plot", description: "Manim's ThreeDSurfacePlot: a Gaussian bump on 3D axes", style: .manim, tail: 4) { s in
    _ = s.add(space: { _ in
        var space = Space(camera: Camera3D(phi: .degrees(75), theta: .degrees(-30)))
        space.add(ThreeDAxes())
        let bump = Mesh.surface(u: -2...2, v: -2...2, resolution: (24, 24), checkerboard: (Manim.orange, Manim.blue)) { u, v in Vector3(2 * u, 2 * v, 2 * exp(-(u * u + v * v) / 0.32)) }
        space.add(bump, opacity: 0.5, stroke: Manim.green)
        return space
    })
}
