// A scene: a star springs in and turns over an indigo background, with a caption card.
import Animate
import AnimateShapes

public let intro = Scene(name: "intro", description: "A star springs in and turns", duration: 4) { context, frame in
    let size = frame.size
    context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.indigo))   // paint every pixel
    let radius = size.height * 0.3 * Motion.tween(from: 0.0, to: 1, duration: 1.2, easing: .spring(Spring())).value(at: frame.time)
    var star = context
    star.translateBy(x: size.width / 2, y: size.height / 2)
    star.rotate(by: .degrees(72 * frame.progress))
    star.fill(Star(5, ratio: 0.45).path(in: CGRect(x: -radius, y: -radius, width: 2 * radius, height: 2 * radius)),
              with: .color(.yellow))
    Caption.draw("Lesson 1", subtitle: "a star", in: context, size: size, dark: true)
}
