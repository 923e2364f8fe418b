import Animate
import AnimateShapes

/// A narrated lesson: the angles of a triangle add up to a straight angle. The voice sets the
/// pace: the triangle appears while it is introduced, each angle is coloured (with a click) as
/// its colour is named, the corners move together during the third line, and the straight line
/// is drawn as the last line begins. The same lesson in English (`angles`) and Mandarin (`angles-zh`),
/// and as a 9:16 short with word-by-word captions (`angles-short`).
struct AnglesLesson: Sendable {
    var name: String
    let title: String
    let voice: Voice
    let lines: [String]
    /// The words naming the three colours, in the order they are spoken.
    let colourWords: [String]
    let degrees: String
    let subtitle: String
    /// A 9:16 short (1080x1920) with the spoken word lit in its captions, instead of 16:9.
    var short = false

    static let english = AnglesLesson(
        name: "angles", title: "Angles of a triangle", voice: .english,
        lines: ["This is a triangle. It has three sides and three corners.",
                "Let's colour its three angles: red, green, and blue.",
                "Now cut the corners off, and put them side by side.",
                "Together they make a straight line: one hundred and eighty degrees."],
        colourWords: ["red", "green", "blue"], degrees: "180°", subtitle: "Narration")

    static let mandarin = AnglesLesson(
        name: "angles-zh", title: "三角形的内角和", voice: .mandarin,
        lines: ["这是一个三角形。它有三条边和三个角。",
                "我们给三个角涂上颜色：红色、绿色和蓝色。",
                "现在把三个角剪下来，拼在一起。",
                "它们正好组成一条直线，也就是一百八十度。"],
        colourWords: ["红", "绿", "蓝"], degrees: "180°", subtitle: "旁白")

    /// The English lesson as a short.
    static var englishShort: AnglesLesson {
        var lesson = english
        lesson.name = "angles-short"
        lesson.short = true
        return lesson
    }

    var scene: Scene {
        let narration = Narration(voice: voice, start: 0.6, pause: 0.5, lines.map { Narration.Line($0) })
        let lesson = self
        let description = short ? "Narrated 9:16 short with word-by-word captions: a triangle's angles make a straight line"
            : "Narrated lesson (\(voice == .english ? "English" : "Mandarin") voice): a triangle's angles make a straight line"
        let scene = Scene(name: name, description: description, duration: 16,
                          size: short ? CGSize(width: 1080, height: 1920) : CGSize(width: 1920, height: 1080)) { context, frame in
            lesson.draw(&context, frame: frame, narration: narration)
        }
        .narrated(by: narration, endingAfter: 1.2)
        return (short ? scene.burningCaptions(style: .short) : scene)
        .sounds {
            lesson.colourWords.compactMap { word in narration.time(of: word).map { SoundCue(.click, at: $0, gain: 0.7) } }
                + [SoundCue(.tone(frequency: 660, duration: 0.35, volume: 0.3), at: narration.start(of: 3))]
        }
    }

    private static let colours = [Color(red: 0.9, green: 0.25, blue: 0.2), Color(red: 0.2, green: 0.7, blue: 0.3),
                                  Color(red: 0.2, green: 0.4, blue: 0.9)]

