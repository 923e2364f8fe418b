import SwiftUI
import UIKit

struct ScreenWidthBar: View {
    let width = UIScreen.main.bounds.width
    var body: some View {
        Rectangle()
            .fill(Color(uiColor: UIColor.systemBlue))
            .frame(width: width / 2, height: 40)
    }
}

#Preview("Screen") {
    ScreenWidthBar()
}
