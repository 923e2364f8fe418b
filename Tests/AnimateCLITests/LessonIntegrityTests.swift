@testable import AnimateCLI
import Foundation
import Testing

/// What guards the lesson path before a compiler or the loader sees a file: UTF-8 checked with
/// the offending byte named, and compiled libraries sealed so damage of any kind is found.
struct LessonIntegrityTests {
    /// Random bytes, mostly text with UTF-8 damage of every kind mixed in (stray continuation
    /// bytes, overlong forms, surrogates, values past U+10FFFF, sequences cut short).
    static func hostileBytes(_ generator: inout SystemRandomNumberGenerator, count: Int) -> [UInt8] {
        let pieces: [[UInt8]] = [Array("let x = 1\n".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8), [0x80], [0xBF], [0xC0, 0x80],
                                 [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5], [0xFF],
                                 [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3]]
        var bytes: [UInt8] = []
        while bytes.count < count {
            if Int.random(in: 0..<4, using: &generator) == 0 { bytes.append(UInt8.random(in: 0...255, using: &generator)) }
            else { bytes += pieces.randomElement(using: &generator)! }
        }
        return bytes
    }

    /// The first bad byte agrees with Swift's own UTF-8 decoder: text up to it decodes, and the
    /// whole text decodes exactly when none is found, over 2000 random hostile texts.
    @Test func theFirstInvalidByteAgreesWithSwiftsDecoder() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let bytes = Self.hostileBytes(&generator, count: Int.random(in: 0...60, using: &generator))
            let result = LessonSource.firstInvalidUTF8(in: Data(bytes)), found = result?.offset
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect((found == nil) == valid, "\(bytes)")
            if let found {
                #expect(String(validating: bytes[..<found], as: UTF8.self) != nil, "\(bytes) at \(found)")
                // The bytes from there on cannot begin a character: none of their first four prefixes decodes.
                let rest = bytes[found...]
                #expect((1...min(4, rest.count)).allSatisfy { String(validating: rest.prefix($0), as: UTF8.self) == nil }, "\(bytes) at \(found)")
                // Cut short: what is there is the start of a character, which one more byte could complete.
                if result?.cut == true {
                    #expect(rest.count < 4 && (0xC2...0xF4).contains(rest.first!) && rest.dropFirst().allSatisfy { $0 & 0xC0 == 0x80 }, "\(bytes)")
                }
            }
        }
    }

    @Test func aLessonThatIsNotUTF8IsRefusedNamingTheByteAndTheLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animate-utf8-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("Lesson.swift")
        try Data("import Animate\n// caf".utf8 + [0xE9] + Data("\n".utf8)).write(to: file)
        #expect(throws: LessonSource.Failure.self) { try LessonSource.text(of: file) }
        do { _ = try LessonSource.text(of: file) } catch {
            #expect(error.description == "cannot read \(file.path): not UTF-8 text: byte 21 (line 2) is 0xE9; save the file as UTF-8")
        }
        try Data("let s = \"".utf8 + [0xE2, 0x82]).write(to: file)
        do { _ = try LessonSource.text(of: file) } catch {
            #expect(error.description.hasSuffix("not UTF-8 text: it ends inside a character (line 1); save the file as UTF-8"))
        }
        try Data("let s = \"€\"\n".utf8).write(to: file)
        #expect(try LessonSource.text(of: file) == "let s = \"€\"\n")
    }

    /// A sealed library is sound; any damage (cut anywhere, a byte changed anywhere, bytes added,
    /// replaced by others, emptied) is found.
    @Test func aSealedLibraryFindsEveryKindOfDamage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animate-seal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("lesson.so")
        var generator = SystemRandomNumberGenerator()
        let original = (0..<20_011).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(!CompiledLesson.isSound(url), "a missing file")
        try Data(original).write(to: url)
        #expect(!CompiledLesson.isSound(url), "never sealed")
        try CompiledLesson.seal(url)
        #expect(CompiledLesson.isSound(url))
        let sealed = try Data(contentsOf: url)
        #expect(sealed.prefix(original.count) == Data(original), "the library's bytes are kept as they were")
        for trial in 0..<200 {
            var damaged = [UInt8](sealed)
            switch trial % 5 {
            case 0: damaged.removeLast(Int.random(in: 1...damaged.count, using: &generator))
            case 1: damaged[Int.random(in: 0..<damaged.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
            case 2: damaged += (0..<Int.random(in: 1...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            case 3: damaged = (0..<damaged.count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            default: damaged = []
            }
            try Data(damaged).write(to: url)
            #expect(!CompiledLesson.isSound(url), "damage \(trial % 5)")
        }
    }

    /// Build folders of runs that are gone are removed; this run's and a live process's stay.
    @Test func staleBuildFoldersAreSwept() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animate-sweep-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        // A pid no process has: past the kernel's largest.
        let gone = dir.appendingPathComponent("build-4194305"), mine = dir.appendingPathComponent("build-\(getpid())")
        let parent = dir.appendingPathComponent("build-\(getppid())"), library = dir.appendingPathComponent("lesson-x.so")
        for folder in [gone, mine, parent] { try FileManager.default.createDirectory(at: folder.appendingPathComponent("tmp"), withIntermediateDirectories: true) }
        try Data("x".utf8).write(to: library)
        CompiledLesson.removeStaleBuilds(in: dir)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [mine, parent, library].map(\.lastPathComponent).sorted())
    }
}
