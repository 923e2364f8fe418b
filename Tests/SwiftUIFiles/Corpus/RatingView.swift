import SwiftUI

struct RatingView: View {
    @State private var rating = 3
    var body: some View {
        HStack {
            ForEach(1...5, id: \.self) { number in
                Image(systemName: number > rating ? "star" : "star.fill")
                    .foregroundStyle(number > rating ? Color.gray : Color.yellow)
                    .onTapGesture { rating = number }
            }
        }
        .font(.largeTitle)
    }
}

#Preview("Rating") {
    RatingView()
}
