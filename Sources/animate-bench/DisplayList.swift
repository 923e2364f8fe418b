import Animate
import Foundation

/// One drawing command of the peer benchmark's display lists (`../shared/bench/README.md`).
enum Command {
    case clear(Color)
    case backgroundLinear(CGPoint, CGPoint, Gradient)
    case backgroundEllipse(CGRect, Gradient)
    case fillPolygon([CGPoint], Color)
    case strokePolygon([CGPoint], Color, CGFloat)
    case fillPolygonRadial([CGPoint], CGPoint, CGFloat, Gradient)
    case fillPolygonSweep([CGPoint], CGPoint, Gradient)
    case fillCircle(CGPoint, CGFloat, Color)
    case strokeCircle(CGPoint, CGFloat, Color, CGFloat)
    case fillCubic(CGPoint, [(CGPoint, CGPoint, CGPoint)], Color)
}

/// A workload: its frames of commands, parsed before timing.
struct DisplayList {
    let name: String
    let width: Int
    let height: Int
    let frames: [[Command]]

    init(contentsOf url: URL) throws {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        name = json["workload"] as! String
        width = json["width"] as! Int
        height = json["height"] as! Int
        frames = try (json["frames"] as! [[[Any]]]).map { try $0.map(Self.command) }
    }

    private static func number(_ v: Any) -> CGFloat { CGFloat((v as! NSNumber).doubleValue) }
    private static func color(_ v: Any) -> Color {
        let c = (v as! [Any]).map(number)
        return Color(red: c[0] / 255, green: c[1] / 255, blue: c[2] / 255, opacity: c[3] / 255)
    }
    private static func points(_ v: Any) -> [CGPoint] {
        (v as! [[Any]]).map { CGPoint(x: number($0[0]), y: number($0[1])) }
    }
    private static func gradient(_ v: Any) -> Gradient {
        Gradient(stops: (v as! [[Any]]).map { Gradient.Stop(color: color($0[1]), location: Double(number($0[0]))) })
    }

    private static func command(_ c: [Any]) throws -> Command {
        let n = number
        switch c[0] as! String {
        case "clear": return .clear(color(c[1]))
        case "bg_linear": return .backgroundLinear(CGPoint(x: n(c[1]), y: n(c[2])), CGPoint(x: n(c[3]), y: n(c[4])), gradient(c[5]))
        case "bg_ellipse":
            let cx = n(c[1]), cy = n(c[2]), rx = n(c[3]), ry = n(c[4])
            return .backgroundEllipse(CGRect(x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry), gradient(c[5]))
        case "fill_poly": return .fillPolygon(points(c[1]), color(c[2]))
        case "stroke_poly": return .strokePolygon(points(c[1]), color(c[2]), n(c[3]))
        case "fill_poly_radial": return .fillPolygonRadial(points(c[1]), CGPoint(x: n(c[2]), y: n(c[3])), n(c[4]), gradient(c[5]))
        case "fill_poly_sweep": return .fillPolygonSweep(points(c[1]), CGPoint(x: n(c[2]), y: n(c[3])), gradient(c[4]))
        case "fill_circle": return .fillCircle(CGPoint(x: n(c[1]), y: n(c[2])), n(c[3]), color(c[4]))
        case "stroke_circle": return .strokeCircle(CGPoint(x: n(c[1]), y: n(c[2])), n(c[3]), color(c[4]), n(c[5]))
        case "fill_cubic":
            let segs = (c[3] as! [[Any]]).map { s in
                (CGPoint(x: n(s[0]), y: n(s[1])), CGPoint(x: n(s[2]), y: n(s[3])), CGPoint(x: n(s[4]), y: n(s[5])))
            }
            return .fillCubic(CGPoint(x: n(c[1]), y: n(c[2])), segs, color(c[4]))
        case let other: throw BenchError.unknownDisplayListCommand("\(other)")
        }
    }

    /// Draws one frame's commands, building every path as the peers do inside their timed region.
    static func draw(_ commands: [Command], on canvas: inout Bitmap) {
        canvas.draw { context, size in
            let frame = Path(CGRect(origin: .zero, size: size))
            for command in commands {
                switch command {
                case .clear(let color):
                    var copy = context
                    copy.blendMode = .copy
                    copy.fill(frame, with: .color(color))
                case .backgroundLinear(let a, let b, let g):
                    var copy = context
                    copy.blendMode = .copy
                    copy.fill(frame, with: .linearGradient(g, startPoint: a, endPoint: b))
                case .backgroundEllipse(let rect, let g):
                    var copy = context
                    copy.blendMode = .copy
                    copy.fill(frame, with: .ellipticalGradient(g, in: rect))
                case .fillPolygon(let pts, let color):
                    context.fill(polygon(pts), with: .color(color))
                case .strokePolygon(let pts, let color, let width):
                    context.stroke(polygon(pts), with: .color(color), style: StrokeStyle(lineWidth: width, lineJoin: .miter, miterLimit: 4))
                case .fillPolygonRadial(let pts, let center, let r, let g):
                    context.fill(polygon(pts), with: .radialGradient(g, center: center, startRadius: 0, endRadius: r))
                case .fillPolygonSweep(let pts, let center, let g):
                    context.fill(polygon(pts), with: .conicGradient(g, center: center, angle: .zero))
                case .fillCircle(let c, let r, let color):
                    context.fill(Path(ellipseIn: CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)), with: .color(color))
                case .strokeCircle(let c, let r, let color, let width):
                    context.stroke(Path(ellipseIn: CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)), with: .color(color), lineWidth: width)
                case .fillCubic(let start, let segments, let color):
                    var path = Path()
                    path.move(to: start)
                    for (c1, c2, p) in segments { path.addCurve(to: p, control1: c1, control2: c2) }
                    path.closeSubpath()
                    context.fill(path, with: .color(color))
                }
            }
        }
    }

    private static func polygon(_ pts: [CGPoint]) -> Path {
        var p = Path()
        p.addLines(pts)
        p.closeSubpath()
        return p
    }
}
