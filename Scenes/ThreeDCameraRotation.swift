import Animate

/// Manim's gallery `ThreeDCameraRotation`: a circle on ThreeDAxes, the camera turning about the
/// z axis for a second at 0.1 radians a second, then moving back.
let threeDCameraRotation = Scene(name: "camera-rotation", description: "Manim's ThreeDCameraRotation: the camera orbiting axes and a circle", style: .manim, tail: 2) { s in
    let space = s.add(space: Space(camera: Camera3D(phi: .degrees(75), theta: .degrees(30))))
    _ = s.add(in: space, visible: true) { space in
        space.add(ThreeDAxes())
        space.addCurve(over: 0...(2 * .pi), color: Manim.red) { Vector3(cos($0), sin($0), 0) }
    }
    s.beginAmbientRotation(space, rate: 0.1)
    s.wait()
    s.stopAmbientRotation(space)
    s.play(.moveCamera(space, theta: .degrees(30)))
}
