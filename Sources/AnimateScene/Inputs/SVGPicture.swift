package import AnimateDrawing
package import Foundation

/// A vector picture read from SVG, as an asset catalog's SVG image sets hold them: its outlines
/// with their fills and strokes, in the coordinates of its `viewBox`. Reads the subset icons and
/// assets use: `path` (all of the path data, arcs included), `rect`, `circle`, `ellipse`, `line`,
/// `polyline`, `polygon` and `g`, with `fill`, `stroke`, `stroke-width`, `fill-rule`, `opacity`,
/// `fill-opacity`, `stroke-opacity` and `transform`, as attributes or in `style`. Anything else
/// (text, gradients, filters, `use`) is left out.
package struct SVGPicture: VectorPicture {
    /// One outline and how it is painted.
    struct Shape: Sendable {
        var path: Path
        var fill: Color?
        var stroke: Color?
        var strokeWidth: CGFloat
        var evenOdd: Bool
    }

    /// The area drawn, in the picture's coordinates.
    package let viewBox: CGRect
    /// Its size in points (`width` and `height`, else the view box's).
    package let size: CGSize
    let shapes: [Shape]

    /// Reads `text`; throws `SVGError` at what it cannot read (not SVG, a malformed tag or number).
    package init(text: String) throws {
        var reader = SVGReader(Array(text.utf8))
        try reader.read()
        guard let box = reader.viewBox ?? reader.size.map({ CGRect(origin: .zero, size: $0) }), box.width > 0, box.height > 0,
              box.width.isFinite, box.height.isFinite else { throw SVGError("the picture has no size (no viewBox, width or height)") }
        viewBox = box
        size = reader.size ?? box.size
        shapes = reader.shapes
    }

    /// Draws the picture filling `rect`; `tint`, when given, paints every outline (a template image).
    func draw(in rect: CGRect, tint: GraphicsContext.Shading?, context: GraphicsContext) {
        var c = context
        c.translateBy(x: rect.minX, y: rect.minY)
        c.scaleBy(x: rect.width / viewBox.width, y: rect.height / viewBox.height)
        c.translateBy(x: -viewBox.minX, y: -viewBox.minY)
        for shape in shapes {
            if let fill = shape.fill { c.fill(shape.path, with: tint ?? .color(fill), style: FillStyle(eoFill: shape.evenOdd)) }
            if let stroke = shape.stroke, shape.strokeWidth > 0 {
                c.stroke(shape.path, with: tint ?? .color(stroke), style: StrokeStyle(lineWidth: shape.strokeWidth))
            }
        }
    }
}

/// SVG that cannot be read: what and where.
package struct SVGError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}

