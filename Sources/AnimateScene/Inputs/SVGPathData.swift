package import AnimateDrawing
package import Foundation

/// SVG path data (`d="M10 10 h 20 a 5 5 0 0 1 5 5 z"`) as a `Path`: every command, absolute and
/// relative, smooth curves reflecting their control points, elliptical arcs as cubic curves.
package enum SVGPathData {
    /// The path `data` describes; throws `SVGError` naming the first thing it cannot read.
    package static func path(_ data: String) throws -> Path {
        var scanner = Scanner(Array(data.utf8))
        var path = Path()
        var current = CGPoint.zero, start = CGPoint.zero
        var lastControl: CGPoint?, lastCommand: UInt8 = 0
        var command: UInt8 = 0
        var count = 0
        while true {
            scanner.skipSeparators()
            guard !scanner.atEnd else { break }
            count += 1
            guard count <= 1_000_000 else { throw SVGError("the path has more than a million commands") }
            if let c = scanner.command() { command = c } else if command == 0 {
                throw SVGError("path data must start with a command, not '\(scanner.here)'")
            } else if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") } else if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            let relative = command >= UInt8(ascii: "a")
            let upper = relative ? command - 32 : command
            func point() throws -> CGPoint {
                let x = try scanner.number(), y = try scanner.number()
                return relative ? CGPoint(x: current.x + x, y: current.y + y) : CGPoint(x: x, y: y)
            }
            switch upper {
            case UInt8(ascii: "M"):
                current = try point(); start = current; path.move(to: current); lastControl = nil
            case UInt8(ascii: "L"):
                current = try point(); path.addLine(to: current); lastControl = nil
            case UInt8(ascii: "H"):
                let x = try scanner.number(); current.x = relative ? current.x + x : x; path.addLine(to: current); lastControl = nil
            case UInt8(ascii: "V"):
                let y = try scanner.number(); current.y = relative ? current.y + y : y; path.addLine(to: current); lastControl = nil
            case UInt8(ascii: "C"):
                let c1 = try point(), c2 = try point(), end = try point()
                path.addCurve(to: end, control1: c1, control2: c2); current = end; lastControl = c2
            case UInt8(ascii: "S"):
                let c1 = [UInt8(ascii: "C"), UInt8(ascii: "S")].contains(lastCommand) ? reflect(lastControl, about: current) : current
                let c2 = try point(), end = try point()
                path.addCurve(to: end, control1: c1, control2: c2); current = end; lastControl = c2
            case UInt8(ascii: "Q"):
                let c = try point(), end = try point()
                path.addQuadCurve(to: end, control: c); current = end; lastControl = c
            case UInt8(ascii: "T"):
                let c = [UInt8(ascii: "Q"), UInt8(ascii: "T")].contains(lastCommand) ? reflect(lastControl, about: current) : current
                let end = try point()
                path.addQuadCurve(to: end, control: c); current = end; lastControl = c
            case UInt8(ascii: "A"):
                let rx = try scanner.number(), ry = try scanner.number(), rotation = try scanner.number()
                let large = try scanner.flag(), sweep = try scanner.flag()
                let end = try point()
                arc(&path, from: current, to: end, rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep)
                current = end; lastControl = nil
            case UInt8(ascii: "Z"):
                path.closeSubpath(); current = start; lastControl = nil
            default:
                throw SVGError("unknown path command '\(Character(UnicodeScalar(command)))'")
            }
            lastCommand = upper
        }
        return path
    }

    private static func reflect(_ control: CGPoint?, about p: CGPoint) -> CGPoint {
        guard let control else { return p }
        return CGPoint(x: 2 * p.x - control.x, y: 2 * p.y - control.y)
    }

    /// An elliptical arc from `p0` to `p1` (SVG's endpoint form) as cubic curves, a quarter turn at most each.
    static func arc(_ path: inout Path, from p0: CGPoint, to p1: CGPoint, rx: CGFloat, ry: CGFloat, rotation: CGFloat, large: Bool, sweep: Bool) {
        var rx = abs(rx), ry = abs(ry)
        guard rx > 0, ry > 0, p0 != p1, rx.isFinite, ry.isFinite else { return path.addLine(to: p1) }
        let phi = rotation * .pi / 180, cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coef = den > 0 ? (max(num, 0) / den).squareRoot() : 0
        if large == sweep { coef = -coef }
        let cx1 = coef * rx * y1 / ry, cy1 = -coef * ry * x1 / rx
        let cx = cosPhi * cx1 - sinPhi * cy1 + (p0.x + p1.x) / 2, cy = sinPhi * cx1 + cosPhi * cy1 + (p0.y + p1.y) / 2
        func angle(_ ux: CGFloat, _ uy: CGFloat, _ vx: CGFloat, _ vy: CGFloat) -> CGFloat {
            let a = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
            return a
        }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep && delta > 0 { delta -= 2 * .pi } else if sweep && delta < 0 { delta += 2 * .pi }
        guard delta.isFinite, cx.isFinite, cy.isFinite else { return path.addLine(to: p1) }
        let pieces = max(1, Int((abs(delta) / (.pi / 2)).rounded(.up)))
        let step = delta / CGFloat(pieces)
        let k = 4 / 3 * tan(step / 4)
        func onEllipse(_ t: CGFloat) -> (CGPoint, CGPoint) {
            let x = rx * cos(t), y = ry * sin(t)
            let point = CGPoint(x: cx + cosPhi * x - sinPhi * y, y: cy + sinPhi * x + cosPhi * y)
            let tx = -rx * sin(t), ty = ry * cos(t)
            return (point, CGPoint(x: cosPhi * tx - sinPhi * ty, y: sinPhi * tx + cosPhi * ty))
        }
        var t = theta1
        for piece in 0..<pieces {
            let (a, da) = onEllipse(t), (b, db) = onEllipse(t + step)
            let end = piece == pieces - 1 ? p1 : b
            path.addCurve(to: end, control1: CGPoint(x: a.x + k * da.x, y: a.y + k * da.y), control2: CGPoint(x: b.x - k * db.x, y: b.y - k * db.y))
            t += step
        }
    }

    /// Numbers, flags and commands of path data, as SVG's grammar spells them.
    private struct Scanner {
        let bytes: [UInt8]
        var i = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { i >= bytes.count }
        var here: String { atEnd ? "the end" : String(decoding: bytes[i..<min(i + 8, bytes.count)], as: UTF8.self) }

        mutating func skipSeparators() {
            while i < bytes.count, [9, 10, 13, 32, UInt8(ascii: ",")].contains(bytes[i]) { i += 1 }
        }

        mutating func command() -> UInt8? {
            skipSeparators()
            guard i < bytes.count else { return nil }
            let c = bytes[i]
            guard (c >= 65 && c <= 90) || (c >= 97 && c <= 122), c != UInt8(ascii: "e"), c != UInt8(ascii: "E") else { return nil }
            i += 1
            return c
        }

        mutating func flag() throws -> Bool {
            skipSeparators()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "0") || bytes[i] == UInt8(ascii: "1") else {
                throw SVGError("an arc flag must be 0 or 1, not '\(here)'")
            }
            i += 1
            return bytes[i - 1] == UInt8(ascii: "1")
        }

        /// A number: sign, digits, a point and digits, an exponent ("-.5e-3"); "1.5.5" is two.
        mutating func number() throws -> CGFloat {
            skipSeparators()
            let start = i
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
            var digits = 0, point = false
            while i < bytes.count {
                let c = bytes[i]
                if c >= 48 && c <= 57 { digits += 1; i += 1 } else if c == UInt8(ascii: "."), !point { point = true; i += 1 } else { break }
            }
            if digits > 0, i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                var j = i + 1
                if j < bytes.count, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") { j += 1 }
                if j < bytes.count, bytes[j] >= 48, bytes[j] <= 57 {
                    i = j
                    while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { i += 1 }
                }
            }
            guard digits > 0, let v = Double(String(decoding: bytes[start..<i], as: UTF8.self)), v.isFinite else {
                i = start
                throw SVGError("expected a number at '\(here)'")
            }
            return CGFloat(v)
        }
    }
}
