import Animate

/// A warp starfield: stars stream out from the centre, brightening, growing and streaking as
/// they approach. Every star's position is a pure function of (seed, star, lap, time).
let starfield = Scene(
    name: "starfield",
    description: "Warp starfield: thousands of stars streaming out of the centre with motion streaks",
    duration: 10
) { context, frame in
    let size = frame.size
    let center = CGPoint(x: size.width / 2, y: size.height / 2)
    let scale = max(size.width, size.height) * 0.5
    let starCount = 2500
    let speed = 0.28           // depth units per second
    let streak = 0.045         // depth span of a streak
    let near = 0.03            // stars vanish past this depth

    let sky = Gradient(colors: [Color(red: 0.05, green: 0.06, blue: 0.16), Color(red: 0.0, green: 0.0, blue: 0.02)])
    context.fill(Path(CGRect(origin: .zero, size: size)),
                 with: .radialGradient(sky, center: center, startRadius: 0, endRadius: scale * 1.2))

    let t = frame.time
    for star in 0..<starCount {
        var seedRNG = RandomSource(seed: frame.seed &+ UInt64(star) &* 0x9E37_79B9_7F4A_7C15)
        let phase = seedRNG.unit()
        // Depth runs from 1 (far) to 0 (at the viewer), then the star starts a new lap far away.
        let travel = phase + t * speed * (0.8 + 0.4 * seedRNG.unit())
        let lap = travel.rounded(.down)
        let z = 1 - (travel - lap) + near
        var lapRNG = RandomSource(seed: (frame.seed ^ 0xD1B5_4A32_D192_ED03) &+ UInt64(star) &* 0x2545_F491_4F6C_DD1D &+ UInt64(Int64(lap)) &* 0x9E37_79B9)
        let angle = lapRNG.uniform(0...(2 * .pi))
        let radius = 0.04 + 0.96 * lapRNG.unit().squareRoot()
        let sx = PortableMath.cos(angle) * radius, sy = PortableMath.sin(angle) * radius
        func project(_ depth: Double) -> CGPoint {
            CGPoint(x: center.x + sx / depth * scale * 0.35, y: center.y + sy / depth * scale * 0.35)
        }
        let head = project(z)
        if head.x < -20 || head.y < -20 || head.x > size.width + 20 || head.y > size.height + 20 { continue }
        let tail = project(min(z + streak, 1 + near))
        let closeness = 1 - min(max((z - near) / 1, 0), 1)           // 0 far ... 1 near
        let fadeIn = min(1, (1 + near - z) / 0.15)                   // no popping at the far end
        let brightness = (0.15 + 0.85 * closeness * closeness) * fadeIn
        let width = (0.6 + 3.4 * closeness * closeness) * size.height / 1080
        let warm = lapRNG.unit()
        let tint = Color(red: 0.85 + 0.15 * warm, green: 0.9, blue: 1.0 - 0.2 * warm, opacity: brightness)
        var streakPath = Path()
        streakPath.move(to: tail)
        streakPath.addLine(to: head)
        context.stroke(streakPath, with: .color(tint), style: StrokeStyle(lineWidth: width, lineCap: .round))
    }
}
