import SwiftUI

struct SettingsPanel: View {
    @State private var sound = true
    @State private var volume = 0.7
    @State private var copies = 2
    var body: some View {
        VStack(alignment: .leading, spacing: 20) {
            Toggle("Sound", isOn: $sound)
            Slider(value: $volume, in: 0...1)
            Stepper("Copies: \(copies)", value: $copies, in: 1...10)
            ProgressView(value: 0.4)
        }
        .padding()
    }
}

#Preview("Settings") {
    SettingsPanel()
}
