import SwiftUI

struct GlobalFrame: View {
    var body: some View {
        VStack {
            Spacer().frame(height: 100)
            GeometryReader { proxy in
                let frame = proxy.frame(in: .global)
                Rectangle()
                    .fill(frame.minY > 50 ? Color.green : Color.red)
            }
            .frame(width: 100, height: 100)
            Spacer()
        }
    }
}

#Preview("Global") {
    GlobalFrame()
}
