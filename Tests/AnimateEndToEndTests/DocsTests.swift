import AnimateTestSupport
import Foundation
import Testing

/// `animate docs`: the reference served on loopback and read in headless Chromium, as a Linux
/// user without Xcode reads it.
@Suite(.serialized) struct DocsTests {
    @Test func theReferenceReadsInABrowser() throws {
        // scripts/test builds the site before this stage; elsewhere the first run builds it.
        let docs = try PreviewProcess(["docs"], startSeconds: 600)
        let browser = try WebDriver()
        try browser.open(docs.url)                      // `/` goes to the first page
        func text(_ selector: String) throws -> String? {
            try browser.run("const e = document.querySelector(arguments[0]); return e ? e.textContent.trim() : null", [selector]) as? String
        }
        try browser.waitUntil(seconds: 30) { try text("h1") == "Animate" }
        let path = try browser.run("return location.pathname") as? String
        #expect(path == "/documentation/animate")
        // An article from the navigator, with its code.
        try browser.open(docs.url + "documentation/animate/writingascene")
        try browser.waitUntil(seconds: 30) { try text("h1") == "Writing a scene" }
        let code = try browser.run("return document.querySelectorAll('pre code, .code-listing').length") as? Int ?? 0
        #expect(code > 0)
        // A symbol's page.
        try browser.open(docs.url + "documentation/animate/scene")
        try browser.waitUntil(seconds: 30) { try text("h1") == "Scene" }
        let screenshot = try browser.screenshot()
        #expect(screenshot.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // Nothing else of the checkout is served.
        #expect(try fetch(docs.url + "Package.swift", host: "127.0.0.1:\(docs.port)").1 == 404)
        #expect(try fetch(docs.url + "documentation/animate", host: "evil.example").1 == 403)
        #expect(docs.stop() == 0)
    }
}
