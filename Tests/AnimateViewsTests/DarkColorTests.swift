import AnimateDrawing
import AnimateScene
import AnimateText
import AnimateTimeline
@testable import AnimateViews
import Foundation
import Testing

/// In a dark scheme the system's colours are their dark selves, as SwiftUI resolves them in their
/// environment: `.primary` white, `Color.blue` (10, 132, 255), a canvas's `.foreground` white;
/// outside one they are the light ones, whatever was drawn before.
@Suite struct DarkColorTests {
    struct Swatches: View {
        var body: some View {
            VStack(spacing: 0) {
                Rectangle().fill(Color.blue).frame(width: 40, height: 20)
                Rectangle().fill(.primary).frame(width: 40, height: 20)
                Canvas { context, size in context.fill(Path(CGRect(origin: .zero, size: size)), with: .foreground) }
                    .frame(width: 40, height: 20)
                Rectangle().fill(Color.red).frame(width: 40, height: 20)
            }
        }
    }

    static func render(dark: Bool) -> Bitmap {
        let scene = Scene(name: "s", description: "", duration: 1, size: CGSize(width: 40, height: 80)) {
            Swatches().preferredColorScheme(dark ? ColorScheme.dark : ColorScheme.light)
        }
        var bitmap = Bitmap(width: 40, height: 80)
        scene.cursor().drawer(for: Frame(index: 0, rate: FrameRate(numerator: 30)!, count: 30, size: bitmap.size)).render(into: &bitmap)
        return bitmap
    }

    @Test func systemColoursTakeTheSchemesAppearance() {
        let dark = Self.render(dark: true), light = Self.render(dark: false)
        #expect(dark.premultipliedPixel(x: 20, y: 10) == SIMD4(10, 132, 255, 255))
        #expect(light.premultipliedPixel(x: 20, y: 10) == SIMD4(0, 122, 255, 255))
        #expect(dark.premultipliedPixel(x: 20, y: 30) == SIMD4(255, 255, 255, 255), ".primary is white in the dark")
        #expect(light.premultipliedPixel(x: 20, y: 30) == SIMD4(0, 0, 0, 255))
        #expect(dark.premultipliedPixel(x: 20, y: 50) == SIMD4(255, 255, 255, 255), "a canvas's foreground")
        #expect(light.premultipliedPixel(x: 20, y: 50) == SIMD4(0, 0, 0, 255))
        #expect(dark.premultipliedPixel(x: 20, y: 70) == SIMD4(255, 69, 58, 255))
        // Outside any view, the light ones.
        #expect(Color.blue == Color(hex: 0x007AFF) && Color.primary == .black)
        #expect(ColorAppearance.with(dark: true) { Color.blue } == Color(hex: 0x0A84FF))
    }
}
