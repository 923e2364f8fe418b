public import Animate

/// The title caption every lesson scene carries: a title (and optional subtitle) at the top left,
/// sized from the frame's shorter side, on a soft translucent pill so it reads over any
/// background; in another language (`--language`), as its string table translates them.
public enum Caption {
    /// Draws `title` into `context`, laid out for a frame of `size`; `dark` gives light text for dark backgrounds.
    public static func draw(_ title: String, subtitle: String? = nil, in context: GraphicsContext, size: CGSize, dark: Bool = false) {
        // Sized by the frame's shorter side, so a portrait frame's title fits its width.
        let unit = min(size.width, size.height) / 1080
        let fg: Color = dark ? .white : Color(white: 0.12)
        let table = StringTable.active
        var text = Text(verbatim: table?.translate(title) ?? title).font(.system(size: 44 * unit, weight: .bold)).foregroundColor(fg)
        if let subtitle {
            text = text + Text(verbatim: "  " + (table?.translate(subtitle) ?? subtitle)).font(.system(size: 30 * unit)).foregroundColor(fg.opacity(0.75))
        }
        let resolved = context.resolve(text)
        let measured = resolved.size
        let pad = CGSize(width: 24 * unit, height: 12 * unit)
        let box = CGRect(x: 36 * unit, y: 32 * unit, width: measured.width + 2 * pad.width, height: measured.height + 2 * pad.height)
        context.fill(Path(roundedRect: box, cornerRadius: box.height / 2),
                     with: .color(dark ? Color(white: 0, opacity: 0.35) : Color(white: 1, opacity: 0.6)))
        context.draw(resolved, at: CGPoint(x: box.minX + pad.width, y: box.minY + pad.height), anchor: .topLeading)
    }
}