    func draw(_ context: inout GraphicsContext, frame: Frame, narration: Narration) {
        // Laid out on the frame's shorter side; a portrait frame's picture sits a little below its top.
        let size = frame.size, unit = min(size.width, size.height) / 1080, t = frame.time
        let top = size.height > size.width ? (size.height - 1080 * unit) * 0.2 : 0
        context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color(red: 0.98, green: 0.97, blue: 0.94)))
        let corners = [CGPoint(x: size.width * 0.5 - 420 * unit, y: 660 * unit + top), CGPoint(x: size.width * 0.5 + 380 * unit, y: 660 * unit + top),
                       CGPoint(x: size.width * 0.5 - 120 * unit, y: 210 * unit + top)]
        // Line 0: the triangle grows in.
        let appear = Easing.easeOutBack(progress(of: t, in: narration.start(of: 0)...(narration.start(of: 0) + 0.8)))
        let centre = CGPoint(x: (corners[0].x + corners[1].x + corners[2].x) / 3, y: (corners[0].y + corners[1].y + corners[2].y) / 3)
        let shown = corners.map { CGPoint(x: centre.x + ($0.x - centre.x) * appear, y: centre.y + ($0.y - centre.y) * appear) }
        var triangle = Path()
        if appear > 1e-6 {
            triangle.addLines(shown)
            triangle.closeSubpath()
        }
        context.fill(triangle, with: .color(Color(white: 0.85, opacity: 0.5)))

        // Line 1: each angle is coloured when its colour is named. Line 2: the corners move to
        // one point on a line and turn so they sit side by side.
        let radius = 90 * unit
        let gather = Easing.easeInOut(progress(of: t, in: narration.start(of: 2)...narration.end(of: 2)))
        let meeting = CGPoint(x: size.width * 0.5, y: 880 * unit + top)
        var placed = 0.0
        for k in 0..<3 {
            let vertex = corners[k], a = corners[(k + 1) % 3], b = corners[(k + 2) % 3]
            let toA = PortableMath.atan2(a.y - vertex.y, a.x - vertex.x), toB = PortableMath.atan2(b.y - vertex.y, b.x - vertex.x)
            var sweep = toB - toA
            while sweep <= -.pi { sweep += 2 * .pi }
            while sweep > .pi { sweep -= 2 * .pi }
            let start = sweep > 0 ? toA : toB
            let angle = abs(sweep)
            let named = narration.time(of: colourWords[k]) ?? narration.start(of: 1)
            let pop = Easing.easeOutBack(progress(of: t, in: named...(named + 0.35)))
            defer { placed += angle }
            guard pop > 1e-6 else { continue }
            // On the line the wedges fill the upper half-plane: angles π...2π on screen (y grows down).
            let targetStart = Double.pi + placed
            let origin = CGPoint(x: vertex.x + (meeting.x - vertex.x) * gather, y: vertex.y + (meeting.y - vertex.y) * gather)
            let from = start + (targetStart - start) * gather
            var wedge = Path()
            wedge.move(to: origin)
            let steps = 48
            for i in 0...steps {
                let theta = from + angle * Double(i) / Double(steps)
                wedge.addLine(to: CGPoint(x: origin.x + radius * pop * PortableMath.cos(theta), y: origin.y + radius * pop * PortableMath.sin(theta)))
            }
            wedge.closeSubpath()
            context.fill(wedge, with: .color(Self.colours[k].opacity(0.85)))
            context.stroke(wedge, with: .color(Color(white: 0.15, opacity: 0.6)), lineWidth: 2 * unit)
        }
        context.stroke(triangle, with: .color(Color(white: 0.15)), style: StrokeStyle(lineWidth: 5 * unit, lineJoin: .round))

        // Line 3: the straight line under the gathered corners, and its angle.
        let line = Easing.easeOut(progress(of: t, in: narration.start(of: 3)...(narration.start(of: 3) + 0.7)))
        if line > 0 {
            let half = 260 * unit * line
            var straight = Path()
            straight.move(to: CGPoint(x: meeting.x - half, y: meeting.y))
            straight.addLine(to: CGPoint(x: meeting.x + half, y: meeting.y))
            context.stroke(straight, with: .color(Color(white: 0.1)), style: StrokeStyle(lineWidth: 6 * unit, lineCap: .round))
            context.draw(Text(degrees).font(.system(size: 56 * unit, weight: .bold)).foregroundColor(Color(white: 0.1).opacity(line)),
                         at: CGPoint(x: meeting.x + 330 * unit, y: meeting.y - 40 * unit), anchor: .leading)
        }
        Caption.draw(title, subtitle: subtitle, in: context, size: size)
    }
}
