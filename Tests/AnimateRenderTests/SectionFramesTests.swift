import AnimateDrawing
import AnimateRender
import AnimateStoryboard
import AnimateTimeline
import Foundation
import Testing

@Suite struct SectionFramesTests {
    /// A section's frames at a rate: from the first at or after its start to the last before its end.
    @Test func aSectionRendersTheFramesOfItsTime() {
        let s = Storyboard(size: CGSize(width: 200, height: 100)) { s in
            s.section("one")
            let a = s.add(Path(CGRect(x: 20, y: 20, width: 60, height: 60)), fill: .red, visible: true)
            s.play(.move(a, to: CGPoint(x: 100, y: 50)))
            s.section("two", transition: .fade())
            s.wait(2)
        }
        #expect(s.sections[0].frames(at: FrameRate(numerator: 30)!) == .range(0, 29))
        #expect(s.sections[1].frames(at: FrameRate(numerator: 30)!) == .range(30, 89))
        #expect(s.sections[1].frames(at: FrameRate(numerator: 24000, denominator: 1001)!) == .range(24, 71))
    }
}
