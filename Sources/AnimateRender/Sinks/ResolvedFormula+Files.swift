import AnimateDrawing
public import AnimateFormula
import AnimateVideo
public import Foundation

extension ResolvedFormula {
    /// The canvas a picture of the formula needs: its ink and `padding` pixels around it.
    private var framed: (origin: CGPoint, width: Int, height: Int) {
        let ink = inkBounds.isNull ? CGRect(origin: .zero, size: size) : inkBounds
        return (CGPoint(x: ink.minX, y: ink.minY), Int((ink.width).rounded(.up)), Int((ink.height).rounded(.up)))
    }

    /// A tight PNG of the formula: transparent, with `padding` pixels around its ink.
    public func pngData(padding: Int = 4) throws -> Data {
        let f = framed
        let pad = max(0, padding)
        let width = f.width + 2 * pad, height = f.height + 2 * pad
        guard width <= Bitmap.maximumDimension, height <= Bitmap.maximumDimension else {
            throw FormulaError(column: 0, message: "the formula is \(width)x\(height) pixels, more than the largest picture (\(Bitmap.maximumDimension) a side); use a smaller --font-size")
        }
        do { try MemoryBudget.check(Bitmap.pictureBytes(width: width, height: height)) } catch {
            throw FormulaError(column: 0, message: "the formula is \(width)x\(height) pixels and needs about \(error.needed >> 20) MB to draw, more than the \(error.available >> 20) MB this process may use; use a smaller --font-size")
        }
        var canvas = Bitmap(width: width, height: height)
        canvas.draw { context, _ in
            context.draw(self, at: CGPoint(x: CGFloat(pad) - f.origin.x, y: CGFloat(pad) - f.origin.y), anchor: .topLeading)
        }
        return try canvas.pngData()
    }

    /// The formula as an SVG document: every glyph's and rule's outline as a path in its colour,
    /// `padding` points around the ink.
    public func svg(padding: CGFloat = 4) -> String {
        let f = framed
        let pad = max(0, padding)
        let dx = pad - f.origin.x, dy = pad - f.origin.y
        // Thousandths, trailing zeros dropped, in integer arithmetic (a formula has thousands of numbers).
        func number(_ v: CGFloat) -> String {
            let scaled = (v * 1000).rounded()
            guard scaled.isFinite, abs(scaled) < 1e15 else { return "0" }
            let thousandths = Int(scaled)
            let whole = String(abs(thousandths) / 1000)
            var fraction = abs(thousandths) % 1000
            let sign = thousandths < 0 ? "-" : ""
            guard fraction != 0 else { return sign + whole }
            var digits = 3
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let text = String(fraction)
            return sign + whole + "." + String(repeating: "0", count: digits - text.count) + text
        }
        var out = #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(number(CGFloat(f.width) + 2 * pad))" height="\#(number(CGFloat(f.height) + 2 * pad))" viewBox="0 0 \#(number(CGFloat(f.width) + 2 * pad)) \#(number(CGFloat(f.height) + 2 * pad))">"# + "\n"
        for glyph in glyphs where !glyph.path.isEmpty {
            var d = ""
            glyph.path.forEach { element in
                switch element {
                case .move(let p): d += "M\(number(p.x + dx)) \(number(p.y + dy))"
                case .line(let p): d += "L\(number(p.x + dx)) \(number(p.y + dy))"
                case .quadCurve(let p, let c): d += "Q\(number(c.x + dx)) \(number(c.y + dy)) \(number(p.x + dx)) \(number(p.y + dy))"
                case .curve(let p, let c1, let c2):
                    d += "C\(number(c1.x + dx)) \(number(c1.y + dy)) \(number(c2.x + dx)) \(number(c2.y + dy)) \(number(p.x + dx)) \(number(p.y + dy))"
                case .closeSubpath: d += "Z"
                }
            }
            func byte(_ v: Double) -> Int { Int((min(max(v.isFinite ? v : 0, 0), 1) * 255).rounded()) }
            let c = glyph.color
            let fill = String(format: "#%02X%02X%02X", byte(c.red), byte(c.green), byte(c.blue))
            let opacity = byte(c.opacity) == 255 ? "" : #" fill-opacity="\#(number(CGFloat(byte(c.opacity)) / 255))""#
            out += #"<path fill="\#(fill)"\#(opacity) d="\#(d)"/>"# + "\n"
        }
        out += "</svg>\n"
        return out
    }
}
