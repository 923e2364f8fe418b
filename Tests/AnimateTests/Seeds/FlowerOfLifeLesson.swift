// The seed lesson 4-8 生命之花 Flower of Life (000_d20391e5005c18ee.txt, lines 588-670, in ../shared/seeds), pasted
// unchanged, `import SwiftUI` included; it sits in an enum so the lessons' view names
// do not meet, and its last line, which shows the view, is `live()`.
import SwiftUI
import PlaygroundSupport

enum FlowerOfLifeLesson {
// 4-8 生命之花 Flower of Life
// Last Modified by Heman, 2022/05/29

struct 生命之花: Shape {
var 邊數 = 6
var 層次 = 4
func 計算頂點(_ n: Int, center: CGPoint, r: CGFloat) -> [CGPoint] {
let 圓心角弧度 = CGFloat.pi * 2 / Double(n)
var 座標陣列: [CGPoint] = []
for i in 0 ..< n {
let 座標 = CGPoint(
x: center.x + r * sin(圓心角弧度 * Double(i)),
y: center.y - r * cos(圓心角弧度 * Double(i)))
座標陣列 += [座標]
}
return 座標陣列
}
func path(in 畫框: CGRect) -> Path {
let 寬 = 畫框.width
let 高 = 畫框.height
let 原點 = 畫框.origin
let 大圓半徑 = min(寬, 高) / 2.0
let 小圓半徑 = 大圓半徑 / Double(層次)
let 中心 = CGPoint(x: 原點.x + 寬/2, y: 原點.y + 高/2)
let 圓心角弧度 = CGFloat.pi * 2 / Double(邊數)
var 頂點陣列: [CGPoint] = [中心]
var 圈數 = 層次 - 1
while 圈數 > 0 {
var 暫存: [CGPoint] = []
for 頂點 in 頂點陣列 {
暫存 += 計算頂點(邊數, center: 頂點, r: 小圓半徑)
}
for 座標 in 暫存 {
if !頂點陣列.contains(座標) { 頂點陣列.append(座標) }
}
// print(頂點陣列)
圈數 -= 1
}
var 畫筆 = Path()
for 圓心 in 頂點陣列 {
畫筆.move(to: CGPoint(x: 圓心.x + 小圓半徑, y: 圓心.y))
畫筆.addArc(
center: 圓心,
radius: 小圓半徑,
startAngle: .zero,
endAngle: .degrees(360),
clockwise: false)
}
return 畫筆
}
}

struct 漸層背景: View {
var body: some View {
let 晚霞 = Gradient(colors: [.yellow, .indigo])
let 深空 = Gradient(colors: [.black, .blue])
let 橢圓漸層 = EllipticalGradient(gradient: 晚霞)
let 放射漸層 = RadialGradient(
gradient: 深空,
center: .center,
startRadius: 0,
endRadius: 500)

Label("[SwiftUI]4-8c 生命之花", systemImage: "swift")
.font(.title)
.foregroundColor(.orange)
.padding()
生命之花()
.stroke(.black, lineWidth: 1.5)
.background(橢圓漸層)
Spacer()
生命之花(邊數: 12, 層次: 3)
.stroke(.yellow, lineWidth: 1)
.background(放射漸層)
Text("(c)2022 Heman Lu")
.italic()
.opacity(0.3)
}
}

static func live() {
PlaygroundPage.current.setLiveView(漸層背景())
}
}
