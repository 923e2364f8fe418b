import AnimateDrawing
import AnimateTimeline
import Foundation

extension Storyboard {
    /// A named part of a long lesson, from its start to the next part's (or the end).
    public struct Section: Hashable, Sendable {
        public let name: String
        public let start: Double
        public let end: Double

        package init(name: String, start: Double, end: Double) {
            self.name = name; self.start = start; self.end = end
        }
    }

    /// A part of a presentation (`animate present`, `--slides`): it plays from `start`, then
    /// stops at `end` (looping, when `loops`) until the presenter goes on.
    public struct Slide: Hashable, Sendable {
        public let name: String
        public let start: Double
        public let end: Double
        public let loops: Bool

        package init(name: String, start: Double, end: Double, loops: Bool) {
            self.name = name; self.start = start; self.end = end; self.loops = loops
        }
    }

    /// How one section gives way to the next: the old picture and the new one drawn together.
    public enum Transition: Sendable, Hashable {
        /// The old picture fades out as the new one fades in.
        case fade(duration: Double = 0.8)
        /// The new picture pushes the old one out to the left.
        case slide(duration: Double = 0.8)
        /// The new picture is uncovered from the left edge.
        case wipe(duration: Double = 0.8)
        /// The old picture grows and fades as the new one settles in.
        case zoom(duration: Double = 0.8)

        var duration: Double {
            switch self {
            case .fade(let d), .slide(let d), .wipe(let d), .zoom(let d): return d.isFinite ? max(d, 0) : 0
            }
        }
    }

    struct TransitionBeat: Sendable {
        let start: Double
        let transition: Transition
    }
}

extension Storyboard.Builder {
    /// Starts a section called `name` here; a scene made from the storyboard renders one section
    /// alone with `--section NAME`. With a `transition`, what earlier sections showed is cleared
    /// and the camera reset, the old picture giving way to the new one; without, the lesson runs on.
    public mutating func section(_ name: String, transition: Storyboard.Transition? = nil) {
        sectionStarts.append((name, now))
        guard now > 0, let transition else { return }
        for i in things.indices where things[i].opacity.value(at: now) > 0 || things[i].opacity.final > 0 {
            things[i].opacity.change(to: 0, start: now, end: now, easing: .linear)
        }
        camera.center.change(to: center, start: now, end: now, easing: .linear)
        camera.zoom.change(to: 1, start: now, end: now, easing: .linear)
        camera.rotation.change(to: 0, start: now, end: now, easing: .linear)
        camera.follows.removeAll { $0.start >= now }
        if transition.duration > 0 { transitions.append(Storyboard.TransitionBeat(start: now, transition: transition)) }
    }

    /// Starts a slide here: a presentation of the lesson stops before it until the presenter
    /// goes on (sections start slides too). With `loops`, the slide plays over and over while
    /// it waits (a spinning model, a pulsing arrow).
    public mutating func slide(_ name: String? = nil, loops: Bool = false) {
        slideStarts.append((name, now, loops))
    }

    /// Starts a chapter called `title`: a section by another name (players list it, YouTube
    /// reads it from `animate chapters`, `--section` renders it alone).
    public mutating func chapter(_ title: String, transition: Storyboard.Transition? = nil) {
        section(title, transition: transition)
    }
}

extension Storyboard {
    /// The slides of a lesson whose sections and `slide()` marks are at `sections` and
    /// `marks`, lasting `duration`: one from each mark to the next (a mark at a section's start
    /// is one mark, named by the slide if it has a name, else by the section), the first from 0.
    static func slides(sections: [Section], marks: [(name: String?, start: Double, loops: Bool)], duration: Double) -> [Slide] {
        var starts: [(name: String?, start: Double, loops: Bool)] = []
        for s in sections { starts.append((s.name, s.start, false)) }
        for m in marks {
            if let i = starts.firstIndex(where: { abs($0.start - m.start) < 1e-9 }) {
                starts[i] = (m.name ?? starts[i].name, m.start, m.loops)
            } else {
                starts.append(m)
            }
        }
        guard !starts.isEmpty else { return [] }
        starts.sort { $0.start < $1.start }
        if starts[0].start > 1e-9 { starts.insert((nil, 0, false), at: 0) }
        return starts.enumerated().map { k, s in
            Slide(name: s.name ?? "Slide \(k + 1)", start: s.start, end: k + 1 < starts.count ? starts[k + 1].start : duration, loops: s.loops)
        }.filter { $0.end > $0.start || $0.start == 0 }
    }

    /// Draws the moment `time`, passing from the old section's last picture to the new one during
    /// a transition.
    func drawWithTransitions(in context: inout GraphicsContext, at time: Double) {
        guard let beat = transitions.last(where: { $0.start <= time }), time < beat.start + beat.transition.duration else {
            drawMoment(in: &context, at: time)
            return
        }
        let p = (time - beat.start) / beat.transition.duration
        let eased = Easing.easeInOut(p)
        let old = beat.start - 1e-6
        let width = size.width, height = size.height
        switch beat.transition {
        case .fade:
            var a = context; a.opacity *= 1 - eased
            a.drawLayer { layer in self.drawMoment(in: &layer, at: old) }
            var b = context; b.opacity *= eased
            b.drawLayer { layer in self.drawMoment(in: &layer, at: time) }
        case .slide:
            var a = context; a.translateBy(x: -width * eased, y: 0)
            drawMoment(in: &a, at: old)
            var b = context; b.translateBy(x: width * (1 - eased), y: 0)
            drawMoment(in: &b, at: time)
        case .wipe:
            var a = context; a.clip(to: Path(CGRect(x: width * eased, y: 0, width: width * (1 - eased), height: height)))
            drawMoment(in: &a, at: old)
            var b = context; b.clip(to: Path(CGRect(x: 0, y: 0, width: width * eased, height: height)))
            drawMoment(in: &b, at: time)
        case .zoom:
            var a = context
            a.translateBy(x: width / 2, y: height / 2); a.scaleBy(x: 1 + eased, y: 1 + eased); a.translateBy(x: -width / 2, y: -height / 2)
            a.opacity *= 1 - eased
            a.drawLayer { layer in self.drawMoment(in: &layer, at: old) }
            var b = context
            let s = 0.8 + 0.2 * eased
            b.translateBy(x: width / 2, y: height / 2); b.scaleBy(x: s, y: s); b.translateBy(x: -width / 2, y: -height / 2)
            b.opacity *= eased
            b.drawLayer { layer in self.drawMoment(in: &layer, at: time) }
        }
    }
}
