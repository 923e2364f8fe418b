import Animate

/// A lesson for everyone: doubling a square's side makes its area four times as large. Narrated,
/// each beat waiting for the voice; what is only shown is described (`describe:`), the formulas
/// read aloud when the voice does not say them; its three sections are its chapters and slides.
/// So its audio description, extended render, transcript and slides are whole.
var doubleSquare: Scene {
    // Room after the first line for the first description; the second finds none (an extended
    // render holds the picture for it); the third is said after the last line.
    let narration = Narration(start: 0.4, pause: 0.35, [
        .speech("A square with side s has area \\(s^2\\).", pause: 3.2),
        "Now double its side.",
        "Four copies of the first square fit inside it: the area is four times as large.",
    ])
    let teal = Color(hex: 0x00798C), ink = Color(white: 0.15)
    func math(_ tex: String, size: CGFloat = 80) -> Formula { Formula(tex).font(.system(size: size)).foregroundColor(ink) }
    return Scene(name: "double-square", description: "Narrated and described lesson: double a square's side, four times its area",
                 narration: narration, background: Color(red: 0.98, green: 0.97, blue: 0.94), tail: 0.8) { s in
        let unit: CGFloat = 150, corner = CGPoint(x: 440, y: 900)     // the squares' lower left corner
        func square(_ side: CGFloat, right: CGFloat = 0, up: CGFloat = 0) -> Path {
            Path(CGRect(x: corner.x + right, y: corner.y - up - side, width: side, height: side))
        }
        s.section("The square")
        let small = s.add(square(2 * unit), fill: teal.opacity(0.35), stroke: teal)
        let side = s.add(math("s", size: 60), at: CGPoint(x: corner.x + unit, y: corner.y + 50))
        let area = s.add(math("A = s^2"), at: CGPoint(x: 1420, y: 400))
        s.wait(until: narration.start(of: 0))
        s.play(.create(small), .write(side), describe: "A teal square, its bottom side labelled s.")
        s.play(.write(area))

        let big = s.add(square(4 * unit), stroke: ink, lineWidth: 6)
        let doubled = s.add(math("2s", size: 60), at: CGPoint(x: corner.x + 2 * unit, y: corner.y + 50))
        s.wait(until: narration.start(of: 1))
        s.section("Double the side")
        s.play(.transformFromCopy(small, into: big), .transform(side, into: doubled), duration: 1.2,
               describe: "A square outline grows from the same corner to twice the width and twice the height.")

        let copies = [(2 * unit, 0), (0, 2 * unit), (2 * unit, 2 * unit)].map { right, up in
            s.add(square(2 * unit, right: right, up: up), fill: teal.opacity(0.35), stroke: teal)
        }
        let result = s.add(math("(2s)^2 = 4s^2"), at: CGPoint(x: 1420, y: 600))
        s.wait(until: narration.start(of: 2))
        s.section("Four times the area")
        s.play(lagged: 0.35, copies.map { .fadeIn($0, scale: 0.8) }, duration: 0.8,
               describe: "Three more teal squares fill the big one.")
        s.wait(until: narration.time(of: "large"))
        s.play(.write(result), duration: 1.2)
        s.play(.circumscribe(result, color: teal))
        s.wait(1)
    }
}
