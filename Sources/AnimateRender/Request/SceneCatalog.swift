public import AnimateScene
import Foundation

/// The scenes a tool knows, looked up by name: what `list` shows and what `render <scene>` accepts.
///
/// Scenes that take inputs from outside their code (the user's pictures, `--images`) are made
/// from those inputs when they are looked up.
public struct SceneCatalog: Sendable {
    private let make: @Sendable (SceneInputs) -> [Scene]

    /// A catalog of fixed scenes.
    public init(_ scenes: [Scene]) {
        make = { _ in scenes }
    }

    /// A catalog whose scenes are made from the inputs given on the command line (e.g. pictures).
    public init(making scenes: @escaping @Sendable (SceneInputs) -> [Scene]) {
        make = scenes
    }

    /// Every scene, made with `inputs`, in the order `list` shows them.
    public func scenes(_ inputs: SceneInputs = SceneInputs()) -> [Scene] { make(inputs) }

    /// Every scene's name.
    public var names: [String] { scenes().map(\.name) }

    /// The scene called `name` (or the one scene called so in other letter case: a preview titled
    /// "Row" is the scene `row`), made with `inputs`; throws `RenderError.unknownScene` (with close
    /// matches) when there is none.
    public func scene(named name: String, inputs: SceneInputs = SceneInputs()) throws(RenderError) -> Scene {
        let all = scenes(inputs)
        if let scene = all.first(where: { $0.name == name }) { return scene }
        let folded = all.filter { $0.name.lowercased() == name.lowercased() }
        guard folded.count == 1 else { throw .unknownScene(name, suggestions: suggestions(for: name), known: names) }
        return folded[0]
    }

    /// Names close to `name` (small edit distance or `name` as a prefix), for "did you mean".
    public func suggestions(for name: String) -> [String] {
        names.filter { editDistance($0, name) <= max(2, name.count / 3) || $0.hasPrefix(name) }
    }
}

/// Levenshtein distance, for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
        var previous = row[0]
        row[0] = i
        for j in 1...b.count {
            let current = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
            previous = current
        }
    }
    return row[b.count]
}
