import SwiftUI

struct HeroMove: View {
    @Namespace private var namespace
    @State private var expanded = false
    var body: some View {
        VStack {
            if expanded {
                RoundedRectangle(cornerRadius: 20)
                    .fill(.blue)
                    .matchedGeometryEffect(id: "card", in: namespace)
                    .frame(width: 300, height: 200)
            } else {
                RoundedRectangle(cornerRadius: 10)
                    .fill(.blue)
                    .matchedGeometryEffect(id: "card", in: namespace)
                    .frame(width: 100, height: 60)
            }
        }
        .onTapGesture { withAnimation(.spring()) { expanded.toggle() } }
    }
}

#Preview("Hero") {
    HeroMove()
}
