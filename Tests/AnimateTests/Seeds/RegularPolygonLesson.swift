// The seed lesson 4-8a 正多邊形 Shape (000_d20391e5005c18ee.txt, lines 255-351, in ../shared/seeds), pasted
// unchanged, `import SwiftUI` included; it sits in an enum so the lessons' view names
// (several are 畫布) do not meet, and its last line, which shows the view, is `live()`.
import SwiftUI
import PlaygroundSupport

enum RegularPolygonLesson {
// 4-8a 正多邊形 Shape
// Last Modified by Heman, 2022/05/22

struct 正多邊形: Shape {
var 邊數: Int
init(_ n: Int = 3) { 邊數 = n < 3 ? 3 : n }
func path(in 畫框: CGRect) -> Path {
let 寬 = 畫框.width
let 高 = 畫框.height
let 半徑 = min(寬, 高) / 2
let 左上角 = 畫框.origin
let 中心 = CGPoint(
x: 左上角.x + 寬/2,
y: 左上角.y + 高/2)
let 圓心角弧度 = CGFloat.pi * 2 / CGFloat(邊數)
var 頂點陣列: [CGPoint] = []
for i in 0..<邊數 {
let 頂點 = CGPoint(
x: 中心.x + 半徑 * sin(圓心角弧度 * CGFloat(i)),
y: 中心.y - 半徑 * cos(圓心角弧度 * CGFloat(i)))
頂點陣列 += [頂點]
}
var 畫筆 = Path()
// 畫筆.move(to: 頂點陣列[0])
畫筆.addLines(頂點陣列)
畫筆.closeSubpath()
return 畫筆
}
}

struct 畫布: View {
var body: some View {
Canvas { 圖層, 尺寸 in
let 寬 = 尺寸.width
let 高 = 尺寸.height
let 中心 = CGPoint(x: 寬/2, y: 高/2)
let 半幅 = CGSize(width: 寬/2, height: 高)
let 全框 = CGRect(origin: .zero, size: 尺寸)
let 左半框 = CGRect(origin: .zero, size: 半幅)
let 右半框 = CGRect(
origin: CGPoint(x: 中心.x, y: 0),
size: 半幅)
let 原點半框 = CGRect(
origin: CGPoint(x: -寬/4, y: -高/2),
size: 半幅)

圖層.fill(
正多邊形(5).path(in: 左半框),
with: .color(.cyan))
for i in 0...12 {
let 縮放 = pow(0.85, Double(i))
let 弧度 = Double(i) * CGFloat.pi/12 // 15°
let 縮放矩陣 = CGAffineTransform(
a: 縮放, b: 0,
c: 0, d: 縮放,
tx: 0, ty: 0)
let 旋轉位移 = CGAffineTransform(
a: cos(弧度), b:sin(弧度),
c:-sin(弧度), d: cos(弧度),
tx: 半幅.width*1.5, ty: 半幅.height*0.5) //右半框
圖層.transform = 縮放矩陣.concatenating(旋轉位移)
圖層.stroke(
正多邊形(6).path(in: 原點半框),
with: .color(.cyan),
lineWidth: 3)
}
}
}
}

struct 九宮格: View {
var body: some View {
Label("[SwiftUI]4-8a 正多邊形(Shape)", systemImage: "swift")
.font(.title)
.foregroundColor(.orange)
.padding()
畫布()
.border(.red)
let 寬高 = 120.0
let 欄位 = [GridItem(.adaptive(minimum: 寬高))]
LazyVGrid(columns: 欄位) {
ForEach(3..<12, id: \.self) { i in
正多邊形(i)
.frame(width: 寬高, height: 寬高)
.border(.red)
.foregroundColor(.green)
}
}
Text("(c)2022 Heman Lu")
.italic()
.opacity(0.3)
}
}


static func live() {
PlaygroundPage.current.setLiveView(九宮格())
}
}
