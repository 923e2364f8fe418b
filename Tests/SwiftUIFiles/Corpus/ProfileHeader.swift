import SwiftUI

struct ProfileHeader: View {
    var name = "Ada Lovelace"
    var body: some View {
        HStack(spacing: 16) {
            Image(systemName: "person.crop.circle.fill")
                .resizable()
                .scaledToFit()
                .frame(width: 80, height: 80)
                .foregroundStyle(.purple)
            VStack(alignment: .leading) {
                Text(name).font(.headline)
                Text("Analyst").foregroundStyle(.secondary)
            }
        }
    }
}

#Preview("Profile") {
    ProfileHeader()
}
