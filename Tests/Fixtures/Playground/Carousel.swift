import PlaygroundSupport
import SwiftUI

struct 畫布: View {
    @State var 拖曳位移: CGSize = .zero
    @State var 拖曳開始 = Date()
    var 拖曳: some Gesture {
        DragGesture()
            .onChanged { 拖曳參數 in
                if 拖曳位移 == .zero { 拖曳開始 = 拖曳參數.time }
                拖曳位移 = 拖曳參數.translation
            }
            .onEnded { 拖曳參數 in
                let 時間差 = 拖曳參數.time.timeIntervalSince(拖曳開始)
                let 速度 = 拖曳參數.translation.width / 時間差
                if abs(速度) < 300 {
                    拖曳位移 = .zero
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
            圖層.translateBy(x: 拖曳位移.width, y: 0)
            var 畫筆 = Path()
            for i in [-1.0, 0.0, 1.0] {
                let 圓心 = CGPoint(x: 中心.x + 寬*i, y: 中心.y)
                let 起點 = CGPoint(x: 中心.x + 寬*(i+0.5), y: 中心.y)
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
        Circle()
            .frame(height: 200)
            .border(.blue)
            .foregroundColor(.blue)
            .offset(拖曳位移)
            .gesture(拖曳)
    }
}

PlaygroundPage.current.setLiveView(畫布())
