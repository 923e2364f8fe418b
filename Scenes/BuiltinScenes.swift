import AnimateTimeline

/// The scenes that ship with animate, in the order `animate list` shows them.
/// Adding a scene is one file in `Scenes/` plus one line here.
public enum BuiltinScenes {
    /// Every built-in scene.
    public static let all: [Scene] = [
        starfield,
        hexagons,
        gradientStars,
        flower,
        leaves,
        polygons,
        suits,
        shapes,
    ]

    /// The scene called `name`, if there is one.
    public static func named(_ name: String) -> Scene? { all.first { $0.name == name } }
}
