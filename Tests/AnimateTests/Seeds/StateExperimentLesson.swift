// The seed lesson 4-9b 註解 4 狀態變數實驗 (000_d20391e5005c18ee.txt, lines 1066-1092, in ../shared/seeds), pasted
// unchanged, `import SwiftUI` included; it sits in an enum so the lessons' view names
// do not meet, and its last line, which shows the view, is `live()`.
import SwiftUI
import PlaygroundSupport

enum StateExperimentLesson {
// Tested by Heman, 2022/06/22

struct 狀態變數實驗: View {
@State var x: Int = 0
var body: some View {
Text("x = \(x)")
.font(.largeTitle)
.onAppear {
print("x in onAppear = \(x)")
x = 10
}
.onChange(of: x) { _ in
print("x in onChange = \(x)")
x = 20
}
Canvas { 圖層, 尺寸 in
let 中心 = CGPoint(x: 尺寸.width/2, y: 尺寸.height/2)
x = 30
print("x in Canvas = \(x)")
圖層.draw(Text("x in Canvas = \(x)"), at: 中心)
}
}
}

static func live() {
PlaygroundPage.current.setLiveView(狀態變數實驗())
}
}
