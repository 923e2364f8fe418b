import AnimateCLI
import Foundation
import Testing

@Suite struct LessonSourceTests {
    /// Only `.swift` arguments before `--` are lesson files; the rest stay, in order.
    @Test func splitsTheLessonFilesFromTheArguments() {
        let (files, rest) = LessonSource.split(["Lesson.swift", "intro", "-o", "out.mp4", "More.swift", "--", "x.swift"])
        #expect(files.map(\.lastPathComponent) == ["Lesson.swift", "More.swift"])
        #expect(rest == ["intro", "-o", "out.mp4", "--", "x.swift"])
    }

    /// Compiled lessons older than the time they are kept go; newer ones and other files stay.
    @Test func oldCompiledLessonsArePruned() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lesson-prune-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date()
        for (name, age) in [("lesson-old.so", LessonSource.keptFor + 60), ("lesson-new.so", 60.0), ("notes-old.txt", LessonSource.keptFor + 60)] {
            let url = folder.appendingPathComponent(name)
            try Data("x".utf8).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-age)], ofItemAtPath: url.path)
        }
        LessonSource.prune(folder, now: now)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["lesson-new.so", "notes-old.txt"])
    }
}
