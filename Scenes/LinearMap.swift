import Animate
import Foundation

/// A linear map of the plane: the grid sheared by the matrix [[1, 1], [0, 1]], lines staying
/// straight, parallel and evenly spaced, the basis vectors carried to the matrix's columns; then
/// a map that is not linear, bending the same grid.
let linearMap = Scene(name: "linear-map", description: "A shear of the plane: the grid and the basis vectors follow the matrix, then a map that bends it",
                      background: Color(white: 0.07), tail: 0.5) { s in
    // Twice the screen each way, so the sheared grid still fills it.
    let plane = NumberPlane(x: -16...16, y: -9...9, in: CGRect(x: -960, y: -540, width: 3840, height: 2160))
    let green = Color(hex: 0x83C167), red = Color(hex: 0xFC6255), yellow = Color(hex: 0xFFFF00)
    let shear: @Sendable (Double, Double) -> (x: Double, y: Double) = { x, y in (x + y, y) }
    let wave: @Sendable (Double, Double) -> (x: Double, y: Double) = { x, y in (x + y + 0.4 * sin(1.5 * y), y + 0.4 * sin(1.2 * (x + y))) }
    let sheared = s.tracker(0), bent = s.tracker(0)
    let grid = s.add(visible: false) { context, values in
        let t = values[sheared], u = values[bent]
        // The shear, then the bend from the sheared plane onwards.
        let map: @Sendable (Double, Double) -> (x: Double, y: Double) = { x, y in
            let a = shear(x, y), w = wave(x, y)
            return (a.x + (w.x - a.x) * u, a.y + (w.y - a.y) * u)
        }
        context.draw(plane, applying: u > 0 ? map : shear, progress: u > 0 ? 1 : t)
        let o = plane.point(0, 0)
        let (i, j) = plane.basis(applying: u > 0 ? map : shear, progress: u > 0 ? 1 : t)
        context.fill(Arrow(from: o, to: i, lineWidth: 6).path, with: .color(green))
        context.fill(Arrow(from: o, to: j, lineWidth: 6).path, with: .color(red))
    }
    let card = s.add(SurroundingRectangle(CGRect(x: 110, y: 70, width: 180, height: 160), padding: 0, cornerRadius: 12).path,
                     fill: Color(white: 0.07).opacity(0.85), stroke: Color(white: 0.6), lineWidth: 2)
    let matrix = s.add(Formula(#"\begin{bmatrix} \part{i}{1} & \part{j}{1} \\ \part{i}{0} & \part{j}{1} \end{bmatrix}"#).font(.system(size: 56))
        .foregroundColor(.white).foregroundColor(green, for: "i").foregroundColor(red, for: "j"), at: CGPoint(x: 200, y: 150))
    let caption = s.add(Text("Not linear: lines bend").font(.system(size: 44, weight: .semibold)).foregroundColor(yellow), at: CGPoint(x: 1500, y: 120))
    s.play(.fadeIn(grid), duration: 1)
    s.play(.fadeIn(card), .write(matrix), duration: 1)
    s.play(.set(sheared, to: 1), duration: 2.5)
    s.wait(0.8)
    s.play(.fadeOut(matrix), .fadeOut(card), .write(caption), duration: 0.8)
    s.play(.set(bent, to: 1), duration: 2.5)
    s.wait(0.6)
}
