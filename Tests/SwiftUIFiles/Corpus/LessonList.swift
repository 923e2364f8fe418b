import SwiftUI

struct LessonList: View {
    let lessons = ["Fractions", "Angles", "Vectors"]
    var body: some View {
        NavigationStack {
            List {
                ForEach(lessons, id: \.self) { lesson in
                    Label(lesson, systemImage: "book.fill")
                }
            }
            .navigationTitle("Lessons")
        }
    }
}

#Preview("Lessons") {
    LessonList()
}
