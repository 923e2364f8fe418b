import AnimateDrawing
import AnimateTimeline
import Foundation
import Testing

@Suite struct InterpolationTests {
    @Test func interpolationOfColoursAndTransforms() {
        let mid = Color.interpolate(.black, .white, 0.5)
        // OKLab midpoint of black and white is perceptual mid-grey (about 0.39 in sRGB), not 0.5.
        // (The published OKLab matrices carry 10 digits: grey stays grey to about 1e-8.)
        #expect(abs(mid.red - mid.green) < 1e-6 && mid.red > 0.35 && mid.red < 0.42, "\(mid)")
        #expect(abs(Color.interpolate(.red, .blue, 0).red - Color.red.red) < 1e-9)
        let a = CGAffineTransform(translationX: 10, y: 0)
        let b = CGAffineTransform(rotationAngle: .pi / 2).scaledBy(x: 2, y: 2).concatenating(CGAffineTransform(translationX: 30, y: 40))
        let end = CGAffineTransform.interpolate(a, b, 1)
        for (x, y) in [(end.a, b.a), (end.b, b.b), (end.c, b.c), (end.d, b.d), (end.tx, b.tx), (end.ty, b.ty)] { #expect(abs(x - y) < 1e-9) }
        let half = CGAffineTransform.interpolate(.identity, CGAffineTransform(rotationAngle: .pi / 2), 0.5)
        // Rigid half-way rotation: 45 degrees with unit scale.
        #expect(abs(half.a - cos(.pi / 4)) < 1e-9 && abs(half.b - sin(.pi / 4)) < 1e-9)
    }
}
