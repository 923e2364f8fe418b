import AnimateTestSupport
import AnimateVideo
import Foundation
import Testing

/// An app's folder of SwiftUI files written as public tutorials and apps write them
/// (`Tests/SwiftUIFiles/Corpus`: 26 files, one idiom or more each, unchanged), rendered with
/// `animate Corpus/ <preview> --at T`: each still shows what its code says it draws.
@Suite(.serialized) struct SwiftUICorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SwiftUIFiles/Corpus")

    /// A decoded still.
    struct Still {
        let width: Int, height: Int
        let rgba: [UInt8]

        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let p = (y * width + x) * 4
            return (Int(rgba[p]), Int(rgba[p + 1]), Int(rgba[p + 2]))
        }

        static func near(_ a: (Int, Int, Int), _ b: (Int, Int, Int), within: Int = 40) -> Bool {
            abs(a.0 - b.0) < within && abs(a.1 - b.1) < within && abs(a.2 - b.2) < within
        }

        /// The pixels near `color`: how many, and the box around them.
        func find(_ color: (Int, Int, Int), within: Int = 40) -> (count: Int, minX: Int, minY: Int, maxX: Int, maxY: Int) {
            var count = 0, minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
            for y in 0..<height {
                for x in 0..<width where Self.near(pixel(x, y), color, within: within) {
                    count += 1
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
            return (count, minX, minY, maxX, maxY)
        }

        /// Runs of columns holding `color` (separate shapes side by side).
        func columnRuns(_ color: (Int, Int, Int)) -> Int {
            var runs = 0, inside = false
            for x in 0..<width {
                let has = (0..<height).contains { Self.near(pixel(x, $0), color) }
                if has && !inside { runs += 1 }
                inside = has
            }
            return runs
        }
    }

    static let yellow = (255, 204, 0), green = (52, 199, 89), red = (255, 59, 48), orange = (255, 149, 0), blue = (0, 122, 255)
    static let purple = (175, 82, 222), teal = (48, 176, 199), indigo = (88, 86, 214), mint = (0, 199, 190), pink = (255, 45, 85)
    static let white = (255, 255, 255), black = (0, 0, 0)

    let binary = animateBinary()
    let output = scratchDirectory(), cache = scratchDirectory()

    func still(_ scene: String, at time: Double, _ extra: [String] = []) async throws -> Still {
        let file = output.appendingPathComponent("\(scene)-\(time).png")
        let result = try await run("/usr/bin/env", ["XDG_CACHE_HOME=\(cache.path)", binary, Self.corpus.path, scene, "--at", "\(time)",
                                                    "-o", file.path, "--quiet"] + extra, timeLimit: 600)
        #expect(result.status == 0, "\(scene): \(result.stderr)")
        let decoded = try ImageDecoder.decode([UInt8](Data(contentsOf: file)))
        return Still(width: decoded.width, height: decoded.height, rgba: decoded.rgba)
    }

    @Test func everyFileCompilesUnchangedAndEachPreviewIsAScene() async throws {
        let list = try await run("/usr/bin/env", ["XDG_CACHE_HOME=\(cache.path)", binary, "list", Self.corpus.path], timeLimit: 600)
        #expect(list.status == 0, "\(list.stderr)")
        let names = Set(list.stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) })
        #expect(names == ["LegacyPreview", "aurora", "badge", "bars", "brand", "brand-dark", "card", "clock", "counter", "date", "flip", "global",
                          "hero", "lessons", "night", "offset", "path", "petals", "profile", "pulse", "rain", "rating", "rich", "screen",
                          "settings", "spin", "wave", "weather"])
    }

    @Test func symbolsAndAssetsDrawWhatTheyName() async throws {
        let weather = try await still("weather", at: 0)
        #expect(weather.width == 390 && weather.height == 844)
        let sun = weather.find(Self.yellow)
        #expect(sun.count > 300 && sun.maxX - sun.minX > 40, "a yellow sun, multicolour: \(sun)")
        #expect(weather.find(Self.blue, within: 60).count > 5000, "on the card's blue")

        let profile = try await still("profile", at: 0)
        let person = profile.find(Self.purple)
        #expect(abs(person.maxX - person.minX - 80) <= 6 && abs(person.maxY - person.minY - 80) <= 6, "an 80-point purple avatar: \(person)")
        let text = profile.find(Self.black, within: 60)
        #expect(text.count > 100 && text.minX > person.maxX, "its name beside it")

        let rating = try await still("rating", at: 0)
        #expect(rating.columnRuns(Self.yellow) == 3, "three yellow stars")
        #expect(rating.columnRuns((142, 142, 147)) == 2, "two grey outlines")
        #expect(rating.find(Self.yellow).maxX < rating.find((142, 142, 147)).minX)

        let light = try await still("brand", at: 0), dark = try await still("brand-dark", at: 0)
        let brand = light.find((204, 102, 51), within: 8)
        #expect(brand.maxX - brand.minX == 199 && brand.maxY - brand.minY == 59, "the catalog's colour: \(brand)")
        let logo = light.find((0, 128, 0), within: 8)
        #expect(logo.maxX - logo.minX == 59 && logo.minY == brand.maxY + 1, "the catalog's 1x picture below it: \(logo)")
        #expect(dark.pixel(5, 5) == Self.black, "a dark window")
        #expect(dark.find((100, 200, 255), within: 8).count == 200 * 60, "the colour's dark appearance")
        #expect(dark.find((255, 255, 0), within: 8).count == 60 * 40, "the picture's dark appearance")

        // A PDF image set: rendered at the size it covers, so the blue square's edges are whole
        // pixels (10 of 40 points shown at 160: 40x40 pixels of pure blue); as a template, green.
        let badge = try await still("badge", at: 0)
        let square = badge.find((0, 0, 255), within: 2)
        #expect(square.count == 40 * 40 && square.maxX - square.minX == 39, "\(square)")
        #expect(badge.find((255, 0, 0), within: 2).count > 2500, "the red disc round it")
        let tinted = badge.find((52, 199, 89), within: 2)
        #expect(tinted.count > 2500 && tinted.minX > square.maxX && tinted.maxX - tinted.minX > 60, "the template, filled green: \(tinted)")

        let lessons = try await still("lessons", at: 0)
        #expect(lessons.find((242, 242, 247), within: 4).count > 100_000, "a grouped list's grey")
        #expect(lessons.columnRuns(Self.black) >= 2, "book symbols beside the titles")
    }

    @Test func animationsMoveBetweenTheirStates() async throws {
        // withAnimation(.easeInOut(duration: 1).repeatForever()) scaling 1 to 2: at rest, half way, there.
        var widths: [Int] = []
        for t in [0.0, 0.5, 1.0] {
            let pulse = try await still("pulse", at: t)
            let red = pulse.find(Self.red)
            widths.append(red.maxX - red.minX + 1)
        }
        #expect(abs(widths[0] - 100) <= 3 && abs(widths[1] - 150) <= 4 && abs(widths[2] - 200) <= 3, "\(widths)")

        // A linear turn of 360° in 4 s: flat at 0, upright at 1 s.
        let flat = try await still("spin", at: 0), upright = try await still("spin", at: 1)
        let a = flat.find(Self.orange), b = upright.find(Self.orange)
        #expect(abs(a.maxX - a.minX - 200) <= 3 && abs(a.maxY - a.minY - 40) <= 3, "\(a)")
        #expect(abs(b.maxX - b.minX - 40) <= 3 && abs(b.maxY - b.minY - 200) <= 3, "\(b)")

        // A TimelineView ticking each second: the clock's hand up at 0 s, right of centre after 10 s (60°).
        let noon = try await still("clock", at: 0.5), later = try await still("clock", at: 10.5, ["--duration", "12"])
        let hand0 = noon.find(Self.red), hand10 = later.find(Self.red)
        #expect(hand0.maxX - hand0.minX <= 6 && hand0.maxY <= noon.height / 2 + 3, "\(hand0)")
        #expect(hand10.minX >= later.width / 2 - 3 && hand10.maxX - hand10.minX > 80, "\(hand10)")
    }

    @Test func layoutModifiersAndModelsDrawAsDescribed() async throws {
        let petals = try await still("petals", at: 0)
        let (cx, cy) = (petals.width / 2, petals.height / 2)
        for k in 0..<8 {
            let angle = Double(k) * .pi / 4
            let x = cx + Int((70 * sin(angle)).rounded()), y = cy - Int((70 * cos(angle)).rounded())
            #expect(Still.near(petals.pixel(x, y), Self.green), "petal \(k) turned to \(k * 45)°")
        }

        let night = try await still("night", at: 0)
        #expect(night.pixel(0, 0) == Self.black && night.find(Self.white, within: 30).count > 200, "white stars and text on black")

        let settings = try await still("settings", at: 0)
        #expect(settings.find(Self.green).count > 300, "the toggle on")
        #expect(settings.find(Self.blue).count > 300, "the slider's and progress bar's fill")

        let screen = try await still("screen", at: 0)
        let bar = screen.find(Self.blue, within: 8)
        // 195 points centred on 390: its edges fall on half pixels.
        #expect(abs(bar.maxX - bar.minX + 1 - 195) <= 1 && bar.maxY - bar.minY + 1 == 40, "half the screen's width: \(bar)")

        let card = try await still("card", at: 0)
        let yellow = card.find(Self.yellow, within: 8)
        let ink = card.find(Self.black, within: 80)
        #expect(yellow.count > 2000 && ink.minX > yellow.minX && ink.maxX < yellow.maxX && ink.minY > yellow.minY, "text on a yellow card")

        let bars = try await still("bars", at: 0)
        #expect(bars.columnRuns(Self.teal) == 3)
        let heights = [0, 1, 2].map { i -> Int in
            let box = bars.find(Self.teal)
            let x = box.minX + 20 + i * 60
            return (0..<bars.height).filter { Still.near(bars.pixel(x, $0), Self.teal) }.count
        }
        #expect(heights == [60, 160, 100], "bars of 30%, 80% and 50% of 200 points, bottoms aligned")

        let global = try await still("global", at: 0)
        #expect(global.find(Self.green, within: 8).count == 100 * 100 && global.find(Self.red, within: 8).count == 0,
                "the reader is 100 points down the window, not at its own origin")

        let wave = try await still("wave", at: 0)
        let curve = wave.find(Self.blue)
        #expect(curve.maxX - curve.minX >= 298 && curve.maxY - curve.minY >= 100, "a wave 300 wide, half its height high: \(curve)")

        let counter = try await still("counter", at: 0)
        #expect(counter.columnRuns(Self.indigo) == 3, "an @Observable model's count of circles")

        let date = try await still("date", at: 0)
        #expect(date.find(Self.black, within: 80).count > 200)

        let legacy = try await still("LegacyPreview", at: 0)
        #expect(legacy.width == 120 && legacy.height == 80, "previewLayout(.sizeThatFits): the tile's own size")
        #expect(legacy.find(Self.pink, within: 8).count > 120 * 80 - 200, "filled but for its rounded corners")

        let path = try await still("path", at: 0)
        let triangle = path.find(Self.mint)
        #expect(triangle.maxX - triangle.minX >= 97 && triangle.maxY - triangle.minY >= 97, "\(triangle)")
        #expect(Still.near(path.pixel(triangle.minX + 5, triangle.minY + 5), Self.white), "a triangle, not a square")

        let hero = try await still("hero", at: 0)
        let small = hero.find(Self.blue, within: 8)
        #expect(abs(small.maxX - small.minX - 99) <= 1 && abs(small.maxY - small.minY - 59) <= 1, "\(small)")
    }

    @Test func devicesTicksPerspectiveMeshesAndRichText() async throws {
        // A canvas that moves its model each time it draws: once per 60 Hz refresh, whatever the frame rate.
        let rain24 = try await still("rain", at: 2, ["--fps", "24"]), rain60 = try await still("rain", at: 2, ["--fps", "60"])
        #expect(rain24.rgba == rain60.rgba, "the same picture at 24 and 60 fps")
        #expect(rain60.columnRuns(Self.green) >= 15, "about 20 drops fallen in 2 s (one every 6 refreshes)")

        // Turned 50° about the vertical in perspective: the near side taller than the far side.
        let flip = try await still("flip", at: 0)
        let orange = flip.find(Self.orange)
        func height(_ x: Int) -> Int { (0..<flip.height).filter { Still.near(flip.pixel(x, $0), Self.orange) }.count }
        let right = (orange.minX...orange.maxX).filter { height($0) > 0 }.last ?? 0
        let columns = (orange.minX...right).filter { height($0) > 0 }
        // The second card: past the first one's 100 columns and the spacing.
        let second = columns.filter { $0 > orange.minX + 120 }
        #expect(second.count > 40 && second.count < 90, "about cos 50° of 100 wide: \(second.count)")
        if let near = second.first, let far = second.last { #expect(height(near + 2) > height(far - 2) + 20, "\(height(near + 2)) \(height(far - 2))") }

        // A mesh: red, blue, green and yellow corners, blended between.
        let aurora = try await still("aurora", at: 0)
        #expect(Still.near(aurora.pixel(1, 1), Self.red, within: 20) && Still.near(aurora.pixel(aurora.width - 2, aurora.height - 2), Self.yellow, within: 20))
        let middle = aurora.pixel(aurora.width / 2, aurora.height / 2)
        #expect(middle.0 > 60 && middle.1 > 60 && middle.2 > 30, "the four blended: \(middle)")

        // Markdown, a specifier and a symbol in one line of text, struck text and a link.
        let rich = try await still("rich", at: 0)
        #expect(rich.find(Self.orange).count > 200, "the rating's line, star and all, in orange")
        #expect(rich.find(Self.blue).count > 50, "the link in the accent colour")

        // A reader measuring itself in a named space: 200 points below the page's top.
        let offset = try await still("offset", at: 0)
        #expect(offset.find(Self.green, within: 8).count > 300 * 90 && offset.find(Self.red, within: 8).count == 0)
    }
}
