import SwiftUI

struct LegacyTile: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 12)
            .fill(Color.pink)
            .frame(width: 120, height: 80)
    }
}

struct LegacyTile_Previews: PreviewProvider {
    static var previews: some View {
        LegacyTile()
            .previewLayout(.sizeThatFits)
    }
}
