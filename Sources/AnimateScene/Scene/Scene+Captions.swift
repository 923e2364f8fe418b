public import AnimateAudio
public import AnimateDrawing
public import AnimateText
public import Foundation
import AnimateTimeline

extension Scene {
    /// The scene with its narration's captions drawn over each frame in `style` (by default
    /// centred near the bottom, white on a translucent dark box, sized from the frame).
    public func burningCaptions(style: CaptionStyle = .standard) -> Scene {
        guard let narration else { return self }
        return overlaid { context, frame in
            guard let cue = narration.captions.last(where: { $0.start <= frame.time && frame.time < $0.end }) else { return }
            Self.drawCaption(cue, at: frame.time, style: style, in: &context, size: frame.size)
        }
    }

    /// Draws `caption` the way `burningCaptions()` does.
    public static func drawCaption(_ caption: String, in context: inout GraphicsContext, size: CGSize) {
        drawCaption(CaptionCue(start: 0, end: .infinity, text: caption), at: 0, style: .standard, in: &context, size: size)
    }

    /// Draws `cue` as it shows at `time` in `style`: the word being spoken (from its word times)
    /// standing out as the style says.
    public static func drawCaption(_ cue: CaptionCue, at time: Double, style: CaptionStyle, in context: inout GraphicsContext, size: CGSize) {
        let unit = min(size.width, size.height) / 1080 * (size.height > size.width ? 1.5 : 1)
        let safe = CaptionStyle.safeArea(for: size)
        let text = Text(cue.text).font(.system(size: style.fontSize * unit, weight: .medium)).foregroundColor(style.textColor)
            .multilineTextAlignment(.center)
        let resolved = context.resolve(text)
        let measured = resolved.measure(in: CGSize(width: safe.width, height: safe.height))
        let pad = CGSize(width: 22 * unit, height: 10 * unit)
        let boxSize = CGSize(width: measured.width + 2 * pad.width, height: measured.height + 2 * pad.height)
        let y: CGFloat
        switch style.position {
        case .bottom: y = safe.maxY - boxSize.height
        case .middle: y = safe.midY - boxSize.height / 2
        case .top: y = safe.minY
        }
        let box = CGRect(x: safe.midX - boxSize.width / 2, y: y, width: boxSize.width, height: boxSize.height)
        if style.boxColor.opacity > 0 { context.fill(Path(roundedRect: box, cornerRadius: 12 * unit), with: .color(style.boxColor)) }
        let inner = box.insetBy(dx: pad.width, dy: pad.height)
        let spoken = cue.word(at: time)
        guard style.highlight != .none, let current = spoken ?? (time >= (cue.words.last?.end ?? .infinity) ? cue.words.count : nil) else {
            context.draw(resolved, in: inner)
            return
        }
        // Word by word: each glyph drawn from its outline, in the colour its word takes now.
        let glyphs = resolved.glyphs(in: measured)
        let utf16 = resolved.string.utf16
        func word(of glyph: TextGlyph) -> Int? {
            let at = utf16.distance(from: utf16.startIndex, to: glyph.range.lowerBound)
            return cue.words.firstIndex { $0.range.contains(at) }
        }
        let owners = glyphs.map(word)
        var c = context
        c.translateBy(x: inner.minX, y: inner.minY)
        if style.highlight == .pill, current < cue.words.count {
            let bounds = zip(glyphs, owners).filter { $0.1 == current && !$0.0.path.isEmpty }.reduce(CGRect.null) { $0.union($1.0.bounds) }
            if !bounds.isNull {
                let line = style.fontSize * unit * 1.2
                let pill = CGRect(x: bounds.minX - 10 * unit, y: bounds.midY - line * 0.55, width: bounds.width + 20 * unit, height: line * 1.1)
                c.fill(Path(roundedRect: pill, cornerRadius: 10 * unit), with: .color(style.highlightColor))
            }
        }
        let progress = current < cue.words.count ? min(max((time - cue.words[current].start) / max(cue.words[current].end - cue.words[current].start, 1e-9), 0), 1) : 1
        let currentGlyphs = owners.enumerated().filter { $0.element == current }.map(\.offset)
        for (i, glyph) in glyphs.enumerated() {
            let owner = owners[i]
            var colour = style.textColor
            var path = glyph.path
            switch style.highlight {
            case .color:
                if owner == current { colour = style.highlightColor }
            case .karaoke:
                if let owner, owner < current { colour = style.highlightColor }
                if owner == current, let k = currentGlyphs.firstIndex(of: i), Double(k) < progress * Double(currentGlyphs.count) {
                    colour = style.highlightColor
                }
            case .pop:
                if owner == current {
                    colour = style.highlightColor
                    let all = currentGlyphs.reduce(CGRect.null) { $0.union(glyphs[$1].bounds) }
                    let k: CGFloat = 1.15
                    path = path.applying(CGAffineTransform(translationX: -all.midX, y: -all.midY).concatenating(CGAffineTransform(scaleX: k, y: k))
                        .concatenating(CGAffineTransform(translationX: all.midX, y: all.midY)))
                }
            case .pill:
                // On a light pill the word is dark, on a dark one light.
                if owner == current {
                    let c = style.highlightColor
                    colour = 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue > 0.6 ? Color(white: 0.08) : style.textColor
                }
            case .none:
                break
            }
            if let picture = glyph.picture {
                c.draw(picture.image, in: picture.rect)
            } else if !path.isEmpty {
                c.fill(path, with: .color(colour))
            }
        }
    }
}
