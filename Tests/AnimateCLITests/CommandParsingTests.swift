import Animate
import AnimateScenes
import ArgumentParser
@testable import AnimateCLI
import Foundation
import Testing

/// The command line parsed in process (`parseAsRoot`), as argument-parser's own tests do: what each
/// option becomes in the library's request, and the one line and exit code of each kind of mistake.
/// The built tool is run end to end in AnimateEndToEndTests.
@Suite(.serialized) struct CommandParsingTests {
    init() { Tool.catalog = BuiltinScenes.catalog }

    /// The command `arguments` parse to, with `validate()` run as `main` runs it.
    func parse(_ arguments: [String]) throws -> ParsableCommand {
        var command = try AnimateCommand.parseAsRoot(arguments)
        try command.validate()
        return command
    }

    /// The message and exit code `main` would print and return for `arguments`.
    func failure(_ arguments: [String]) -> (message: String, code: Int32) {
        do {
            _ = try parse(arguments)
            return ("", 0)
        } catch {
            return (AnimateCommand.message(for: error), AnimateCommand.exitCode(for: error).rawValue)
        }
    }

    @Test func aSceneAloneIsARenderOfThatSceneToItsMP4() throws {
        let command = try #require(try parse(["hexagons"]) as? RenderCommand)
        let request = try command.request(readingImages: false)
        #expect(request.scene.name == "hexagons")
        #expect(request.rate == FrameRate(numerator: 60)!)
        guard case .mp4(let url)? = request.output else { Issue.record("not an MP4: \(String(describing: request.output))"); return }
        #expect(url.lastPathComponent == "hexagons.mp4")
    }

    @Test func optionsReachTheRequest() throws {
        let command = try #require(try parse(["starfield", "--fps", "30000/1001", "--size", "320x180", "--frames", "3..9",
                                              "-o", "s.webm", "--quality", "draft"]) as? RenderCommand)
        let request = try command.request(readingImages: false)
        #expect(request.rate == FrameRate(numerator: 30000, denominator: 1001))
        #expect(request.width == 320 && request.height == 180)
        #expect(request.frames == 3...9)
        guard case .webm? = request.output else { Issue.record("not WebM"); return }
        #expect(request.encoding.quality == .draft)
    }

    @Test(arguments: [
        (["hexagons", "--size", "65x37"], "even width and height"),
        (["hexagons", "--fps", "0"], "--fps"),
        (["hexagons", "--fps", "abc"], "--fps"),
        (["hexagons", "--frames", "9..3"], "--frames"),
        (["hexagons", "--shard", "3/2"], "--shard"),
        (["hexagons", "--at", "1e18", "-o", "still.png"], "--at"),
        (["hexagon"], "hexagons"),
        (["hexagons", "--no-such-option"], "--no-such-option"),
        (["hash", "hexagons", "--step", "0"], "--step"),
    ])
    func mistakesAreOneLineAndUsageExitCode(arguments: [String], mentions: String) {
        let (message, code) = failure(arguments)
        #expect(code == 64, "\(arguments): exit \(code), \(message)")
        #expect(message.contains(mentions), "\(arguments): \(message)")
        #expect(!message.isEmpty && !message.trimmingCharacters(in: .whitespacesAndNewlines).contains("\n"),
                "\(arguments): not one line: \(message)")
    }

    /// A mistake quotes the argument back; what a terminal would act on in it is spelled out.
    @Test func quotedArgumentsCannotDriveTheTerminal() {
        for arguments in [["hexagons", "--size", "1x\u{1B}]0;title\u{7}"], ["hexagons", "--fps", "\u{1B}[2J"],
                          ["no\u{1B}[31mscene"], ["hexagons", "--bogus\u{9B}2J"]] {
            do {
                _ = try parse(arguments)
                Issue.record("\(arguments) parsed")
            } catch {
                let (text, code) = AnimateCLI.answer(to: error)
                #expect(code.rawValue == 64)
                #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x7 || $0.value == 0x9B }, "\(text)")
                #expect(text.contains("\\u{1B}") || text.contains("\\u{9B}"), "\(text)")
            }
        }
    }

    @Test func subcommandsParseInProcess() throws {
        #expect(try parse(["list"]) is ListCommand)
        #expect(try parse(["sheet", "hexagons"]) is SheetCommand)
        #expect(try parse(["hash", "hexagons", "--size", "320x180", "--step", "30"]) is HashCommand)
        #expect(try parse(["concat", "a.mp4", "b.mp4", "-o", "joined.mp4"]) is ConcatCommand)
    }

    /// Extreme values that are valid: a step past every frame hashes the first frame alone; a still
    /// far past the end is refused with the scene's length, not a trap.
    @Test func extremeValuesAreAnsweredNotTrapped() throws {
        #expect(try parse(["hash", "hexagons", "--step", "9223372036854775807"]) is HashCommand)
        let scene = try BuiltinScenes.catalog.scene(named: "hexagons")
        #expect(try RenderRequest(scene: scene, step: .max).frameIndices == [0])
        for at in ["9.2e18", "1e308"] {
            let (message, code) = failure(["hexagons", "--at", at, "-o", "still.png"])
            #expect(code == 64 && message.contains("past the end"), "--at \(at): \(message)")
        }
    }
}
