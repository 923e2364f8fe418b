// The seed lesson 4-9d 手動輪播(拖曳手勢) -- 完整版 (000_d20391e5005c18ee.txt, lines 1274-1366, in ../shared/seeds), pasted
// unchanged, `import SwiftUI` included; it sits in an enum so the lessons' view names
// (several are 畫布) do not meet, and its last line, which shows the view, is `live()`.
import SwiftUI
import PlaygroundSupport

enum DragCarouselCompleteLesson {
// 4-9d 手動輪播(拖曳手勢) -- 完整版
// Revised by Heman, 2022/06/27

struct 畫布: View {
@State var 拖曳位移: CGSize = .zero
@State var 拖曳開始 = Date()
@State var 百分比 = 0.0
@State var 自動模式 = false
@State var 往右嗎 = false
let 時間: Date
var 拖曳: some Gesture {
DragGesture()
.onChanged { 拖曳參數 in
if 拖曳位移 == .zero { // 開始拖曳
拖曳開始 = 拖曳參數.time
百分比 = 0.0 // 百分比在此歸零
}
拖曳位移 = 拖曳參數.translation
}
.onEnded { 拖曳參數 in
let 時間差 = 拖曳參數.time.timeIntervalSince(拖曳開始)
let 速度 = 拖曳參數.translation.width / 時間差
if 速度 < -300 {
自動模式 = true // 開啟自動模式,往左
往右嗎 = false
} else if 速度 < 300 {
自動模式 = false // 手動模式,歸零
拖曳位移 = .zero
} else {
自動模式 = true // 開啟自動模式,往右
往右嗎 = true
}
// print(時間差, 拖曳參數.translation)
// print(速度)
}
}
var body: some View {
Canvas { 圖層, 尺寸 in
let 寬 = 尺寸.width
let 高 = 尺寸.height
let 半徑 = min(寬/2, 高/2)
let 中心 = CGPoint(x: 寬/2, y: 高/2)
var 水平位移加總 = 拖曳位移.width + 寬 * 百分比
if abs(水平位移加總) > 寬 { 水平位移加總 = 往右嗎 ? 寬 : -寬 }
// print(寬, 百分比, 水平位移)
圖層.translateBy(
x: 自動模式 ? 水平位移加總 : 拖曳位移.width,
y: 0)
var 畫筆 = Path()
for i in [-1.0, 0.0, 1.0] {
let 圓心 = CGPoint(x: 中心.x + 寬*i, y: 中心.y)
let 起點 = CGPoint(x: 寬*(i+0.5) + 半徑, y: 中心.y)
畫筆.move(to: 起點)
畫筆.addArc(
center: 圓心,
radius: 半徑,
startAngle: .zero,
endAngle: .degrees(360),
clockwise: false)
}
圖層.stroke(畫筆, with: .color(.cyan), lineWidth: 20.0)
}
.border(.red)
.gesture(拖曳)
.onChange(of: 時間) { _ in
let 更新速率 = 往右嗎 ? 0.05 : -0.05
if abs(百分比) > 1.0 {
自動模式 = false
拖曳位移 = .zero
} else {
百分比 += 自動模式 ? 更新速率 : 0.0
}
}
Circle()
.frame(height: 200)
.border(.blue)
.foregroundColor(.blue)
.offset(拖曳位移)
.gesture(拖曳)
}
}

struct 手動輪播: View {
var body: some View {
TimelineView(.animation) { 時間參數 in
畫布(時間: 時間參數.date)
}
}
}


static func live() {
PlaygroundPage.current.setLiveView(手動輪播())
}
}
