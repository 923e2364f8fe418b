// The seed lesson 4-9a Canvas 圖片下載 (000_d20391e5005c18ee.txt, lines 730-778, in ../shared/seeds), pasted
// unchanged, `import SwiftUI` included; it sits in an enum so the lessons' view names
// do not meet, and its last line, which shows the view, is `live()`. Its first line after the
// imports, `let 網址 = "https://picsum.photos/1080/1920"`, is left out: 4-9b's global of the same
// name and address (ImageCarouselLesson.swift) serves it, as a second global of that name cannot stand beside it.
import SwiftUI
import PlaygroundSupport

enum CanvasImageDownloadLesson {
// 4-9a Canvas 圖片下載
// Created by Heman, 2022/06/17

// 備用網址:
// let 網址 = "https://source.unsplash.com/collection/1027750/1080x1920"

struct 畫布: View {
@State var 圖片集: [UIImage] = []

var body: some View {
Canvas { 圖層, 尺寸 in
let 中心 = CGPoint(x: 尺寸.width/2, y: 尺寸.height/2)
if 圖片集 == [] {
圖層.draw(Text("等待圖片下載..."), at: 中心, anchor: .center)
} else {
let 照片 = 圖層.resolve(Image(uiImage: 圖片集.first!))
let 寬度比 = 尺寸.width / 照片.size.width
let 高度比 = 尺寸.height / 照片.size.height
let 縮放比 = min(寬度比, 高度比)
圖層.translateBy(x: 中心.x, y: 中心.y)
print(尺寸, 圖層.transform)
if 縮放比 < 1.0 {
圖層.scaleBy(x: 縮放比, y: 縮放比)
print(尺寸, 圖層.transform)
}
圖層.draw(照片, at: .zero)
}
}
.border(.red)
.task {
if let myURL = URL(string: 網址) {
do {
let (內容, 回應碼) = try await URLSession.shared.data(from: myURL)
print(回應碼)
if let 轉圖 = UIImage(data: 內容) {
圖片集.append(轉圖)
}
} catch {
print("無法下載圖片")
}
}
}
}
}

static func live() {
PlaygroundPage.current.setLiveView(畫布())
}
}
