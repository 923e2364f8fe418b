import Foundation
import SwiftUI

struct DateBadge: View {
    let start = Date(timeIntervalSinceReferenceDate: 0)
    var body: some View {
        let later = start + 3 * 3600
        let hour = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: later).hour ?? 0
        VStack {
            Text("Hour \(hour)")
                .font(.title)
            Text(later, style: .time)
        }
    }
}

#Preview("Date") {
    DateBadge()
}
