// The seed lesson 4-9b 網路圖片輪播 (000_d20391e5005c18ee.txt, lines 956-1056, in ../shared/seeds), pasted
// unchanged, `import SwiftUI` included; its last line, which shows the
// view, is in `imageCarouselLessonLive()`. It stands at file scope (its `let 網址` is a global, as in the lesson);
// the other lessons' views named 畫布 are inside enums. The pictures it downloads come from the
// files the test gives the address with `URLSession.shared.serve`: a render reads no network.
// 4-9b 網路圖片輪播
// Updated by Heman, 2022/06/20
import PlaygroundSupport
import SwiftUI

let 網址 = "https://picsum.photos/1080/1920"
// 備用網址:
// let 網址 = "https://source.unsplash.com/random"

struct 畫布: View {
let 更新: Date
@State var 圖片集: [UIImage] = []
@State var 百分比: CGFloat = 0.0
@State var 張次 = 0

var body: some View {
Canvas { 圖層, 尺寸 in
let 中心 = CGPoint(x: 尺寸.width/2, y: 尺寸.height/2)
if 圖片集.isEmpty {
圖層.draw(Text("等待圖片下載..."), at: 中心, anchor: .center)
} else {
for i in 0..<3 { // 僅需顯示前3張
if i < 圖片集.endIndex {
let 照片 = 圖層.resolve(Image(uiImage: 圖片集[i]))
let 寬度比 = 尺寸.width / 照片.size.width
let 高度比 = 尺寸.height / 照片.size.height
let 縮放比 = min(寬度比, 高度比)
let 移動距離 = 百分比 < 1.0 ? 尺寸.width * 百分比 : 尺寸.width
圖層.drawLayer { 新圖層 in
新圖層.translateBy(
x: 中心.x + 尺寸.width * CGFloat(i) - 移動距離,
y: 中心.y)
if 縮放比 < 1.0 {
新圖層.scaleBy(x: 縮放比, y: 縮放比)
}
新圖層.draw(照片, at: .zero)
// print(尺寸, 新圖層.transform)
}
}
}
圖層.drawLayer { 文字圖層 in
let 底部 = CGPoint(
x: 中心.x,
y: 尺寸.height - 20)
var 標記 = AttributedString("")
for i in 0..<圖片集.count {
標記 += (i == 張次) ? "●" : "○"
}
// 標記.foregroundColor = .white
// 標記.backgroundColor = .gray.opacity(0.2)
文字圖層.draw(Text(標記), at: 底部)
}
}
}
.border(.red)
.onChange(of: 更新) { _ in
let 輪播週期 = 10.0
let 移動速率 = 0.05
if 圖片集.count > 1 { // 至少2張才需要輪替
if 百分比 > 輪播週期 { // 替換下一張
張次 = (張次 + 1) % 圖片集.count
if let 首張 = 圖片集.first { // 將第一張移至最後
圖片集.removeFirst()
圖片集.append(首張)
}
百分比 = 0.0
} else {
百分比 += 移動速率
}
}
}
.task {
let 圖片數 = 5
if let myURL = URL(string: 網址) {
do {
for i in 0..<圖片數 {
let (內容, 回應碼) = try await URLSession.shared.data(from: myURL)
// print(回應碼)
if let 轉圖 = UIImage(data: 內容) {
圖片集.append(轉圖)
} else {
print("下載資料無法轉成圖片")
}
}
} catch {
print("網站連線錯誤")
}
}
}
}
}

struct 圖片輪播: View {
var body: some View {
TimelineView(.animation) { 時間參數 in
畫布(更新: 時間參數.date)
}
}
}

func imageCarouselLessonLive() {
PlaygroundPage.current.setLiveView(圖片輪播())
}
