import Animate

/// Manim's gallery `MovingFrameBox`: the product rule written out, a box drawn around one term,
/// then moved to the other.
let movingFrameBox = Scene(name: "moving-frame-box", description: "Manim's MovingFrameBox: the product rule written, a box moving between its terms",
                           background: .black, tail: 1) { s in
    let rule = Formula(#"\frac{d}{dx}f(x)g(x) = \part{1}{f(x)\frac{d}{dx}g(x)} + \part{3}{g(x)\frac{d}{dx}f(x)}"#)
    let text = s.add(rule.font(.system(size: 72)).foregroundColor(.white), at: s.center)
    s.play(.write(text))
    let box1 = s.add(Path(s.frame(of: text, part: "1").insetBy(dx: -13.5, dy: -13.5)), stroke: Manim.yellow)
    let box2 = s.add(Path(s.frame(of: text, part: "3").insetBy(dx: -13.5, dy: -13.5)), stroke: Manim.yellow)
    s.play(.create(box1))
    s.wait()
    s.play(.transform(box1, into: box2))
    s.wait()
}
