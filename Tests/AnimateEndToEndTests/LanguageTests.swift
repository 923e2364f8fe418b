import Animate
import AnimateTestSupport
import Foundation
import Testing

/// A lesson in another language: `--language` with a translator's PO file speaks and captions
/// the translation in that language's voice, and the beats wait for its words.
@Suite(.serialized) struct LanguageTests {
    static let french = """
    msgid ""
    msgstr ""
    "Language: fr\\n"

    msgid "This is a triangle. It has three sides and three corners."
    msgstr "Voici un triangle. Il a trois côtés et trois sommets."

    msgid "Let's colour its three angles: red, green, and blue."
    msgstr "Colorions ses trois angles : rouge, vert et bleu."

    msgid "Now cut the corners off, and put them side by side."
    msgstr "Maintenant, découpons les coins et mettons-les côte à côte."

    msgid "Together they make a straight line: one hundred and eighty degrees."
    msgstr "Ensemble, ils forment une ligne droite : cent quatre-vingts degrés."

    msgid "red"
    msgstr "rouge"
    """

    /// The red wedge's pixel near the triangle's lower left corner in a 320x180 still at `time`.
    static func redWedgeShows(_ dir: URL, _ time: Double, language: URL?) async throws -> Bool {
        let still = dir.appendingPathComponent("still-\(time)-\(language == nil ? "en" : "fr").png")
        let r = try await run(animateBinary(), ["angles", "--size", "320x180", "--at", String(time), "-o", still.path]
                                + (language.map { ["--language", $0.path] } ?? []))
        #expect(r.status == 0, "\(r.stderr)")
        let image = try Image(contentsOf: still)
        let i = (107 * image.width + 97) * 4
        let (red, green) = (Int(image.rgba[i]), Int(image.rgba[i + 1]))
        return red > green + 60
    }

