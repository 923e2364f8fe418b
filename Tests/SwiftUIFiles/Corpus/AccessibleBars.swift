import SwiftUI

struct AccessibleBars: View {
    let values: [Double] = [0.3, 0.8, 0.5]
    var body: some View {
        HStack(alignment: .bottom, spacing: 20) {
            ForEach(values.indices, id: \.self) { i in
                Rectangle()
                    .fill(.teal)
                    .frame(width: 40, height: values[i] * 200)
                    .accessibilityLabel("Day \(i + 1)")
                    .accessibilityValue("\(Int(values[i] * 100)) percent")
            }
        }
        .accessibilityElement(children: .contain)
        .accessibilityHint("Sales by day")
    }
}

#Preview("Bars") {
    AccessibleBars()
}
