public import AnimateCode
public import AnimateDrawing
public import AnimateFormula
public import AnimateText
public import AnimateTimeline
public import AnimateViews
public import Foundation

extension Storyboard {
    /// What a storyboard's build closure writes with: `add` things, then `play` beats and `wait`.
    public struct Builder: Sendable {
        var things: [ThingTracks] = []
        var morphs: [MorphBeat] = []
        var trackers: [Track<Double>] = []
        var camera: Camera
        var sectionStarts: [(name: String, start: Double)] = []
        var slideStarts: [(name: String?, start: Double, loops: Bool)] = []
        var transitions: [TransitionBeat] = []
        var spaces: [Int: SpaceTracks] = [:]
        var spaceMorphs: [SpaceMorph] = []
        var descriptions: [Storyboard.Description] = []
        var visualBeats: [Storyboard.VisualBeat] = []
        var addedVisible: [(id: Int, time: Double)] = []
        var thingDescriptions: [Int: String] = [:]
        /// The time the next beat starts at.
        public private(set) var now: Double = 0
        /// The storyboard's conventions: set it first (`s.style = .manim`) for Manim's white ink
        /// on black, its `smooth` easing and stroke widths kept through scaling.
        public var style = Storyboard.Style.standard

        /// The storyboard's canvas: things are placed in these points, and a scene drawing the
        /// storyboard at another size scales them to fit.
        public let size: CGSize

        /// The middle of the canvas.
        public var center: CGPoint { CGPoint(x: size.width / 2, y: size.height / 2) }

        init(size: CGSize) {
            self.size = size
            camera = Camera(center: Track(CGPoint(x: size.width / 2, y: size.height / 2)))
        }

        /// Adds a shape, drawn where its path lies (turned by `rotation` about its centre); hidden
        /// until a beat shows it unless `visible`. `strokeStyle` gives its stroke dashes, caps and
        /// joins (and its width, in place of `lineWidth`).
        public mutating func add(_ path: Path, fill: Color? = nil, stroke: Color? = nil, lineWidth: CGFloat = 4,
                                 strokeStyle: StrokeStyle? = nil, rotation: Angle = .zero, visible: Bool = false) -> Thing {
            let box = path.boundingRect
            let center = box.isNull ? .zero : CGPoint(x: box.midX, y: box.midY)
            var thing = ThingTracks(content: .shape(path), center: center, position: Track(center), opacity: Track(visible ? 1 : 0),
                                    fill: Track(fill ?? .clear), stroke: Track(stroke ?? fill ?? .black),
                                    lineWidth: Track(strokeStyle?.lineWidth ?? lineWidth), hasStroke: stroke != nil, hasFill: fill != nil || stroke == nil)
            thing.rotation = Track(rotation.radians)
            thing.strokeStyle = strokeStyle
            return add(thing)
        }

        /// Adds a shape (`Circle()`, `Rectangle()`, a `Star`...) filling `rect`.
        public mutating func add(_ shape: some Shape, in rect: CGRect, fill: Color? = nil, stroke: Color? = nil, lineWidth: CGFloat = 4,
                                 strokeStyle: StrokeStyle? = nil, rotation: Angle = .zero, visible: Bool = false) -> Thing {
            add(shape.path(in: rect), fill: fill, stroke: stroke, lineWidth: lineWidth, strokeStyle: strokeStyle, rotation: rotation, visible: visible)
        }

        /// Adds a shape `size` points across, centred at `center` (the canvas's middle by default).
        public mutating func add(_ shape: some Shape, size side: CGFloat, at center: CGPoint? = nil, fill: Color? = nil, stroke: Color? = nil,
                                 lineWidth: CGFloat = 4, strokeStyle: StrokeStyle? = nil, rotation: Angle = .zero, visible: Bool = false) -> Thing {
            let c = center ?? self.center
            return add(shape, in: CGRect(x: c.x - side / 2, y: c.y - side / 2, width: side, height: side), fill: fill, stroke: stroke,
                       lineWidth: lineWidth, strokeStyle: strokeStyle, rotation: rotation, visible: visible)
        }