    @Test func aLessonSpeaksAndCaptionsItsTranslationAndWaitsForIt() async throws {
        let dir = scratchDirectory()
        let po = dir.appendingPathComponent("fr.po")
        try Self.french.write(to: po, atomically: true, encoding: .utf8)
        var words: [String: [[String: Any]]] = [:]
        for (name, language) in [("en", nil), ("fr", po)] as [(String, URL?)] {
            let json = dir.appendingPathComponent("\(name).json"), vtt = dir.appendingPathComponent("\(name).vtt")
            for captions in [json, vtt] {
                let r = try await run(animateBinary(), ["angles", "--size", "320x180", "--fps", "10", "-o", dir.appendingPathComponent("\(name).mp4").path,
                                                        "--captions", captions.path, "--quiet"] + (language.map { ["--language", $0.path] } ?? []))
                #expect(r.status == 0, "\(r.stderr)")
            }
            words[name] = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]]
            let text = try String(contentsOf: vtt, encoding: .utf8)
            #expect(text.contains(name == "fr" ? "Voici un triangle." : "This is a triangle."), "\(text)")
        }
        // The French voice says "rouge" where the English one says "red", at its own time; the
        // red angle appears when the word is spoken in either.
        func start(_ language: String, _ word: String) throws -> Double {
            let token = try #require(words[language]?.first { ($0["text"] as? String)?.trimmingCharacters(in: .whitespaces).hasPrefix(word) == true })
            return Double(try #require(token["startMs"] as? Int)) / 1000
        }
        let red = try start("en", "red"), rouge = try start("fr", "rouge")
        #expect(abs(red - rouge) > 0.2, "the beats are timed to each language's words: red at \(red) s, rouge at \(rouge) s")
        #expect(try await !Self.redWedgeShows(dir, rouge - 0.15, language: po))
        #expect(try await Self.redWedgeShows(dir, rouge + 0.5, language: po))
        #expect(try await Self.redWedgeShows(dir, red + 0.5, language: nil))
    }

    @Test func aMissingOrBrokenLanguageFileIsOneLine() async throws {
        let dir = scratchDirectory()
        let out = dir.appendingPathComponent("x.mp4")
        var r = try await run(animateBinary(), ["angles", "--language", "xx", "-o", out.path], currentDirectory: dir)
        #expect(r.status == 1 && r.stderr == "error: cannot read the strings of --language Localizations/xx.po: no such file\n", "\(r.stderr)")
        let bad = dir.appendingPathComponent("bad.po")
        try "msgid \"a\"\nmsgstr \"b\"\nmsgid \"c\n".write(to: bad, atomically: true, encoding: .utf8)
        r = try await run(animateBinary(), ["angles", "--language", bad.path, "-o", out.path])
        #expect(r.status == 1 && r.stderr == "error: cannot read the strings of --language \(bad.path): line 3: expected a string in double quotes\n", "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// ffprobe's streams of `url`: type, codec and language tag each.
    static func streams(_ url: URL) async throws -> [(type: String, codec: String, language: String)] {
        let ffprobe = try #require(which("ffprobe"))
        let r = try await run(ffprobe, ["-v", "error", "-show_entries", "stream=codec_type,codec_name:stream_tags=language", "-of", "compact=p=0", url.path])
        return r.stdout.split(separator: "\n").map { line in
            var f: [String: String] = [:]
            for part in line.split(separator: "|") {
                let kv = part.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { f[String(kv[0])] = String(kv[1]) }
            }
            return (f["codec_type"] ?? "", f["codec_name"] ?? "", f["tag:language"] ?? "")
        }
    }

    @Test func languagesGoIntoOneFileAsTaggedStreams() async throws {
        let dir = scratchDirectory()
        let po = dir.appendingPathComponent("fr.po")
        try Self.french.write(to: po, atomically: true, encoding: .utf8)
        let multi = dir.appendingPathComponent("angles.mkv")
        var r = try await run(animateBinary(), ["angles", "--size", "320x180", "--fps", "10", "--languages", "en,\(po.path)", "-o", multi.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let found = try await Self.streams(multi)
        // The French voice times the lesson differently: a picture for each language, with its sound and captions.
        #expect(found.map(\.type) == ["video", "audio", "subtitle", "video", "audio", "subtitle"], "\(found)")
        #expect(found.map(\.language) == ["eng", "eng", "eng", "fra", "fra", "fra"], "\(found)")
        #expect(found.filter { $0.type == "subtitle" }.allSatisfy { $0.codec == "subrip" })
        let ffmpeg = try #require(which("ffmpeg"))
        let french = try await run(ffmpeg, ["-v", "error", "-i", multi.path, "-map", "0:s:1", "-f", "srt", "-"])
        #expect(french.stdout.contains("Voici un triangle."), "\(french.stdout)")
        // The same in MP4: its own text captions (mov_text), tagged, the times kept.
        let mp4 = dir.appendingPathComponent("angles.mp4")
        r = try await run(animateBinary(), ["angles", "--size", "320x180", "--fps", "10", "--languages", "en,\(po.path)", "-o", mp4.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let inMP4 = try await Self.streams(mp4)
        #expect(inMP4.map(\.codec) == ["h264", "aac", "mov_text", "h264", "aac", "mov_text"] && inMP4.map(\.language) == found.map(\.language), "\(inMP4)")
        let frenchMP4 = try await run(ffmpeg, ["-v", "error", "-i", mp4.path, "-map", "0:s:1", "-f", "srt", "-"])
        #expect(frenchMP4.stdout.hasPrefix("1\n00:00:00,600 --> ") && frenchMP4.stdout.contains("Voici un triangle."),
                "the first cue as the narration starts, at 0.6 s: \(frenchMP4.stdout.prefix(80))")
        // A lesson whose frames do not depend on its words keeps one picture for every language.
        let same = dir.appendingPathComponent("hexagons.mkv")
        r = try await run(animateBinary(), ["hexagons", "--size", "160x90", "--fps", "10", "--duration", "1", "--languages", "en,\(po.path)", "-o", same.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try await Self.streams(same).map(\.type) == ["video"])
        // Only Matroska and MP4 hold them, and the languages make their own sound and captions.
        r = try await run(animateBinary(), ["angles", "--languages", "en,fr", "-o", dir.appendingPathComponent("x.mov").path])
        #expect(r.status == 64 && r.stderr.contains("give -o a .mkv or .mp4 name"), "\(r.stderr)")
        r = try await run(animateBinary(), ["angles", "--languages", "en,fr", "-o", multi.path, "--captions", dir.appendingPathComponent("c.vtt").path])
        #expect(r.status == 64 && r.stderr.contains("leave out --language, --captions and --chapters"), "\(r.stderr)")
    }
}

