import SwiftUI

struct WeatherCard: View {
    var body: some View {
        VStack(spacing: 12) {
            Image(systemName: "sun.max.fill")
                .symbolRenderingMode(.multicolor)
                .font(.system(size: 64))
            Text("Sunny")
                .font(.title)
                .foregroundStyle(.white)
            HStack {
                Label("24°", systemImage: "thermometer")
                Label("12 km/h", systemImage: "wind")
            }
            .foregroundStyle(.white)
        }
        .padding(24)
        .background(LinearGradient(colors: [.blue, .cyan], startPoint: .top, endPoint: .bottom),
                    in: RoundedRectangle(cornerRadius: 24))
    }
}

#Preview("Weather") {
    WeatherCard()
}