        /// The box `thing` (or its formula's part `part`) covers at the current beat, in canvas points.
        public func frame(of thing: Thing, part: String? = nil) -> CGRect {
            guard let (path, _) = outline(thing, at: now, part: part) else { return .null }
            return path.boundingRect
        }

        /// Adds text with its `anchor` (its centre unless given) at `point`, in the style's ink and
        /// size where it names none; hidden until a beat shows it unless `visible`.
        public mutating func add(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center, visible: Bool = false) -> Thing {
            var text = style.ink == .black ? text : text.foregroundColor(style.ink)
            if let size = style.fontSize { text = text.font(.system(size: size)) }
            let size = text.resolvedSize
            let center = CGPoint(x: point.x + (0.5 - anchor.x) * size.width, y: point.y + (0.5 - anchor.y) * size.height)
            return add(ThingTracks(content: .text(text), center: CGPoint(x: size.width / 2, y: size.height / 2), position: Track(center),
                                   opacity: Track(visible ? 1 : 0), fill: Track(style.ink), stroke: Track(style.ink), lineWidth: Track(1),
                                   hasStroke: false, hasFill: true))
        }

        /// Adds a formula with its `anchor` (its centre unless given) at `point`, in the style's ink
        /// and size unless it has its own; hidden until a beat shows it unless `visible`.
        public mutating func add(_ formula: Formula, at point: CGPoint, anchor: UnitPoint = .center, visible: Bool = false) -> Thing {
            var formula = formula.color == nil && style.ink != .black ? formula.foregroundColor(style.ink) : formula
            if let size = style.fontSize, !formula.hasFont { formula = formula.font(.system(size: size)) }
            let size = (try? formula.resolved().size) ?? .zero
            let center = CGPoint(x: point.x + (0.5 - anchor.x) * size.width, y: point.y + (0.5 - anchor.y) * size.height)
            return add(ThingTracks(content: .formula(formula), center: CGPoint(x: size.width / 2, y: size.height / 2), position: Track(center),
                                   opacity: Track(visible ? 1 : 0), fill: Track(formula.color ?? .black), stroke: Track(.black),
                                   lineWidth: Track(1), hasStroke: false, hasFill: true))
        }

        /// Adds a code listing centred at `center`; hidden until a beat shows it unless `visible`.
        /// `.typewriter` types it out, `.write` draws each glyph on and fills it, in reading order;
        /// `.transform(code, into: other)` plays the edit.
        public mutating func add(_ code: CodeBlock, at center: CGPoint, visible: Bool = false) -> Thing {
            let size = code.size
            return add(ThingTracks(content: .code(code), center: CGPoint(x: size.width / 2, y: size.height / 2), position: Track(center),
                                   opacity: Track(visible ? 1 : 0), fill: Track(code.theme.foreground), stroke: Track(.black),
                                   lineWidth: Track(1), hasStroke: false, hasFill: true))
        }

        mutating func add(_ thing: ThingTracks) -> Thing {
            var thing = thing
            // Shown "from the start" means from now: a thing added in a later section waits for it.
            if now > 0 && thing.opacity.initial > 0 {
                let shown = thing.opacity.initial
                thing.opacity = Track(0)
                thing.opacity.change(to: shown, start: now, end: now, easing: .linear)
            }
            things.append(thing)
            noteAddedVisible(things.count - 1)
            return Thing(id: things.count - 1)
        }

        /// Plays `animations` together from now, each over `duration` seconds (or its own
        /// `.duration`, after its own `.delay`); the next beat starts when the last ends. With
        /// `describe`, the beat carries that description (see `describe(_:)`).
        public mutating func play(_ animations: Animation..., duration: Double = 1, easing: Easing? = nil, describe: String? = nil) {
            play(animations, duration: duration, easing: easing, describe: describe)
        }

