// The seed lesson 4-7d 葉片--變換矩陣(CGAffineTransform) (000_d20391e5005c18ee.txt, lines 37-115, in ../shared/seeds), pasted
// unchanged, `import SwiftUI` included; it sits in an enum so the lessons' view names
// (several are 畫布) do not meet, and its last line, which shows the view, is `live()`.
import SwiftUI
import PlaygroundSupport

enum LeafTransformLesson {
// 4-7d 葉片--變換矩陣(CGAffineTransform)
// Created by Heman, 2022/05/20

struct 葉片: View {
var unitX = 0.05 // unitX = x/寬
var unitY = 0.05 // unitY = y/高
var 說明 = "變換矩陣(CGAffineTransform)\n(c)2022 Heman Lu"
var body: some View {
Canvas { 圖層, 尺寸 in
let 文字圖層 = 圖層
let 寬 = 尺寸.width
let 高 = 尺寸.height
let 左上角 = CGPoint.zero
let 右下角 = CGPoint(x: 寬, y: 高)
let 控制點1 = CGPoint( // 以左下角為原點的數學座標
x: 寬 * unitX, // 轉換為螢幕座標(左上角為原點)
y: 高 - 高 * unitY)
let 控制點2 = CGPoint(
x: 寬 * (1.0 - unitX),
y: 高 - 高 * (1.0 - unitY))
// print(尺寸, 控制點1, 控制點2)

var 畫筆 = Path() // 葉片:兩條二階貝茲曲線
畫筆.move(to: 左上角)
畫筆.addQuadCurve(to: 右下角, control: 控制點1)
畫筆.addQuadCurve(to: 左上角, control: 控制點2)

let 縮放 = 0.2
let 角度 = -CGFloat.pi/4
let 層次 = 7.0
for i in stride(from: 1.4, to: 層次, by: 0.5) {
let 縮放矩陣 = CGAffineTransform(
a: 縮放/i, b: 0,
c: 0, d: 縮放/i,
tx: 0, ty: 0)
let 旋轉位移 = CGAffineTransform(
a: cos(角度), b:sin(角度),
c:-sin(角度), d: cos(角度),
tx: 寬-寬/i, ty: 高/i)
let 水平鏡像 = CGAffineTransform(
a: 1, b: 0,
c: 0, d: -1,
tx: 0, ty: 0)
圖層.drawLayer { 新圖層 in
新圖層.transform = 水平鏡像.concatenating(縮放矩陣).concatenating(旋轉位移)
新圖層.fill(畫筆, with: .color(.green))
}
圖層.transform = 縮放矩陣.concatenating(旋轉位移)
圖層.fill(畫筆, with: .color(.green))
}

var 文字 = 文字圖層.resolve(Text(說明)) // 說明文字
let 文字尺寸 = 文字.measure(in: 尺寸)
let 文字框 = CGRect(
x: 寬 - 文字尺寸.width - 10,
y: 高 - 文字尺寸.height - 10,
width: 文字尺寸.width,
height: 文字尺寸.height)
// print(文字尺寸, 文字框)
文字.shading = .color(.gray)
文字圖層.draw(文字, in: 文字框)
}
}
}

struct 畫布: View {
var body: some View {
Label("[SwiftUI]4-7d 平移旋轉縮放", systemImage: "swift")
.font(.title)
.foregroundColor(.orange)
.padding()
葉片()
.border(.red)
}
}


static func live() {
PlaygroundPage.current.setLiveView(畫布())
}
}
