import Animate
@testable import AnimateCLI
import Foundation
import Testing

@Suite struct LessonSourceTests {
    /// Only `.swift` arguments before `--` are lesson files; the rest stay, in order.
    @Test func splitsTheLessonFilesFromTheArguments() {
        let (files, rest, folder) = LessonSource.split(["Lesson.swift", "intro", "-o", "out.mp4", "More.swift", "--", "x.swift"])
        #expect(files.map(\.lastPathComponent) == ["Lesson.swift", "More.swift"])
        #expect(rest == ["intro", "-o", "out.mp4", "--", "x.swift"])
        #expect(folder == nil)
    }

    /// A folder where a scene could stand is an app: its Swift files but the entry point, tests
    /// and build products; a folder after an option that takes a value is that option's.
    @Test func anAppFolderIsItsSwiftFiles() throws {
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("app-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: app) }
        for (path, text) in [("MyApp/MyAppApp.swift", "import SwiftUI\n\n@main\nstruct MyAppApp: App {}\n"),
                             ("MyApp/ContentView.swift", "struct ContentView: View {} // @main in a comment\n"),
                             ("MyApp/Views/Card.swift", "struct Card: View {}\n"), ("MyApp/Assets.xcassets/x.swift", ""),
                             ("MyAppTests/Tests.swift", ""), ("Package.swift", ""), (".build/y.swift", ""), ("notes.txt", "")] {
            let url = app.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let (files, rest, folder) = LessonSource.split([app.path, "--at", "1.5", "-o", "still.png"])
        #expect(files.map { $0.path.replacingOccurrences(of: app.path + "/", with: "") } == ["MyApp/ContentView.swift", "MyApp/Views/Card.swift"])
        #expect(rest == ["--at", "1.5", "-o", "still.png"])
        #expect(folder?.path == app.path)
        let images = LessonSource.split(["Lesson.swift", "--images", app.path, "--quiet", app.path])
        #expect(images.rest == ["--images", app.path, "--quiet"])
        #expect(images.files.count == 3 && images.folder?.path == app.path)
        // A folder of no Swift files is not an app: its name stays an argument (a scene may be named so).
        let empty = app.appendingPathComponent("Empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let none = LessonSource.split([empty.path, "x"])
        #expect(none.files.isEmpty && none.rest == [empty.path, "x"] && none.folder == nil)
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

/// What a SwiftUI file declares, read from its tokens: its previews (where each `#` stands, in
/// UTF-8 columns as the compiler counts them), its preview providers and its views.
@Suite struct LessonDeclarationsTests {
    @Test func previewsProvidersAndViews() {
        let source = """
            import SwiftUI
            // #Preview { not in a comment }
            let s = "#Preview"   /* #Preview */
            struct ContentView: View { var body: some View { Text("é #Preview") } }
            struct Row: Identifiable, View { let id = 1; var body: some View { EmptyView() } }
            final class Model: ObservableObject {}
            #Preview { ContentView() }
            /* 日本 */ #Preview("Dark", traits: .landscapeLeft) { ContentView() }
            struct ContentView_Previews: PreviewProvider { static var previews: some View { ContentView() } }
            # Preview
            """
        let declared = LessonDeclarations(reading: source)
        #expect(declared.previews == [.init(line: 7, column: 1), .init(line: 8, column: 14)])
        #expect(declared.previewProviders == ["ContentView_Previews"])
        #expect(declared.views == ["ContentView", "Row"])
    }

    /// The entry point a preview's expansion gets is named after the file's path, line and column.
    @Test func previewEntryNames() {
        #expect(MacroPlugin.entryName(file: "/a/ContentView.swift", line: 7, column: 1)
                == MacroPlugin.entryName(file: "/a/ContentView.swift", line: 7, column: 1))
        #expect(MacroPlugin.entryName(file: "/a/ContentView.swift", line: 7, column: 1).hasPrefix("animate_preview_"))
        #expect(MacroPlugin.entryName(file: "", line: 1, column: 1) == "animate_preview_cbf29ce484222325_1_1")
        #expect(MacroPlugin.entryName(file: "/a/A.swift", line: 7, column: 1) != MacroPlugin.entryName(file: "/b/A.swift", line: 7, column: 1))
    }

    /// Scenes with the same name (two untitled previews of one file) are told apart.
    @Test func repeatedNamesAreMadeDistinct() {
        func scene(_ name: String) -> Scene { Scene(name: name, description: "", duration: 1) { _, _ in } }
        let names = LessonSource.distinctlyNamed([scene("ContentView"), scene("ContentView"), scene("dark"), scene("ContentView")]).map(\.name)
        #expect(names == ["ContentView", "ContentView-2", "dark", "ContentView-3"])
    }

    /// A file without scenes or previews shows the view named like it, else its only view.
    @Test func theViewOfAFileWithoutPreviews() {
        let one = LessonSource.entrySource(declaring: [], files: [URL(fileURLWithPath: "/x/Card.swift")],
                                           declarations: [LessonDeclarations(views: ["Helper", "Card"])])
        #expect(one.contains("_PreviewScene(preview: nil, file: \"Card.swift\", line: 0) { Card() }"))
        let only = LessonSource.entrySource(declaring: [], files: [URL(fileURLWithPath: "/x/Main.swift")],
                                            declarations: [LessonDeclarations(views: ["Badge"])])
        #expect(only.contains("{ Badge() }"))
        let none = LessonSource.entrySource(declaring: [], files: [URL(fileURLWithPath: "/x/Main.swift")],
                                            declarations: [LessonDeclarations(views: ["A", "B"])])
        #expect(!none.contains("_PreviewScene"))
        let scenes = LessonSource.entrySource(declaring: ["intro"], files: [URL(fileURLWithPath: "/x/Card.swift")],
                                              declarations: [LessonDeclarations(views: ["Card"])])
        #expect(!scenes.contains("_PreviewScene"))
    }

    /// The compiler's closure-arity report is found, and the closure it names given typed
    /// parameters; headers it cannot be are left alone.
    @Test func aDrawingClosureIsRetypedWhereTheReportSays() {
        let log = "/tmp/a b/L.swift:3:70: \(ClosureRetyping.symptom)\n  |  `- error: ...\n/tmp/x.swift:5:1: error: other\n"
        let places = ClosureRetyping.places(in: log)
        #expect(places.count == 1 && places[0].path == "/tmp/a b/L.swift" && places[0].line == 3 && places[0].column == 70)
        let text = "import Animate\n\nlet s = Scene(name: \"é\", description: \"d\", duration: 2) { ctx, _ in\n    ctx.fill()\n}\n"
        let column = Array("let s = Scene(name: \"é\", description: \"d\", duration: 2) ".utf8).count + 1
        #expect(ClosureRetyping.retyped(text, line: 3, column: column)
                == "import Animate\n\nlet s = Scene(name: \"é\", description: \"d\", duration: 2) { (ctx: inout GraphicsContext, _: Frame) in\n    ctx.fill()\n}\n")
        #expect(ClosureRetyping.retyped("x { (a, b) in }", line: 1, column: 3) == "x { (a: inout GraphicsContext, b: Frame) in }")
        #expect(ClosureRetyping.retyped("x {  a, b in }", line: 1, column: 6) == "x { (a: inout GraphicsContext, b: Frame) in }", "at the first parameter")
        for (bad, column) in [("x { a in }", 3), ("x { a, b, c in }", 3), ("x { a, b }", 3), ("x ( a, b in", 3), ("x { a, b in", 40), ("{", 1), ("", 1), ("x y { a, b in }", 2)] {
            #expect(ClosureRetyping.retyped(bad, line: 1, column: column) == nil, "\(bad)")
        }
        #expect(ClosureRetyping.retyped("a\nb", line: 5, column: 1) == nil)
    }
}
