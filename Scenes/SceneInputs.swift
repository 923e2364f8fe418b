import AnimateDrawing

/// Inputs from outside a scene's code, such as the user's photos (`--images DIR`).
public struct SceneInputs: Sendable {
    /// Pictures for scenes that show pictures (the carousel); empty means generated pictures.
    public var images: [Image]

    public init(images: [Image] = []) { self.images = images }
}
