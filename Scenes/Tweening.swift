import Animate

/// Motion Canvas's quickstart: a red circle tweened 600 px right while turning yellow, and back.
let tweening = Scene(name: "tweening", description: "Motion Canvas's quickstart: a circle tweened across and back, red to yellow to red",
                     background: Color(hex: 0x141414), tail: 2) { s in
    let left = CGPoint(x: s.center.x - 300, y: s.center.y), right = CGPoint(x: s.center.x + 300, y: s.center.y)
    let circle = s.add(Circle(), size: 140, at: left, fill: Color(hex: 0xE13238), visible: true)
    s.play(.move(circle, to: right), .fill(circle, Color(hex: 0xE6A700)), easing: .easeInOutCubic)
    s.play(.move(circle, to: left), .fill(circle, Color(hex: 0xE13238)), easing: .easeInOutCubic)
}
