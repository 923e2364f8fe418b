public import AnimateDrawing
public import Foundation

/// How burnt-in captions look: where they sit, their size and colours, and how the word being
/// spoken stands out (the word-by-word style of short videos).
public struct CaptionStyle: Sendable, Hashable {
    /// How the word being spoken is shown.
    public enum Highlight: String, Sendable, Hashable, CaseIterable {
        /// Not at all: the caption as one block of text.
        case none
        /// In the highlight colour.
        case color
        /// On a rounded box of the highlight colour that moves from word to word.
        case pill
        /// Words fill with the highlight colour as they are spoken, and stay filled.
        case karaoke
        /// In the highlight colour, a little larger.
        case pop
    }

    /// Where the caption sits, inside the frame's safe area.
    public enum Position: String, Sendable, Hashable, CaseIterable {
        case bottom, middle, top
    }

    public var highlight: Highlight
    public var position: Position
    /// The text's size in points for a frame whose shorter side is 1080 pixels (scaled with it;
    /// half as large again in a portrait frame, which phones show small).
    public var fontSize: CGFloat
    public var textColor: Color
    public var highlightColor: Color
    /// The box behind the caption (clear for none).
    public var boxColor: Color

    public init(highlight: Highlight = .none, position: Position = .bottom, fontSize: CGFloat = 40, textColor: Color = .white,
                highlightColor: Color = Color(red: 1, green: 0.83, blue: 0), boxColor: Color = Color(white: 0, opacity: 0.62)) {
        self.highlight = highlight
        self.position = position
        self.fontSize = fontSize
        self.textColor = textColor
        self.highlightColor = highlightColor
        self.boxColor = boxColor
    }

    /// White on a translucent dark box at the bottom, the caption as one block.
    public static let standard = CaptionStyle()
    /// Short-video captions: large, the spoken word on a yellow pill, in the lower middle.
    public static let short = CaptionStyle(highlight: .pill, position: .bottom, fontSize: 52, textColor: .white,
                                           highlightColor: Color(red: 0.98, green: 0.78, blue: 0.1), boxColor: Color(white: 0, opacity: 0.45))

    /// Where a caption may go in a frame of `size`: away from the edges, and in a portrait
    /// (9:16) frame above the strip and left of the column a short-video app draws its own
    /// controls in.
    package static func safeArea(for size: CGSize) -> CGRect {
        if size.height > size.width {
            return CGRect(x: size.width * 0.06, y: size.height * 0.12, width: size.width * 0.76, height: size.height * 0.62)
        }
        let margin = size.height * 60 / 1080
        return CGRect(x: size.width * 0.1, y: margin, width: size.width * 0.8, height: size.height - 2 * margin)
    }
}
