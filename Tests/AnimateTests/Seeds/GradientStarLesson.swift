// The seed lesson 4-8b 漸層多角星(Gradient) (000_d20391e5005c18ee.txt, lines 449-561, in ../shared/seeds), pasted
// unchanged, `import SwiftUI` included; it sits in an enum so the lessons' view names
// (several are 畫布) do not meet, and its last line, which shows the view, is `live()`.
import SwiftUI
import PlaygroundSupport

enum GradientStarLesson {
// 4-8b 漸層多角星(Gradient)
// Last modified by Heman, 2022/05/25

struct 多角星: Shape {
let 邊數: Int
let 半徑比: CGFloat
init(_ n: Int = 3, r: CGFloat) {
邊數 = n < 3 ? 3 : n ; 半徑比 = r
}
func path(in 畫框: CGRect) -> Path {
let 寬 = 畫框.width
let 高 = 畫框.height
let 左上角 = 畫框.origin
let 半徑 = min(寬, 高) / 2
let 中心 = CGPoint(x: 左上角.x + 寬/2, y: 左上角.y + 高/2)
let 圓心角弧度 = CGFloat.pi * 2 / CGFloat(邊數)

var 頂點陣列: [CGPoint] = []
for i in 0..<邊數 {
let 外頂點 = CGPoint(
x: 中心.x + 半徑 * sin(圓心角弧度 * CGFloat(i)),
y: 中心.y - 半徑 * cos(圓心角弧度 * CGFloat(i)))
頂點陣列 += [外頂點]
let 內頂點 = CGPoint(
x: 中心.x + 半徑 * 半徑比 * sin(圓心角弧度*CGFloat(i) + 圓心角弧度/2),
y: 中心.y - 半徑 * 半徑比 * cos(圓心角弧度*CGFloat(i) + 圓心角弧度/2))
頂點陣列 += [內頂點]
}
var 畫筆 = Path()
// 畫筆.move(to: 頂點陣列[0])
畫筆.addLines(頂點陣列)
畫筆.closeSubpath()
return 畫筆
}
}

struct 漸層畫布: View {
let 時間: Date
@State var 顏色係數 = 0.0
@State var 遞減 = false
var body: some View {
let 層次黃 = Color(red: 顏色係數, green: 顏色係數, blue: 0)
let 黃藍漸層 = Gradient(colors: [層次黃, .blue])
let 藍黃藍 = Gradient(colors: [.blue, 層次黃, .blue])
Canvas { 圖層, 尺寸 in
let 寬 = 尺寸.width
let 高 = 尺寸.height
let 半徑 = min(寬, 高) / 2
let 中心 = CGPoint(x: 寬/2, y: 高/2)
let 半幅 = CGSize(width: 寬/2, height: 高)
let 左半框 = CGRect(origin: .zero, size: 半幅)
let 左中心 = CGPoint(x: 寬*0.25, y: 高*0.5)
let 右半框 = CGRect(origin: CGPoint(x: 寬/2, y: 0), size: 半幅)
let 右中心 = CGPoint(x: 寬*0.75, y: 高*0.5)
圖層.fill(
多角星(5, r: 0.75).path(in: 左半框),
with: .radialGradient(
黃藍漸層,
center: 左中心,
startRadius: .zero,
endRadius: 半徑))
圖層.fill(
多角星(16, r: 0.9).path(in: 右半框),
with: .conicGradient(藍黃藍, center: 右中心))
}
.onChange(of: 時間) { _ in
if 顏色係數 > 1.0 {
遞減 = true; 顏色係數 = 1.0
} else if 顏色係數 < 0.0 {
遞減 = false; 顏色係數 = 0.0
}
顏色係數 = 遞減 ? 顏色係數 - 0.01 : 顏色係數 + 0.03
// print(漸變係數)
}
}
}

struct 漸層多角星: View {
var body: some View {
Label("[SwiftUI]4-8b 漸層多角星", systemImage: "swift")
.font(.title)
.foregroundColor(.orange)
.padding()
TimelineView(.animation) { 時間參數 in
漸層畫布(時間: 時間參數.date)
//.frame(height: 300)
.border(.red)
}
let 寬高 = 120.0
let 欄位 = [GridItem(.adaptive(minimum: 寬高))]
let 藍黃漸層 = Gradient(colors: [.blue, .yellow])
LazyVGrid(columns: 欄位) {
ForEach(3..<12, id: \.self) { i in
多角星(i, r: 0.4)
.frame(width: 寬高, height: 寬高)
.border(.red)
.foregroundColor(.white)
.background(
.linearGradient(
藍黃漸層,
startPoint: .topLeading,
endPoint: .bottomTrailing))
}
}
Text("(c)2022 Heman Lu")
.italic()
.opacity(0.3)
}
}


static func live() {
PlaygroundPage.current.setLiveView(漸層多角星())
}
}