        /// Plays `animations` together from now (in the style's easing unless given one).
        public mutating func play(_ animations: [Animation], duration: Double = 1, easing: Easing? = nil, describe: String? = nil) {
            let d = max(duration.isFinite ? duration : 0, 0), easing = easing ?? style.easing
            var end = now + (animations.isEmpty ? d : 0)
            let before = beforeBeat(describe)
            // Placements against other things last, so they see what the play does to those.
            for a in animations.filter({ !$0.placesRelative }) + animations.filter(\.placesRelative) {
                end = max(end, a.run(in: &self, start: now, duration: d, easing: easing))
            }
            afterBeat(before, end: end)
        }

        /// Plays `animations` one after another, each starting `lag` seconds after the last began.
        public mutating func play(lagged lag: Double, _ animations: [Animation], duration: Double = 1, easing: Easing? = nil,
                                  describe: String? = nil) {
            let d = max(duration.isFinite ? duration : 0, 0), l = max(lag.isFinite ? lag : 0, 0), easing = easing ?? style.easing
            var end = now
            let before = beforeBeat(describe)
            for (i, a) in animations.enumerated() { end = max(end, a.run(in: &self, start: now + Double(i) * l, duration: d, easing: easing)) }
            afterBeat(before, end: end)
        }

        /// What is in view before a beat (and its description, noted at its start).
        private mutating func beforeBeat(_ description: String?) -> (seen: [Bool], morphs: Int) {
            if let description { describe(description) }
            return (things.indices.map { isSeen($0, at: now) }, morphs.count + spaceMorphs.count)
        }

        private mutating func afterBeat(_ before: (seen: [Bool], morphs: Int), end: Double) {
            noteVisualBeat(start: now, end: end, seenBefore: before.seen, transforms: morphs.count + spaceMorphs.count - before.morphs)
            now = end
        }

        /// Waits `seconds` before the next beat.
        public mutating func wait(_ seconds: Double = 1) {
            if seconds.isFinite && seconds > 0 { now += seconds }
        }

        /// Waits until `time` (seconds from the start: a narration word's `narration.time(of:)`,
        /// a sound cue's time); nothing when it has passed.
        public mutating func wait(until time: Double?) {
            if let time, time.isFinite, time > now { now = time }
        }

        mutating func change<V: Interpolatable & Sendable>(_ thing: Thing, _ track: WritableKeyPath<ThingTracks, Track<V>>, to value: V,
                                                            start: Double, duration: Double, easing: Easing,
                                                            route: (@Sendable (Double) -> V)? = nil) {
            guard things.indices.contains(thing.id) else { return }
            things[thing.id][keyPath: track].change(to: value, start: start, end: start + duration, easing: easing, route: route)
        }

        func value<V: Interpolatable & Sendable>(_ thing: Thing, _ track: KeyPath<ThingTracks, Track<V>>, at time: Double) -> V? {
            things.indices.contains(thing.id) ? things[thing.id][keyPath: track].value(at: time) : nil
        }

        /// The thing's outline (or a formula part's) in canvas coordinates as it is at `time`,
        /// through the groups it is in, and its fill colour.
        func outline(_ thing: Thing, at time: Double, part: String? = nil) -> (Path, Color)? {
            guard case let (path, colour)? = localOutline(thing, at: time, part: part) else { return nil }
            return (path.applying(groupPlacement(of: thing, at: time)), colour)
        }

        /// Where the groups holding `thing` put its placed drawing at `time` (identity outside groups).
        func groupPlacement(of thing: Thing, at time: Double) -> CGAffineTransform {
            var transform = CGAffineTransform.identity
            var group = things.indices.contains(thing.id) ? things[thing.id].group : nil
            while let g = group {
                transform = transform.concatenating(placement(of: things[g], at: time))
                group = things[g].group
            }
            return transform
        }

