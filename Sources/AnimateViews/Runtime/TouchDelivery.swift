package import AnimateDrawing
package import Foundation

/// Where a scripted user's track has got to in a run of the scene: the next step, where each
/// step's touch landed, the drag under way.
package struct TouchProgress {
    var next = 0
    /// Where each step's finger is (its start, and a drag's end), once found.
    var landed: [Int: (start: CGPoint, end: CGPoint)] = [:]
    /// The drag under way: its target's place and whether it has begun (past its minimum distance).
    var drag: (place: String?, began: Bool)?
    /// Steps aimed at nothing, said once.
    var missed: Set<Int> = []
}

extension ViewStateStore {
    /// Delivers the track's touches due by `time` to the views laid out in the last update
    /// (`touchTargets`, what was on screen): a tap to the topmost view under it that takes taps,
    /// a drag to the topmost that takes drags, changed at every update it lasts and ended at its end.
    package func deliverTouches(upTo time: Double) {
        guard let track = touches, scheduler?.isInert == false else { return }
        let targets = touchTargets
        while touchProgress.next < track.steps.count {
            let index = touchProgress.next
            let timed = track.steps[index]
            guard timed.start <= time + 1e-9 else { return }
            let end = timed.start + timed.step.duration
            switch timed.step.kind {
            case .wait:
                touchProgress.next += 1
            case .tap(let point):
                if let at = land(index, point, nil, .zero, targets, at: timed.start) {
                    if let target = Self.topmost(targets, at: at.start, { $0.tap != nil }) {
                        target.tap?(target.tapsInWindow ? at.start : CGPoint(x: at.start.x - target.rect.minX, y: at.start.y - target.rect.minY))
                    }
                }
                touchProgress.next += 1
            case let .longPress(point, _):
                guard time + 1e-9 >= end else { _ = land(index, point, nil, .zero, targets, at: timed.start); return }
                if let at = land(index, point, nil, .zero, targets, at: timed.start),
                   let target = Self.topmost(targets, at: at.start, { $0.longPress != nil }) {
                    target.longPress?()
                }
                touchProgress.next += 1
            case let .drag(from, to, offset, duration):
                guard let at = land(index, from, to, offset, targets, at: timed.start) else { touchProgress.next += 1; continue }
                if touchProgress.drag == nil {
                    touchProgress.drag = (Self.topmost(targets, at: at.start, { $0.drag != nil })?.place, false)
                }
                let finished = time + 1e-9 >= end
                let f = finished ? 1 : min(max((time - timed.start) / duration, 0), 1)
                let value = Self.dragValue(from: at.start, to: at.end, fraction: f, duration: duration,
                                           date: (scheduler?.startDate ?? Date(timeIntervalSinceReferenceDate: 0)).addingTimeInterval(timed.start + f * duration))
                // The target as laid out now (its actions are its newest).
                if let place = touchProgress.drag?.place, let target = targets.last(where: { $0.place == place }), let handlers = target.drag {
                    var value = value
                    if handlers.local {
                        let o = target.rect.origin
                        value.location = CGPoint(x: value.location.x - o.x, y: value.location.y - o.y)
                        value.startLocation = CGPoint(x: value.startLocation.x - o.x, y: value.startLocation.y - o.y)
                        value.predictedEndLocation = CGPoint(x: value.predictedEndLocation.x - o.x, y: value.predictedEndLocation.y - o.y)
                    }
                    let moved = (value.translation.width * value.translation.width + value.translation.height * value.translation.height).squareRoot()
                    if touchProgress.drag?.began == true || moved >= handlers.minimumDistance {
                        touchProgress.drag?.began = true
                        handlers.updating.forEach { $0(value) }
                        handlers.changed.forEach { $0(value) }
                    }
                    if finished {
                        if touchProgress.drag?.began == true { handlers.ended.forEach { $0(value) } }
                        handlers.reset.forEach { $0() }
                    }
                }
                guard finished else { return }
                touchProgress.drag = nil
                touchProgress.next += 1
            }
        }
    }