/// Reads SVG's elements and attributes (a small XML reader: tags, attributes, comments,
/// declarations and text skipped), keeping the painted shapes.
private struct SVGReader {
    let bytes: [UInt8]
    var i = 0
    var viewBox: CGRect?
    var size: CGSize?
    var shapes: [SVGPicture.Shape] = []
    var sawSVG = false
    /// Inherited paint, one entry per open group.
    struct Style { var fill: Color? = .black; var stroke: Color?; var strokeWidth: CGFloat = 1; var evenOdd = false; var opacity = 1.0
        var transform = CGAffineTransform.identity }
    var styles: [Style] = [Style()]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func read() throws {
        guard bytes.count <= 8 << 20 else { throw SVGError("the picture is larger than 8 MB") }
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            if starts("<!--") { try skip(past: "-->"); continue }
            if starts("<?") { try skip(past: "?>"); continue }
            if starts("<![CDATA[") { try skip(past: "]]>"); continue }
            if starts("<!") { try skip(past: ">"); continue }
            if starts("</") {
                try skip(past: ">")
                if styles.count > 1 { styles.removeLast() }
                continue
            }
            i += 1
            let name = readName()
            guard !name.isEmpty else { throw SVGError("a tag without a name at byte \(i)") }
            var attributes: [String: String] = [:]
            var closed = false
            while true {
                skipSpace()
                guard i < bytes.count else { throw SVGError("the tag <\(name)> does not end") }
                if bytes[i] == UInt8(ascii: ">") { i += 1; break }
                if starts("/>") { i += 2; closed = true; break }
                let key = readName()
                guard !key.isEmpty else { throw SVGError("an attribute without a name in <\(name)> at byte \(i)") }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw SVGError("the attribute \(key) of <\(name)> has no value") }
                i += 1
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                    throw SVGError("the attribute \(key) of <\(name)> is not quoted")
                }
                let quote = bytes[i]
                i += 1
                let start = i
                while i < bytes.count, bytes[i] != quote { i += 1 }
                guard i < bytes.count else { throw SVGError("the attribute \(key) of <\(name)> does not end") }
                attributes[key] = String(decoding: bytes[start..<i], as: UTF8.self)
                i += 1
            }
            try element(name, attributes, closed: closed)
        }
        guard sawSVG else { throw SVGError("not SVG: no <svg> element") }
    }

    private func starts(_ text: String) -> Bool {
        let t = Array(text.utf8)
        return i + t.count <= bytes.count && Array(bytes[i..<(i + t.count)]) == t
    }

    private mutating func skip(past end: String) throws {
        let t = Array(end.utf8)
        while i + t.count <= bytes.count {
            if Array(bytes[i..<(i + t.count)]) == t { i += t.count; return }
            i += 1
        }
        throw SVGError("'\(end)' never comes")
    }

    private mutating func skipSpace() { while i < bytes.count, [9, 10, 13, 32].contains(bytes[i]) { i += 1 } }

    private mutating func readName() -> String {
        let start = i
        while i < bytes.count, bytes[i] > 32, ![UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[i]) { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func element(_ name: String, _ attributes: [String: String], closed: Bool) throws {
        var all = attributes
        // `style="fill: red; stroke-width: 2"` says the same as attributes.
        for part in (attributes["style"] ?? "").split(separator: ";") {
            let kv = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if kv.count == 2 { all[kv[0]] = kv[1] }
        }
        var style = styles.last ?? Style()
        if let fill = all["fill"] { style.fill = SVGReader.color(fill) }
        if let stroke = all["stroke"] { style.stroke = SVGReader.color(stroke) }
        if let width = all["stroke-width"].flatMap(SVGReader.number) { style.strokeWidth = max(0, width) }
        if let rule = all["fill-rule"] { style.evenOdd = rule == "evenodd" }
        if let opacity = all["opacity"].flatMap(SVGReader.number) { style.opacity *= Double(min(max(opacity, 0), 1)) }
        if let t = all["transform"] { style.transform = try SVGReader.transform(t).concatenating(style.transform) }
        var fillAlpha = style.opacity, strokeAlpha = style.opacity
        if let a = all["fill-opacity"].flatMap(SVGReader.number) { fillAlpha *= Double(min(max(a, 0), 1)) }
        if let a = all["stroke-opacity"].flatMap(SVGReader.number) { strokeAlpha *= Double(min(max(a, 0), 1)) }
        func num(_ key: String) -> CGFloat { all[key].flatMap(SVGReader.number) ?? 0 }
        var path: Path?
        switch name {
        case "svg":
            sawSVG = true
            if let box = all["viewBox"] {
                let v = SVGReader.numbers(box)
                if v.count == 4 { viewBox = CGRect(x: v[0], y: v[1], width: v[2], height: v[3]) }
            }
            if let w = all["width"].flatMap(SVGReader.number), let h = all["height"].flatMap(SVGReader.number), w > 0, h > 0 {
                size = CGSize(width: w, height: h)
            }
        case "path": path = try SVGPathData.path(all["d"] ?? "")
        case "rect":
            let r = CGRect(x: num("x"), y: num("y"), width: num("width"), height: num("height"))
            let rx = all["rx"].flatMap(SVGReader.number) ?? all["ry"].flatMap(SVGReader.number) ?? 0
            if r.width > 0, r.height > 0 { path = rx > 0 ? Path(roundedRect: r, cornerRadius: min(rx, r.width / 2, r.height / 2)) : Path(r) }
        case "circle":
            let r = num("r")
            if r > 0 { path = Path(ellipseIn: CGRect(x: num("cx") - r, y: num("cy") - r, width: 2 * r, height: 2 * r)) }
        case "ellipse":
            let rx = num("rx"), ry = num("ry")
            if rx > 0, ry > 0 { path = Path(ellipseIn: CGRect(x: num("cx") - rx, y: num("cy") - ry, width: 2 * rx, height: 2 * ry)) }
        case "line":
            var p = Path()
            p.move(to: CGPoint(x: num("x1"), y: num("y1")))
            p.addLine(to: CGPoint(x: num("x2"), y: num("y2")))
            path = p
        case "polyline", "polygon":
            let v = SVGReader.numbers(all["points"] ?? "")
            if v.count >= 4 {
                var p = Path()
                p.move(to: CGPoint(x: v[0], y: v[1]))
                for k in stride(from: 2, to: v.count - 1, by: 2) { p.addLine(to: CGPoint(x: v[k], y: v[k + 1])) }
                if name == "polygon" { p.closeSubpath() }
                path = p
            }
        default: break
        }
        if let path, !path.isEmpty, shapes.count < 100_000 {
            let placed = path.applying(style.transform)
            shapes.append(SVGPicture.Shape(path: placed, fill: name == "line" ? nil : style.fill?.opacity(fillAlpha),
                                           stroke: style.stroke?.opacity(strokeAlpha),
                                           strokeWidth: style.strokeWidth * (abs(style.transform.a * style.transform.d - style.transform.b * style.transform.c)).squareRoot(),
                                           evenOdd: style.evenOdd))
        }
        // Elements that hold others pass their paint down until they close.
        if !closed {
            if name == "defs" || name == "clipPath" || name == "mask" { style.fill = nil; style.stroke = nil }
            styles.append(style)
            if styles.count > 256 { throw SVGError("groups nest deeper than 256") }
        }
    }

    static func number(_ text: String) -> CGFloat? {
        var t = text.trimmingCharacters(in: .whitespaces)
        for unit in ["px", "pt"] where t.hasSuffix(unit) { t.removeLast(2) }
        guard let v = Double(t), v.isFinite else { return nil }
        return CGFloat(v)
    }

    static func numbers(_ text: String) -> [CGFloat] {
        text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" }).compactMap { number(String($0)) }
    }

    static let named: [String: Color] = [
        "black": .black, "white": .white, "red": Color(red: 1, green: 0, blue: 0), "green": Color(red: 0, green: 0.5, blue: 0),
        "blue": Color(red: 0, green: 0, blue: 1), "yellow": Color(red: 1, green: 1, blue: 0), "orange": Color(red: 1, green: 0.647, blue: 0),
        "purple": Color(red: 0.5, green: 0, blue: 0.5), "gray": Color(white: 0.5), "grey": Color(white: 0.5), "currentColor": .black,
    ]

    /// A paint: `none`, `#rgb`, `#rrggbb`, `rgb(r, g, b)` or a basic name; nil for none or unknown.
    static func color(_ text: String) -> Color? {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t == "none" || t.hasPrefix("url(") { return nil }
        if t.hasPrefix("#") {
            let hex = t.dropFirst()
            guard let v = UInt32(hex, radix: 16) else { return nil }
            if hex.count == 3 {
                let r = (v >> 8) & 0xF, g = (v >> 4) & 0xF, b = v & 0xF
                return Color(hex: (r * 17) << 16 | (g * 17) << 8 | b * 17)
            }
            return hex.count == 6 ? Color(hex: v) : nil
        }
        if t.hasPrefix("rgb("), t.hasSuffix(")") {
            let v = numbers(String(t.dropFirst(4).dropLast()))
            guard v.count == 3 else { return nil }
            return Color(red: Double(min(max(v[0], 0), 255)) / 255, green: Double(min(max(v[1], 0), 255)) / 255, blue: Double(min(max(v[2], 0), 255)) / 255)
        }
        return named[t]
    }

    /// A `transform` list: translate, scale, rotate, matrix, skewX, skewY.
    static func transform(_ text: String) throws -> CGAffineTransform {
        var result = CGAffineTransform.identity
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
            let name = rest[..<open].trimmingCharacters(in: CharacterSet(charactersIn: " ,\n\t"))
            let v = numbers(String(rest[rest.index(after: open)..<close]))
            let t: CGAffineTransform
            switch (name, v.count) {
            case ("translate", 1): t = CGAffineTransform(translationX: v[0], y: 0)
            case ("translate", 2): t = CGAffineTransform(translationX: v[0], y: v[1])
            case ("scale", 1): t = CGAffineTransform(scaleX: v[0], y: v[0])
            case ("scale", 2): t = CGAffineTransform(scaleX: v[0], y: v[1])
            case ("rotate", 1): t = CGAffineTransform(rotationAngle: v[0] * .pi / 180)
            case ("rotate", 3):
                t = CGAffineTransform(translationX: -v[1], y: -v[2]).concatenating(CGAffineTransform(rotationAngle: v[0] * .pi / 180))
                    .concatenating(CGAffineTransform(translationX: v[1], y: v[2]))
            case ("matrix", 6): t = CGAffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
            case ("skewX", 1): t = CGAffineTransform(a: 1, b: 0, c: tan(v[0] * .pi / 180), d: 1, tx: 0, ty: 0)
            case ("skewY", 1): t = CGAffineTransform(a: 1, b: tan(v[0] * .pi / 180), c: 0, d: 1, tx: 0, ty: 0)
            default: throw SVGError("cannot read the transform '\(text)'")
            }
            // Each applies to what the later ones give: the first is outermost.
            result = t.concatenating(result)
            rest = rest[rest.index(after: close)...]
        }
        return result
    }
}
