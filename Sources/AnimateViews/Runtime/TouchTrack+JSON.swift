package import Foundation

/// A touch track written as JSON that a lesson file does not change (`--touches track.json`):
/// `[{"wait": 1}, {"tap": "Like"}, {"tap": [120, 300]}, {"drag": {"from": "Card", "by": [-300, 0],
/// "duration": 0.3}}, {"longPress": "Photo", "duration": 0.8}]`, or `{"indicator": "hidden",
/// "steps": [...]}`. Points are in the window's points.
package struct TouchTrackFile: Sendable {
    package let steps: [TouchStep]
    package let indicator: TouchIndicator

    /// Why a track file cannot be used: one line naming the step and what is wrong.
    package struct Problem: Error, CustomStringConvertible, Sendable {
        package let description: String
    }

    package init(contentsOf url: URL) throws(Problem) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw Problem(description: "cannot read the touch track \(url.path): \((error as NSError).localizedFailureReason ?? error.localizedDescription)")
        }
        try self.init(json: data, name: url.lastPathComponent)
    }

    package init(json data: Data, name: String = "the touch track") throws(Problem) {
        func fail(_ why: String) -> Problem { Problem(description: "\(name): \(why)") }
        guard let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            throw fail("not JSON (an array of steps such as [{\"wait\": 1}, {\"tap\": \"Start\"}])")
        }
        var list = root as? [Any]
        var indicator = TouchIndicator.default
        if let object = root as? [String: Any] {
            list = object["steps"] as? [Any]
            if let shown = object["indicator"] {
                guard let word = shown as? String, ["hidden", "default"].contains(word) else { throw fail("\"indicator\" is \"hidden\" or \"default\"") }
                indicator = word == "hidden" ? .hidden : .default
            }
        }
        guard let list else { throw fail("expected an array of steps, or an object with \"steps\"") }
        var steps: [TouchStep] = []
        for (k, item) in list.enumerated() {
            let at = "step \(k + 1)"
            guard let object = item as? [String: Any], let kind = ["wait", "tap", "drag", "longPress"].first(where: { object[$0] != nil }) else {
                throw fail("\(at) is not one of {\"wait\": s}, {\"tap\": ...}, {\"drag\": {...}}, {\"longPress\": ...}")
            }
            func seconds(_ value: Any?, _ what: String, default fallback: Double? = nil) throws(Problem) -> Double {
                guard let value else {
                    if let fallback { return fallback }
                    throw fail("\(at): \(what) is missing")
                }
                guard let number = value as? Double ?? (value as? Int).map(Double.init), number.isFinite, number >= 0, number <= 3600 else {
                    throw fail("\(at): \(what) must be a number of seconds from 0 to 3600")
                }
                return number
            }
            func point(_ value: Any?, _ what: String) throws(Problem) -> TouchPoint {
                if let label = value as? String, !label.isEmpty { return .label(label) }
                if let pair = value as? [Any], pair.count == 2, let x = pair[0] as? Double ?? (pair[0] as? Int).map(Double.init),
                   let y = pair[1] as? Double ?? (pair[1] as? Int).map(Double.init), x.isFinite, y.isFinite {
                    return .point(CGPoint(x: x, y: y))
                }
                throw fail("\(at): \(what) must be a view's label or a point [x, y]")
            }
            switch kind {
            case "wait": steps.append(.wait(try seconds(object["wait"], "\"wait\"")))
            case "tap": steps.append(.tap(on: try point(object["tap"], "\"tap\"")))
            case "longPress": steps.append(.longPress(on: try point(object["longPress"], "\"longPress\""), duration: try seconds(object["duration"], "\"duration\"", default: 0.8)))
            default:
                guard let drag = object["drag"] as? [String: Any] else { throw fail("\(at): \"drag\" must be an object with \"from\" and \"to\" or \"by\"") }
                let from = try point(drag["from"], "\"from\"")
                let duration = try seconds(drag["duration"], "\"duration\"", default: 0.4)
                if case .point(let end)? = try drag["to"].map({ (value: Any) throws(Problem) -> TouchPoint in try point(value, "\"to\"") }) {
                    steps.append(.drag(from: from, to: end, duration: duration))
                } else if case .point(let by)? = try drag["by"].map({ (value: Any) throws(Problem) -> TouchPoint in try point(value, "\"by\"") }) {
                    steps.append(.drag(from: from, by: CGSize(width: by.x, height: by.y), duration: duration))
                } else {
                    throw fail("\(at): a drag needs \"to\": [x, y] or \"by\": [dx, dy]")
                }
            }
        }
        self.steps = steps
        self.indicator = indicator
    }
}

/// A touch track given from outside the lesson (a file), for the views of a scene: it takes the
/// place of any the lesson writes.
package final class TouchTrackOverride: @unchecked Sendable {
    package var file: TouchTrackFile?
    package init() {}
}
