public import AnimateDrawing
import AnimateText
public import Foundation
import AnimateTimeline

extension Scene {
    /// The scene with its narration's captions drawn over each frame: centred near the bottom,
    /// white on a translucent dark box, sized from the frame height.
    public func burningCaptions() -> Scene {
        guard let narration else { return self }
        return overlaid { context, frame in
            guard let caption = narration.caption(at: frame.time) else { return }
            Self.drawCaption(caption, in: &context, size: frame.size)
        }
    }

    /// Draws `caption` the way `burningCaptions()` does.
    public static func drawCaption(_ caption: String, in context: inout GraphicsContext, size: CGSize) {
        let unit = size.height / 1080
        let text = Text(caption).font(.system(size: 40 * unit, weight: .medium)).foregroundColor(.white)
            .multilineTextAlignment(.center)
        let resolved = context.resolve(text)
        let measured = resolved.measure(in: CGSize(width: size.width * 0.8, height: size.height))
        let pad = CGSize(width: 22 * unit, height: 10 * unit)
        let box = CGRect(x: (size.width - measured.width) / 2 - pad.width, y: size.height - 60 * unit - measured.height - 2 * pad.height,
                         width: measured.width + 2 * pad.width, height: measured.height + 2 * pad.height)
        context.fill(Path(roundedRect: box, cornerRadius: 12 * unit), with: .color(Color(white: 0, opacity: 0.62)))
        context.draw(resolved, in: box.insetBy(dx: pad.width, dy: pad.height))
    }
}