        /// The outline placed by the thing's own tracks, not its groups'.
        private func localOutline(_ thing: Thing, at time: Double, part: String? = nil) -> (Path, Color)? {
            guard things.indices.contains(thing.id) else { return nil }
            let t = things[thing.id]
            let path: Path
            switch t.content {
            case .shape(let p): path = p
            case .drawing, .space, .spacePart: path = Path()
            case .group(let members):
                var union = Path()
                var colour: Color?
                for m in members { if let (p, c) = localOutline(m, at: time) { union.addPath(p); colour = colour ?? c } }
                return (union.applying(placement(of: t, at: time)), colour ?? .black)
            case .text(let text): path = ResolvedText(text: text).path(in: CGSize(width: CGFloat.infinity, height: .infinity))
            case .code(let code): path = Path(CGRect(origin: .zero, size: code.size))
            case .formula(let formula):
                let resolved = try? formula.resolved()
                path = (part.map { resolved?.path(part: $0) } ?? resolved?.path) ?? Path()
            }
            let colour = t.hasFill ? t.fill.value(at: time) : t.stroke.value(at: time)
            return (path.applying(placement(of: t, at: time)), colour)
        }

        /// Adds a group of `things` (Manim's VGroup): moved, turned, scaled and faded as one about the
        /// centre of their box; recolouring the group recolours them. The group itself is shown;
        /// each member shows when it is shown (a beat on a member shows it alone, one on the group
        /// shows them all).
        public mutating func group(_ members: [Thing]) -> Thing {
            var box = CGRect.null
            for m in members { if let (p, _) = outline(m, at: now) { box = box.union(p.boundingRect) } }
            let center = box.isNull ? self.center : CGPoint(x: box.midX, y: box.midY)
            let group = add(ThingTracks(content: .group(members), center: center, position: Track(center), opacity: Track(1),
                                        fill: Track(.black), stroke: Track(.black), lineWidth: Track(1), hasStroke: false, hasFill: true))
            for m in members where things.indices.contains(m.id) { things[m.id].group = group.id }
            return group
        }

        /// Shows `thing` from `time`: its own opacity 1; a group, its members that are hidden then;
        /// and the groups it is in, where hidden then, with their other members kept hidden, so it
        /// appears alone as Manim adds a member of a group that is not on screen.
        mutating func show(_ thing: Thing, at time: Double) {
            guard things.indices.contains(thing.id) else { return }
            things[thing.id].opacity.change(to: 1, start: time, end: time, easing: .linear)
            showMembers(of: thing, at: time)
            var child = thing.id
            while let g = things[child].group {
                if things[g].opacity.value(at: time) <= 0 {
                    things[g].opacity.change(to: 1, start: time, end: time, easing: .linear)
                    for m in members(of: Thing(id: g)) ?? [] where m.id != child && things.indices.contains(m.id) {
                        things[m.id].opacity.change(to: 0, start: time, end: time, easing: .linear)
                    }
                }
                child = g
            }
        }

        /// The members of a group (and theirs) hidden at `time` shown from then.
        private mutating func showMembers(of thing: Thing, at time: Double) {
            for m in members(of: thing) ?? [] where things.indices.contains(m.id) {
                if things[m.id].opacity.value(at: time) <= 0 { things[m.id].opacity.change(to: 1, start: time, end: time, easing: .linear) }
                showMembers(of: m, at: time)
            }
        }

        /// The members of a group (or the parts of a space), or nil for anything else.
        func members(of thing: Thing) -> [Thing]? {
            guard things.indices.contains(thing.id) else { return nil }
            switch things[thing.id].content {
            case .group(let members): return members
            case .space: return things.indices.filter { things[$0].group == thing.id }.map { Thing(id: $0) }
            default: return nil
            }
        }

