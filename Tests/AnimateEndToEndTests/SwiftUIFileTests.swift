import AnimateTestSupport
import AnimateVideo
import Foundation
import Testing

/// SwiftUI files as Xcode writes them, rendered unchanged with `animate File.swift`: their
/// imports, their `#Preview`s and `PreviewProvider`s as scenes, and a file with only a view.
@Suite(.serialized) struct SwiftUIFileTests {
    let binary = animateBinary()

    func animate(_ args: [String], in dir: URL, cache: URL) async throws -> (status: Int32, stdout: String, stderr: String) {
        try await run("/usr/bin/env", ["XDG_CACHE_HOME=\(cache.path)", binary] + args, currentDirectory: dir, timeLimit: 600)
    }

    static let files = [
        "ContentView.swift": """
            import SwiftUI

            struct ContentView: View {
                @State private var scale = 0.3

                var body: some View {
                    VStack(spacing: 20) {
                        Circle()
                            .fill(Color.blue)
                            .frame(width: 200, height: 200)
                            .scaleEffect(scale)
                        Text("Hello, SwiftUI")
                            .font(.title)
                    }
                    .onAppear {
                        withAnimation(.easeInOut(duration: 1.5)) { scale = 1 }
                    }
                }
            }

            #Preview {
                ContentView()
            }

            #Preview("Landscape", traits: .landscapeLeft) {
                ContentView()
            }
            """,
        "Badge.swift": """
            import SwiftUI
            import UIKit
            import CoreGraphics
            import Foundation

            // #Preview { not this one }
            struct Badge: View {
                let label = "#Preview"
                var body: some View {
                    Text("5 stars").font(.largeTitle).padding().background(Color.orange)
                }
            }

            struct Badge_Previews: PreviewProvider {
                static var previews: some View {
                    Badge()
                        .previewLayout(.sizeThatFits)
                }
            }
            """,
        "Card.swift": """
            import SwiftUI

            struct Card: View {
                var body: some View {
                    RoundedRectangle(cornerRadius: 20).fill(Color.green).frame(width: 120, height: 80)
                }
            }
            """,
        "Layouts.swift": """
            import SwiftUI

            #Preview("Small badge", traits: .sizeThatFitsLayout) {
                Text("fits").padding()
            }

            #Preview(traits: .fixedLayout(width: 300, height: 200)) {
                Color.purple
            }

            #Preview {
                Color.purple
            }
            """,
        "Broken.swift": """
            import SwiftUI

            #Preview {
                Text("x").nonexistentModifier()
            }
            """,
    ]

    /// How many pixels of `picture` are near `color`, and the widest run of them on a row.
    func pixels(_ url: URL, near color: (Int, Int, Int)) throws -> (count: Int, widest: Int, width: Int, height: Int) {
        let picture = try ImageDecoder.decode([UInt8](Data(contentsOf: url)))
        var count = 0, widest = 0
        for y in 0..<picture.height {
            var row = 0
            for x in 0..<picture.width {
                let p = (y * picture.width + x) * 4
                if abs(Int(picture.rgba[p]) - color.0) < 40 && abs(Int(picture.rgba[p + 1]) - color.1) < 40 && abs(Int(picture.rgba[p + 2]) - color.2) < 40 {
                    count += 1; row += 1
                }
            }
            widest = max(widest, row)
        }
        return (count, widest, picture.width, picture.height)
    }

    @Test func filesRenderUnchanged() async throws {
        let dir = scratchDirectory(), cache = scratchDirectory()
        for (name, text) in Self.files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        func names(_ file: String) async throws -> [String] {
            let list = try await animate(["list", file], in: dir, cache: cache)
            #expect(list.status == 0, "\(file): \(list.stderr)")
            return list.stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
        }
        #expect(try await names("ContentView.swift") == ["ContentView", "landscape"])
        #expect(try await names("Badge.swift") == ["Badge"])
        #expect(try await names("Card.swift") == ["Card"])
        #expect(try await names("Layouts.swift") == ["small-badge", "Layouts", "Layouts-2"])

        // The file's first preview, on a phone's screen, its animation under way and then done.
        for (at, width) in [("0", 60), ("1.5", 200)] {
            let still = try await animate(["ContentView.swift", "--at", at, "-o", "content\(at).png"], in: dir, cache: cache)
            #expect(still.status == 0, "\(still.stderr)")
            let blue = try pixels(dir.appendingPathComponent("content\(at).png"), near: (0, 122, 255))
            #expect(blue.width == 390 && blue.height == 844)
            #expect(abs(blue.widest - width) <= 3, "at \(at) s the circle is \(blue.widest) px wide")
        }
        let landscape = try await animate(["ContentView.swift", "landscape", "--at", "1.5", "-o", "landscape.png"], in: dir, cache: cache)
        #expect(landscape.status == 0, "\(landscape.stderr)")
        let turned = try pixels(dir.appendingPathComponent("landscape.png"), near: (0, 122, 255))
        #expect(turned.width == 844 && turned.height == 390 && abs(turned.widest - 200) <= 3)

        let badge = try await animate(["Badge.swift", "--at", "0", "-o", "badge.png"], in: dir, cache: cache)
        #expect(badge.status == 0, "\(badge.stderr)")
        #expect(try pixels(dir.appendingPathComponent("badge.png"), near: (255, 149, 0)).count > 1000)
        let card = try await animate(["Card.swift", "--at", "0", "-o", "card.png"], in: dir, cache: cache)
        #expect(card.status == 0, "\(card.stderr)")
        let green = try pixels(dir.appendingPathComponent("card.png"), near: (52, 199, 89))
        #expect(green.widest == 120, "\(green)")

        let fits = try await animate(["Layouts.swift", "small-badge", "--at", "0", "-o", "fits.png"], in: dir, cache: cache)
        #expect(fits.status == 0, "\(fits.stderr)")
        let small = try pixels(dir.appendingPathComponent("fits.png"), near: (0, 0, 0))
        #expect(small.width > 20 && small.width < 200 && small.height > 20 && small.height < 100, "\(small)")
        let fixed = try await animate(["Layouts.swift", "Layouts", "--at", "0", "-o", "fixed.png"], in: dir, cache: cache)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        let purple = try pixels(dir.appendingPathComponent("fixed.png"), near: (175, 82, 222))
        #expect(purple.width == 300 && purple.height == 200 && purple.count == 300 * 200, "\(purple)")
    }

    /// A mistake inside a preview is the compiler's own report, with the file's line, then one line.
    @Test func aMistakeInAPreviewIsReportedWhereItIs() async throws {
        let dir = scratchDirectory(), cache = scratchDirectory()
        try Self.files["Broken.swift"]!.write(to: dir.appendingPathComponent("Broken.swift"), atomically: true, encoding: .utf8)
        let broken = try await animate(["Broken.swift", "-o", "b.mp4"], in: dir, cache: cache)
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("Broken.swift:4:15: error: value of type 'Text' has no member 'nonexistentModifier'"), "\(broken.stderr)")
        #expect(broken.stderr.hasSuffix("error: Broken.swift did not compile (the compiler's report is above)\n"), "\(broken.stderr)")
        #expect(!broken.stderr.contains("LessonEntry"), "\(broken.stderr)")
    }
}
