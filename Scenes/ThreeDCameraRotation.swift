import Animate

/// Manim's gallery `ThreeDCameraRotation`: a circle on ThreeDAxes, the camera turning about the
/// z axis for a second at 0.1 radians a second, then moving back.
let threeDCameraRotation = Scene(name: "camera-rotation", description: "Manim's ThreeDCameraRotation: the camera orbiting axes and a circle", style: .manim, tail: 2) { s in
    let theta = s.tracker(30)
    _ = s.add(space: { v in
        var space = Space(camera: Camera3D(phi: .degrees(75), theta: .degrees(v[theta])))
        space.add(ThreeDAxes())
        space.addCurve(over: 0...(2 * .pi), color: Manim.red) { Vector3(cos($0), sin($0), 0) }
        return space
    })
    s.play(.set(theta, to: 30 + 0.1 * 180 / .pi), easing: .linear)
    s.play(.set(theta, to: 30))
}
