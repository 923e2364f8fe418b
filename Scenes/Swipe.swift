import Animate
import AnimateShapes

/// 4-9d: the hand-driven carousel, replayed from a scripted gesture track. As in the lesson, a
/// drag's speed decides: over 300 points/s the page carries on to the next one (the auto mode adds
/// 5% of a width per tick); slower drags spring back. The track returns to the first page, so the
/// 10-second loop is seamless.
let swipe: Scene = {
    /// One scripted drag: when it starts, how long the finger moves, and how far (fraction of the width; negative is left).
    struct Drag: Sendable {
        let start: Double, duration: Double, distance: Double
        var end: Double { start + duration }
    }
    let track = [
        Drag(start: 0.6, duration: 1.3, distance: -0.30),   // slow: springs back
        Drag(start: 3.0, duration: 0.25, distance: -0.35),  // fast: next page
        Drag(start: 4.6, duration: 0.22, distance: -0.30),  // fast: next page
        Drag(start: 6.0, duration: 1.2, distance: 0.25),    // slow: springs back
        Drag(start: 7.9, duration: 0.25, distance: 0.35),   // fast: previous page
        Drag(start: 8.8, duration: 0.22, distance: 0.30),   // fast: previous page
    ]
    /// The lesson measures speed in points; a phone screen is about 390 points wide.
    let screenPoints = 390.0
    let pages = 3
    let springBack = Spring(response: 0.35, dampingFraction: 0.7)

    struct State: Sendable {
        var page = 0
        var dragOffset = 0.0          // finger translation, fraction of the width
        var percent = 0.0             // the lesson's auto-slide counter (signed)
        var automatic = false
        var toRight = false
        var releasedAt: Double? = nil // when a slow drag let go, for the spring back
        var releasedOffset = 0.0
        var lastSpeed = 0.0           // points per second of the last drag
        var lastRelease = -10.0       // when the last drag ended
    }

    return Scene(
        name: "swipe",
        description: "4-9d Swipe carousel: a scripted drag track; slow drags spring back, fast ones (>300 pt/s) turn the page",
        duration: 10,
        initialState: State(),
        update: { state, tick in
            let t = tick.time
            if let drag = track.first(where: { t >= $0.start && t < $0.end }) {
                // Finger down: follow it (eased, as a hand accelerates and slows).
                state.releasedAt = nil
                state.automatic = false
                state.percent = 0
                state.dragOffset = drag.distance * Easing.easeInOutSine((t - drag.start) / drag.duration)
                return
            }
            if let drag = track.first(where: { t >= $0.end && t < $0.end + tick.interval }) {
                // Released this tick: the lesson's velocity test.
                let speed = drag.distance * screenPoints / drag.duration
                state.lastSpeed = speed
                state.lastRelease = t
                if abs(speed) > 300 {
                    state.automatic = true
                    state.toRight = speed > 0
                } else {
                    state.automatic = false
                    state.releasedAt = t
                    state.releasedOffset = drag.distance
                }
            }
            if state.automatic {
                if abs(state.dragOffset + state.percent) >= 1 {
                    // The next page is in place.
                    state.page = (state.page + (state.toRight ? pages - 1 : 1)) % pages
                    state.automatic = false
                    state.dragOffset = 0
                    state.percent = 0
                } else {
                    state.percent += state.toRight ? 0.05 : -0.05
                }
            } else if let released = state.releasedAt {
                state.dragOffset = state.releasedOffset * (1 - springBack.value(at: t - released))
            }
        },
        draw: { context, state, frame in
            let size = frame.size
            let unit = size.height / 1080
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color(red: 0.07, green: 0.08, blue: 0.12)))
            let offset = max(-1, min(1, state.dragOffset + state.percent)) * size.width
            let radius = min(size.width, size.height) * 0.3
            for i in -1...1 {
                let page = ((state.page + i) % pages + pages) % pages
                let center = CGPoint(x: size.width / 2 + size.width * CGFloat(i) + offset, y: size.height * 0.52)
                guard center.x + radius > -40, center.x - radius < size.width + 40 else { continue }
                let hue = [0.52, 0.12, 0.85][page]
                var ring = Path()
                ring.addArc(center: center, radius: radius, startAngle: .zero, endAngle: .degrees(360), clockwise: false)
                context.fill(ring, with: .radialGradient(Gradient(colors: [Color(hue: hue, saturation: 0.5, brightness: 0.35), Color(hue: hue, saturation: 0.6, brightness: 0.15)]),
                                                         center: center, startRadius: 0, endRadius: radius))
                context.stroke(ring, with: .color(Color(hue: hue, saturation: 0.7, brightness: 1)), lineWidth: 20 * unit)
                context.draw(Text("\(page + 1)").font(.system(size: radius * 0.8, weight: .bold)).foregroundColor(.white),
                             at: center, anchor: .center)
            }
            // The finger: a translucent dot while dragging.
            if state.dragOffset != 0 && state.releasedAt == nil && !state.automatic {
                let finger = CGPoint(x: size.width * (0.5 + 0.3 * state.dragOffset / 0.35), y: size.height * 0.8)
                context.fill(Path(ellipseIn: CGRect(x: finger.x - 34 * unit, y: finger.y - 34 * unit, width: 68 * unit, height: 68 * unit)),
                             with: .color(Color.white.opacity(0.35)))
            }
            // The verdict on the last drag, fading out before the next one (and before the loop restarts).
            let readout = 1 - progress(of: frame.time - state.lastRelease, in: 0.7...0.9)
            if state.lastSpeed != 0 && readout > 0 {
                let verdict = abs(state.lastSpeed) > 300 ? "fast: turns the page" : "slow: springs back"
                context.draw(Text(String(format: "last drag %.0f pt/s — %@", abs(state.lastSpeed), verdict))
                                .font(.system(size: 30 * unit)).foregroundColor(Color(white: 0.8, opacity: readout)),
                             at: CGPoint(x: size.width / 2, y: size.height - 50 * unit), anchor: .center)
            }
            Caption.draw("4-9d Swipe carousel", subtitle: "DragGesture velocity > 300 pt/s", in: context, size: size, dark: true)
        })
}()
