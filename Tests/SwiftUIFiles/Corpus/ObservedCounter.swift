import SwiftUI
import Observation

@Observable
class CounterModel {
    var count = 3
}

struct ObservedCounter: View {
    @State private var model = CounterModel()
    var body: some View {
        HStack {
            ForEach(0..<model.count, id: \.self) { _ in
                Circle().fill(.indigo).frame(width: 30, height: 30)
            }
        }
    }
}

#Preview("Counter") {
    ObservedCounter()
}
