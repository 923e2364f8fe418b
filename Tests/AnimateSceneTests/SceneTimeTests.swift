import AnimateDrawing
import AnimateScene
import AnimateTestScenes
import AnimateTimeline
import Foundation
import Testing

@Suite struct SceneTimeTests {
    /// A stateful scene ported from a lesson: a counter that grows by 0.05 per tick and resets past 10.
    @Test func statefulScenesFollowSceneTimeNotFrameRate() {
        func pixels(_ scene: Scene, index: Int, fps: Int) -> [UInt8] {
            var canvas = Bitmap(width: 40, height: 20)
            scene.render(Frame(index: index, rate: FrameRate(numerator: fps)!, count: 5 * fps, size: canvas.size), into: &canvas)
            return canvas.rgba8()
        }
        // 0.5 s is frame 30 at 60 fps and frame 15 at 30 fps: the same state, the same picture.
        #expect(pixels(counterScene, index: 30, fps: 60) == pixels(counterScene, index: 15, fps: 30))
        #expect(pixels(counterScene, index: 30, fps: 60) != pixels(counterScene, index: 10, fps: 60))
        // A cursor going forwards, then back, gives the same pictures as fresh renders.
        let cursor = counterScene.cursor()
        var canvas = Bitmap(width: 40, height: 20)
        for index in [5, 50, 20] {
            cursor.drawer(for: Frame(index: index, rate: FrameRate(numerator: 60)!, count: 300, size: canvas.size)).render(into: &canvas)
            #expect(canvas.rgba8() == pixels(counterScene, index: index, fps: 60))
        }
    }
}
