public import Foundation

/// Manim's conventions for lessons ported from it: its palette by its names, its unit (the
/// frame is 8 units tall: 135 points on a 1080-point canvas), its coordinates (origin in the
/// middle, y up), and its font sizes, stroke widths and buffers in points.
///
/// ```swift
/// let dot = s.add(Circle(), size: 0.16 * Manim.unit, at: Manim.point(2, 1), fill: Manim.yellow)
/// let title = Text("Tangents").font(.system(size: Manim.fontSize(48)))
/// ```
public enum Manim {
    /// Points per Manim unit on a 1920 x 1080 canvas (Manim's frame is 8 units tall).
    public static let unit: CGFloat = 135
    /// The canvas point of Manim's (`x`, `y`): origin in the middle of a 1920 x 1080 canvas, y up.
    public static func point(_ x: Double, _ y: Double, canvas: CGSize = CGSize(width: 1920, height: 1080)) -> CGPoint {
        let u = canvas.height / 8
        return CGPoint(x: canvas.width / 2 + CGFloat(x) * u, y: canvas.height / 2 - CGFloat(y) * u)
    }
    /// Points for Manim's `font_size` (Tex and Text; 48 is 64.8 points).
    public static func fontSize(_ size: Double) -> CGFloat { CGFloat(size) * unit / 100 }
    /// Points for Manim's `stroke_width` (4, its default for shapes, is 5.4 points).
    public static func strokeWidth(_ width: Double) -> CGFloat { CGFloat(width) * unit / 100 }

    /// Manim's buffers between things, in points: SMALL_BUFF, MED_SMALL_BUFF (next_to's default),
    /// MED_LARGE_BUFF, LARGE_BUFF; and the edge buffer of to_edge and to_corner.
    public static let smallBuff = 0.1 * unit
    public static let mediumSmallBuff = 0.25 * unit
    public static let mediumLargeBuff = 0.5 * unit
    public static let largeBuff = 1 * unit
    public static let edgeBuff = 0.5 * unit

    /// Manim's background.
    public static let background = Color(hex: 0x000000)

    public static let white = Color(hex: 0xFFFFFF), black = Color(hex: 0x000000)
    public static let grayA = Color(hex: 0xDDDDDD), grayB = Color(hex: 0xBBBBBB), grayC = Color(hex: 0x888888)
    public static let grayD = Color(hex: 0x444444), grayE = Color(hex: 0x222222)
    public static let gray = grayC, lightGray = grayB, darkGray = grayD, lighterGray = grayA, darkerGray = grayE
    public static let blueA = Color(hex: 0xC7E9F1), blueB = Color(hex: 0x9CDCEB), blueC = Color(hex: 0x58C4DD)
    public static let blueD = Color(hex: 0x29ABCA), blueE = Color(hex: 0x236B8E)
    public static let blue = blueC, darkBlue = blueE
    public static let tealA = Color(hex: 0xACEAD7), tealB = Color(hex: 0x76DDC0), tealC = Color(hex: 0x5CD0B3)
    public static let tealD = Color(hex: 0x55C1A7), tealE = Color(hex: 0x49A88F)
    public static let teal = tealC
    public static let greenA = Color(hex: 0xC9E2AE), greenB = Color(hex: 0xA6CF8C), greenC = Color(hex: 0x83C167)
    public static let greenD = Color(hex: 0x77B05D), greenE = Color(hex: 0x699C52)
    public static let green = greenC
    public static let yellowA = Color(hex: 0xFFF1B6), yellowB = Color(hex: 0xFFEA94), yellowC = Color(hex: 0xFFFF00)
    public static let yellowD = Color(hex: 0xF4D345), yellowE = Color(hex: 0xE8C11C)
    public static let yellow = yellowC
    public static let goldA = Color(hex: 0xF7C797), goldB = Color(hex: 0xF9B775), goldC = Color(hex: 0xF0AC5F)
    public static let goldD = Color(hex: 0xE1A158), goldE = Color(hex: 0xC78D46)
    public static let gold = goldC
    public static let redA = Color(hex: 0xF7A1A3), redB = Color(hex: 0xFF8080), redC = Color(hex: 0xFC6255)
    public static let redD = Color(hex: 0xE65A4C), redE = Color(hex: 0xCF5044)
    public static let red = redC
    public static let maroonA = Color(hex: 0xECABC1), maroonB = Color(hex: 0xEC92AB), maroonC = Color(hex: 0xC55F73)
    public static let maroonD = Color(hex: 0xA24D61), maroonE = Color(hex: 0x94424F)
    public static let maroon = maroonC
    public static let purpleA = Color(hex: 0xCAA3E8), purpleB = Color(hex: 0xB189C6), purpleC = Color(hex: 0x9A72AC)
    public static let purpleD = Color(hex: 0x715582), purpleE = Color(hex: 0x644172)
    public static let purple = purpleC
    public static let pink = Color(hex: 0xD147BD), lightPink = Color(hex: 0xDC75CD), orange = Color(hex: 0xFF862F)
    public static let lightBrown = Color(hex: 0xCD853F), darkBrown = Color(hex: 0x8B4513), grayBrown = Color(hex: 0x736357)
    public static let pureRed = Color(hex: 0xFF0000), pureGreen = Color(hex: 0x00FF00), pureBlue = Color(hex: 0x0000FF)
}
