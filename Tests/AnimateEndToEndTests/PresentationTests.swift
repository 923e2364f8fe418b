import Animate
import AnimateRender
import AnimateScenes
import AnimateTestSupport
import Foundation
import Testing

/// The lesson for reading and presenting: the transcript page, the offline presentation driven
/// in headless Chromium (stops, keys, captions, descriptions, transcript, no network, axe-core's
/// WCAG rules), and the PDF handout read back.
@Suite(.serialized) struct PresentationTests {
    /// axe-core's script, from the test references' venv (`scripts/setup --tests`).
    static func axeScript() throws -> String {
        let venv = ProcessInfo.processInfo.environment["ANIMATE_ORACLES"] ?? (NSHomeDirectory() + "/.cache/animate/oracles")
        let lib = URL(fileURLWithPath: venv).appendingPathComponent("lib")
        let python = try #require(try FileManager.default.contentsOfDirectory(atPath: lib.path).first { $0.hasPrefix("python3") },
                                  "no test references in \(venv): run scripts/setup --tests")
        return try String(contentsOf: lib.appendingPathComponent("\(python)/site-packages/axe_playwright_python/axe.min.js"), encoding: .utf8)
    }

    /// axe-core's WCAG 2 A and AA violations of the page open in `browser`, as "rule: nodes".
    static func accessibilityViolations(_ browser: WebDriver) throws -> [String] {
        try browser.run(try axeScript() + "\nreturn typeof axe;")
        let found = try browser.runAsync("""
            const done = arguments[arguments.length - 1];
            axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
              .then(r => done(r.violations.map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))))
              .catch(e => done(['axe failed: ' + e]));
            """)
        return found as? [String] ?? ["no answer from axe: \(String(describing: found))"]
    }

    @Test func theTranscriptIsAnAccessiblePageAndPlainText() async throws {
        let dir = scratchDirectory()
        let html = dir.appendingPathComponent("t.html"), text = dir.appendingPathComponent("t.txt")
        for file in [html, text] {
            let r = try await run(animateBinary(), ["double-square", "--size", "320x180", "--fps", "10", "-o", dir.appendingPathComponent("v.mp4").path,
                                                    "--transcript", file.path, "--quiet"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.hasPrefix("<!doctype html>\n<html lang=\"en\">"))
        for heading in ["The square", "Double the side", "Four times the area"] { #expect(page.contains("\(heading)</h2>"), "\(heading)") }
        #expect(page.contains("<span class=\"label\">Description:</span> A teal square, its bottom side labelled s."))
        #expect(page.contains("<math xmlns=\"http://www.w3.org/1998/Math/MathML\" alttext=\"s squared\">"), "the narration's math as MathML")
        #expect(page.contains("alttext=\"A equals s squared\""), "a formula shown")
        #expect(page.components(separatedBy: "<img src=\"data:image/png;base64,").count - 1 == 5, "a still per beat")
        #expect(page.contains("alt=\"A teal square, its bottom side labelled s.\""), "a still's alt text is its beat's description")
        #expect(!page.replacingOccurrences(of: "http://www.w3.org/1998/Math/MathML", with: "").contains("http"), "nothing from the network")
        let plain = try String(contentsOf: text, encoding: .utf8)
        #expect(plain.contains("== Double the side (0:06) ==\n[0:06] Now double its side.\n"), "\(plain)")
        #expect(plain.contains("A square with side s has area s squared.") && plain.contains("Formula: A equals s squared (A = s^2)"))
        let bad = try await run(animateBinary(), ["double-square", "-o", dir.appendingPathComponent("v.mp4").path, "--transcript", dir.appendingPathComponent("t.doc").path])
        #expect(bad.status == 64 && bad.stderr.contains("--transcript"), "\(bad.stderr)")
        // In a browser: no violation of WCAG's A and AA rules that axe-core checks.
        let browser = try WebDriver(windowWidth: 1000, windowHeight: 900)
        try browser.open(html.absoluteString)
        let violations = try Self.accessibilityViolations(browser)
        #expect(violations.isEmpty, "\(violations)")
        try browser.screenshot().write(to: artifactDirectory().appendingPathComponent("transcript.png"))
    }

    @Test func thePresentationStopsAtEachSlideAndAnswersTheKeys() async throws {
        let dir = scratchDirectory()
        let deck = dir.appendingPathComponent("deck.html"), handout = dir.appendingPathComponent("handout.pdf")
        let r = try await run(animateBinary(), ["present", "double-square", "--size", "640x360", "--fps", "30", "-o", deck.path,
                                                "--handout", handout.path, "--no-open"])
        #expect(r.status == 0 && r.stderr.contains("slides: 3 → ") && r.stderr.contains("handout: 3 pages → "), "\(r.stderr)")
        let page = try String(contentsOf: deck, encoding: .utf8)
        #expect(page.components(separatedBy: "<video ").count - 1 == 3)
        #expect(page.contains("Content-Security-Policy\" content=\"default-src 'none';"))
        // No address but MathML's namespace (":" is not in base64, so the videos cannot hide one).
        let addresses = page.replacingOccurrences(of: "http://www.w3.org/1998/Math/MathML", with: "")
        #expect(!addresses.contains("http:") && !addresses.contains("https:") && !addresses.contains("//:"), "nothing from the network")

        let browser = try WebDriver(windowWidth: 1280, windowHeight: 800)
        let artifacts = artifactDirectory()
        try browser.open(deck.absoluteString)
        func slide() throws -> Int { try browser.run("return window.animateDeck.slide;") as? Int ?? -1 }
        func stopped() throws -> Bool { try browser.run("return window.animateDeck.stopped;") as? Bool ?? false }
        func status() throws -> String { try browser.run("return document.getElementById('status').textContent;") as? String ?? "" }
        try browser.waitUntil(seconds: 20) { try slide() == 0 }
        // The first slide plays its description into the live region, then stops on its last frame.
        try browser.waitUntil(seconds: 30) {
            try browser.run("return document.getElementById('description').textContent;") as? String == "A teal square, its bottom side labelled s."
        }
        try browser.waitUntil(seconds: 30) { try stopped() }
        let held = try browser.run("const v = document.getElementById('slide-0'); return [v.paused, v.ended, v.hidden];") as? [Bool]
        #expect(held == [true, true, false], "\(String(describing: held))")
        try browser.screenshot().write(to: artifacts.appendingPathComponent("slides-stop-1.png"))
        // Next (→): the second slide plays, its captions showing.
        try browser.press("\u{E014}")
        try browser.waitUntil(seconds: 10) { try slide() == 1 }
        #expect(try status() == "Slide 2 of 3: Double the side")
        try browser.waitUntil(seconds: 20) {
            try browser.run("const t = document.getElementById('slide-1').textTracks[0]; return t.mode === 'showing' && t.activeCues && t.activeCues.length > 0;") as? Bool == true
        }
        try browser.waitUntil(seconds: 30) { try stopped() }
        try browser.screenshot().write(to: artifacts.appendingPathComponent("slides-stop-2.png"))
        // A clicker's PageDown, then PageUp back; a number and Enter jump; Home goes to the first.
        try browser.press("\u{E00F}")
        try browser.waitUntil(seconds: 10) { try slide() == 2 }
        try browser.waitUntil(seconds: 30) { try stopped() }
        try browser.screenshot().write(to: artifacts.appendingPathComponent("slides-stop-3.png"))
        try browser.press("\u{E00E}")
        try browser.waitUntil(seconds: 10) { try slide() == 1 }
        try browser.press("3"); try browser.press("\u{E007}")
        try browser.waitUntil(seconds: 10) { try slide() == 2 }
        try browser.press("\u{E011}")
        try browser.waitUntil(seconds: 10) { try slide() == 0 }
        // By name in the address.
        try browser.run("location.hash = '#' + encodeURIComponent('Four times the area');")
        try browser.waitUntil(seconds: 10) { try slide() == 2 }
        // T shows the transcript beside the slides.
        try browser.press("t")
        let transcript = try browser.run("const t = document.getElementById('transcript'); return t.hidden ? '' : t.textContent;") as? String ?? ""
        #expect(transcript.contains("Description: A square outline grows") && transcript.contains("Now double its side."), "\(transcript)")
        try browser.screenshot().write(to: artifacts.appendingPathComponent("slides-transcript.png"))
        // Nothing was loaded from anywhere but the page itself.
        let loads = try browser.run("return performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith('data:')).concat(window.animateDeck.refused);") as? [String]
        #expect(loads == [], "\(String(describing: loads))")
        let violations = try Self.accessibilityViolations(browser)
        #expect(violations.isEmpty, "\(violations)")

        // The handout: a page per slide, titled, its outline naming the slides.
        let pdfinfo = try #require(which("pdfinfo"), "poppler-utils (scripts/setup --tests)")
        let info = try await run(pdfinfo, [handout.path])
        #expect(info.stdout.contains("Pages:           3") && info.stdout.contains("Title:           Narrated and described lesson"), "\(info.stdout)")
        let pdftoppm = try #require(which("pdftoppm"))
        let pages = try await run(pdftoppm, ["-r", "40", "-png", handout.path, artifacts.appendingPathComponent("handout").path])
        #expect(pages.status == 0, "\(pages.stderr)")
    }

    @Test func aLoopingSlideLoopsUntilThePresenterGoesOn() async throws {
        let scene = Scene(name: "loops", description: "a looping slide") { s in
            let dot = s.add(Circle(), size: 80, fill: .blue)
            s.play(.fadeIn(dot), duration: 0.5)
            s.slide("Spin", loops: true)
            s.play(.shift(dot, by: CGSize(width: 300, height: 0)), duration: 1)
            s.slide("After")
            s.play(.fadeOut(dot), duration: 0.5)
        }
        #expect(scene.slides.map(\.name) == ["Slide 1", "Spin", "After"] && scene.slides.map(\.loops) == [false, true, false])
        let dir = scratchDirectory()
        let request = try RenderRequest(scene: scene, size: FrameSize(width: 320, height: 180), rate: FrameRate(numerator: 20)!)
        let deck = try SlideDeck(request: request)
        #expect(deck.slides.map(\.video.isEmpty) == [false, false, false])
        let url = dir.appendingPathComponent("loops.html")
        try Data(deck.html().utf8).write(to: url)
        let browser = try WebDriver(windowWidth: 800, windowHeight: 600)
        try browser.open(url.absoluteString + "#2")
        try browser.waitUntil(seconds: 20) { try browser.run("return window.animateDeck.slide;") as? Int == 1 }
        // Past its one second it is still playing, from its start again.
        usleep(2_500_000)
        let looping = try browser.run("const v = document.getElementById('slide-1'); return [v.loop, v.paused, v.ended];") as? [Bool]
        #expect(looping == [true, false, false], "\(String(describing: looping))")
        #expect(try browser.run("return window.animateDeck.stopped;") as? Bool == false)
    }
}