    /// Where step `index` lands (and a drag ends), found once: a label is the middle of the
    /// topmost view named so. Nil, with a warning, when no view has the label.
    private func land(_ index: Int, _ start: TouchPoint, _ end: TouchPoint?, _ offset: CGSize, _ targets: [TouchTarget],
                      at time: Double) -> (start: CGPoint, end: CGPoint)? {
        if let found = touchProgress.landed[index] { return found }
        func resolve(_ point: TouchPoint) -> CGPoint? {
            switch point {
            case .point(let p): return p
            case .label(let name):
                let named = targets.last { $0.names.contains(name) } ?? targets.last { $0.names.contains { $0.caseInsensitiveCompare(name) == .orderedSame } }
                return named.map { CGPoint(x: $0.rect.midX, y: $0.rect.midY) }
            }
        }
        guard let a = resolve(start) else {
            if touchProgress.missed.insert(index).inserted {
                let shown = Array(Set(targets.flatMap(\.names))).sorted().prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")
                if case .label(let name) = start {
                    RenderWarnings.warn("the touch at \(String(format: "%.2f", time)) s is aimed at \"\(name)\", which no view on screen is labelled"
                                        + (shown.isEmpty ? " (none has a label)" : " (labelled: \(shown))"))
                }
            }
            return nil
        }
        let b = end.flatMap(resolve) ?? CGPoint(x: a.x + offset.width, y: a.y + offset.height)
        touchProgress.landed[index] = (a, b)
        return (a, b)
    }

    /// The topmost (last laid out) target whose rectangle holds `point` and that `takes` the touch.
    static func topmost(_ targets: [TouchTarget], at point: CGPoint, _ takes: (TouchTarget) -> Bool) -> TouchTarget? {
        // A view that covers others (a pushed view, a sheet) stops the search at its edge.
        guard let found = targets.last(where: { $0.rect.contains(point) && (takes($0) || $0.blocks) }), takes(found) else { return nil }
        return found
    }

    /// A drag at `fraction` of its way from `start` to `end` over `duration` seconds, moving evenly.
    static func dragValue(from start: CGPoint, to end: CGPoint, fraction f: Double, duration: Double, date: Date) -> DragGesture.Value {
        let location = CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f)
        let translation = CGSize(width: location.x - start.x, height: location.y - start.y)
        let velocity = CGSize(width: (end.x - start.x) / duration, height: (end.y - start.y) / duration)
        // Where a flick would carry on to: a quarter second more at this speed, as iOS predicts a release.
        let predicted = CGSize(width: translation.width + velocity.width * 0.25, height: translation.height + velocity.height * 0.25)
        return DragGesture.Value(time: date, location: location, startLocation: start, translation: translation, velocity: velocity,
                                 predictedEndLocation: CGPoint(x: start.x + predicted.width, y: start.y + predicted.height),
                                 predictedEndTranslation: predicted)
    }

    /// The touches to show at `time`: where each finger is and how strongly it shows (it fades in
    /// and out over a tenth of a second).
    package func touchIndicators(at time: Double) -> [(point: CGPoint, strength: Double, indicator: TouchIndicator)] {
        guard let track = touches, track.indicator.diameter > 0 else { return [] }
        var shown: [(CGPoint, Double, TouchIndicator)] = []
        for (index, timed) in track.steps.enumerated() {
            guard let at = touchProgress.landed[index] else { continue }
            let start = timed.start, end = timed.start + timed.step.duration
            let fade = 0.1
            guard time >= start - 1e-9, time <= end + fade else { continue }
            let strength = time > end ? max(0, 1 - (time - end) / fade) : 1
            switch timed.step.kind {
            case .wait: continue
            case .tap, .longPress: shown.append((at.start, strength, track.indicator))
            case let .drag(_, _, _, duration):
                let f = min(max((time - start) / duration, 0), 1)
                shown.append((CGPoint(x: at.start.x + (at.end.x - at.start.x) * f, y: at.start.y + (at.end.y - at.start.y) * f), strength, track.indicator))
            }
        }
        return shown
    }
}
