/// How drawing lands on the pixels below: the blend mode, the opacity (0...1, the context's times
/// any hairline fade) and the clip, as the context had them when it drew.
struct Compositing {
    let mode: BlendMode
    let opacity: Float
    let clip: ClipMask?
}