        /// Two groups' members paired: first those that are the same drawing wherever they are
        /// placed (a shape's outline about its centre, a formula, a text's characters), then the
        /// rest spread over each other in order (one splitting into several, or several gathering
        /// into one); only when one side has none left are the others paired with nil (faded).
        func pairs(_ from: [Thing], _ to: [Thing]) -> [(Thing?, Thing?)] {
            func same(_ a: Thing, _ b: Thing) -> Bool {
                let x = things[a.id], y = things[b.id]
                switch (x.content, y.content) {
                case let (.shape(p), .shape(q)):
                    return p.offsetBy(dx: -x.center.x, dy: -x.center.y) == q.offsetBy(dx: -y.center.x, dy: -y.center.y)
                case let (.formula(f), .formula(g)): return f == g
                case let (.text(t), .text(u)): return t.string == u.string
                default: return false
                }
            }
            var partner = [Int?](repeating: nil, count: from.count)
            var taken = Set<Int>()
            for (i, x) in from.enumerated() {
                if let j = to.indices.first(where: { !taken.contains($0) && same(x, to[$0]) }) {
                    partner[i] = j
                    taken.insert(j)
                }
            }
            // The rest spread over each other in order, as Manim aligns groups: with fewer on one
            // side, each of those splits into (or gathers) a run of the other side's.
            let sources = from.indices.filter { partner[$0] == nil }, targets = to.indices.filter { !taken.contains($0) }
            var result: [(Thing?, Thing?)] = []
            for (i, x) in from.enumerated() where partner[i] != nil { result.append((x, to[partner[i]!])) }
            if sources.isEmpty || targets.isEmpty {
                for i in sources { result.append((from[i], nil)) }
                for j in targets { result.append((nil, to[j])) }
            } else if sources.count <= targets.count {
                for (k, j) in targets.enumerated() { result.append((from[sources[k * sources.count / targets.count]], to[j])) }
            } else {
                for (k, i) in sources.enumerated() { result.append((from[i], to[targets[k * targets.count / sources.count]])) }
            }
            return result
        }

        /// Where a thing's own coordinates land on the canvas at `time`.
        func placement(of t: ThingTracks, at time: Double) -> CGAffineTransform {
            let position = t.position.value(at: time), scale = t.scale.value(at: time), angle = t.rotation.value(at: time)
            return CGAffineTransform(translationX: -t.center.x, y: -t.center.y)
                .concatenating(CGAffineTransform(scaleX: scale, y: scale))
                .concatenating(CGAffineTransform(rotationAngle: angle))
                .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
        }

        /// A text's or formula's glyphs on the canvas at `time`, in the order of their source, each
        /// with its colour and what it shows (the source it came from, its parts).
        func glyphs(of thing: Thing, at time: Double) -> [(path: Path, color: Color, key: String, parts: [String])]? {
            guard things.indices.contains(thing.id) else { return nil }
            let t = things[thing.id]
            let place = placement(of: t, at: time).concatenating(groupPlacement(of: thing, at: time))
            switch t.content {
            case .shape, .drawing, .group, .code, .space, .spacePart: return nil
            case .text(let text):
                let resolved = ResolvedText(text: text)
                let string = resolved.string, fill = t.fill.value(at: time)
                return resolved.glyphs(in: CGSize(width: CGFloat.infinity, height: .infinity)).filter { !$0.path.isEmpty }
                    .map { ($0.path.applying(place), fill, String(string[$0.range]), []) }
            case .formula(let formula):
                guard let resolved = try? formula.resolved() else { return [] }
                let tex = formula.tex
                return resolved.glyphsInSourceOrder.map {
                    ($0.path.applying(place), $0.color, $0.isRule ? "\\rule" : String(tex[$0.range]).trimmingCharacters(in: .whitespaces), $0.parts)
                }
            }
        }
    }
}

extension Text {
    /// The size of the text on one line per explicit line break.
    var resolvedSize: CGSize { ResolvedText(text: self).size }
}

extension ResolvedFormula {
    /// The glyphs in the order of the TeX they come from (drawing order among equals): the order a
    /// hand writes them in.
    var glyphsInSourceOrder: [FormulaGlyph] {
        glyphs.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }.map(\.element)
    }
}
