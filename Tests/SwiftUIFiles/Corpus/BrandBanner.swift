import SwiftUI

struct BrandBanner: View {
    var body: some View {
        VStack(spacing: 0) {
            Rectangle()
                .fill(Color("Brand"))
                .frame(width: 200, height: 60)
            Image("Logo")
        }
    }
}

#Preview("Brand") {
    BrandBanner()
}

#Preview("Brand dark") {
    BrandBanner().preferredColorScheme(.dark)
}
