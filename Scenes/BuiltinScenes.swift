public import Animate

/// The scenes that ship with animate, in the order `animate list` shows them.
/// Adding a scene is one file in `Scenes/` plus one line here.
public enum BuiltinScenes {
    /// Every built-in scene, made with `inputs` (the user's pictures, for the carousel).
    public static func all(_ inputs: SceneInputs = SceneInputs()) -> [Scene] {
        [
            starfield,
            hexagons,
            gradientStars,
            quadratic,
            flower,
            leaves,
            polygons,
            suits,
            shapes,
            carousel(inputs),
            swipe,
            squareToCircle,
            animatedSquareToCircle,
            movingAround,
            movingFrameBox,
            pointMovingOnShapes,
            braceAnnotation,
            vectorArrow,
            movingDots,
            movingGroupToDestination,
            movingAngle,
            sinAndCosPlot,
            threeDSurfacePlot,
            threeDCameraRotation,
            lineThroughSurface,
            saddleTangentPlane,
            crossProduct,
            tweening,
            pythagoras,
            unitCircle,
            riemannSums,
            tangentSlope,
            linearMap,
            polygonCode,
            swiftUIView,
            AnglesLesson.english.scene,
            AnglesLesson.mandarin.scene,
            AnglesLesson.englishShort.scene,
            doubleSquare,
            screenRecording,
        ]
    }

    /// Every built-in scene with generated inputs.
    public static let all: [Scene] = all()

    /// The built-in scenes as a catalog, for `AnimateCLI.main(catalog:)`.
    public static let catalog = SceneCatalog(making: { all($0) })

    /// The scene called `name`, if there is one.
    public static func named(_ name: String, inputs: SceneInputs = SceneInputs()) -> Scene? {
        all(inputs).first { $0.name == name }
    }
}
