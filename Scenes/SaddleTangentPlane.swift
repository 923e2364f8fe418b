import Animate

/// The saddle z = (x² − y²) / 4 and its tangent plane at a point that travels along x = y: the
/// plane tilts with the slopes (x/2, −y/2) while the camera turns.
let saddleTangentPlane = Scene(name: "saddle-tangent", description: "A saddle and its tangent plane at a moving point", style: .manim, tail: 1) { s in
    let t = s.tracker(-1.5)
    _ = s.add(space: { v in
        var space = Space(camera: Camera3D(phi: .degrees(65), theta: .degrees(-50 + 10 * v[t])))
        var axes = ThreeDAxes(x: -3...3, y: -3...3, z: -2...2)
        (axes.xLabel, axes.yLabel, axes.zLabel) = ("x", "y", "z")
        space.add(axes)
        space.add(axes.surface(resolution: (32, 32), colorscale: [Manim.blueE, Manim.blue, Manim.tealA]) { x, y in (x * x - y * y) / 4 })
        let a = v[t], c = 0.0, (fx, fy) = (a / 2, -a / 2), r = 1.5
        space.add(.quad(Vector3(a - r, a - r, c - r * (fx + fy)), Vector3(a + r, a - r, c + r * (fx - fy)), Vector3(a + r, a + r, c + r * (fx + fy)),
                        Vector3(a - r, a + r, c - r * (fx - fy)), color: Manim.yellow), opacity: 0.75)
        space.addDot(at: Vector3(a, a, c), radius: 9, color: Manim.red)
        return space
    })
    s.play(.set(t, to: 1.5), duration: 6)
}
