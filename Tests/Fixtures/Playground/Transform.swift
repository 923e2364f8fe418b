    // Tested by Heman, 2022/05/22
    import PlaygroundSupport
    import SwiftUI

    struct 畫布: View {
    var body: some View {
    Canvas { 圖層, 尺寸 in
    print("#1(default)", 圖層.transform)

    圖層.translateBy(x: 10, y: 10)
    print("#2(translated)", 圖層.transform)

    圖層.scaleBy(x: 2, y: 2)
    print("#3(scaled)", 圖層.transform)

    圖層.rotate(by: .degrees(90))
    print("#4(rotated)", 圖層.transform)

    圖層.transform = CGAffineTransform(
    a: 1, b: 0,
    c: 0, d: 1,
    tx: -10, ty: -10)
    print("#5(assigned)", 圖層.transform)
    }
    }
    }

    PlaygroundPage.current.setLiveView(畫布())
