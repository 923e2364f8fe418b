import AnimateTestSupport
@testable import AnimatePreview
import FlyingFox
import Foundation
import Testing

/// The reference's static site, served from one folder: files and folders' pages, the first page
/// at `/`, and nothing outside the folder, whatever the path says.
struct DocsSiteTests {
    /// A site of a page, a stylesheet, a hidden file and a link leading out of it.
    func site() throws -> URL {
        let root = scratchDirectory().appendingPathComponent("site")
        let files = FileManager.default
        try files.createDirectory(at: root.appendingPathComponent("documentation/animate"), withIntermediateDirectories: true)
        try files.createDirectory(at: root.appendingPathComponent("css"), withIntermediateDirectories: true)
        try files.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("<!doctype html><title>Animate</title>".utf8).write(to: root.appendingPathComponent("documentation/animate/index.html"))
        try Data("body{}".utf8).write(to: root.appendingPathComponent("css/site.css"))
        try Data("secret".utf8).write(to: root.appendingPathComponent(".git/config"))
        try Data("outside".utf8).write(to: root.deletingLastPathComponent().appendingPathComponent("outside.txt"))
        try files.createSymbolicLink(atPath: root.appendingPathComponent("out").path, withDestinationPath: "..")
        return root
    }

    func ask(_ site: DocsSite, _ target: String, method: HTTPMethod = .GET, host: String = "127.0.0.1:8766") async throws -> (Int, HTTPHeaders, String) {
        let (path, query) = target.firstIndex(of: "?").map { (String(target[..<$0]), String(target[target.index(after: $0)...])) } ?? (target, "")
        let request = HTTPRequest(method: method, version: .http11, target: .init(path: path, query: query), headers: [.host: host], body: HTTPBodySequence())
        let response = site.respond(to: request)
        return (response.statusCode.code, response.headers, String(decoding: try await response.bodyData, as: UTF8.self))
    }

    @Test func pagesAndFilesWithTheirTypes() async throws {
        let site = DocsSite(root: try site())
        let home = try await ask(site, "/")
        #expect(home.0 == 302 && home.1[.location] == "/documentation/animate")
        for path in ["/documentation/animate", "/documentation/animate/", "/documentation/animate/index.html", "/documentation/animate?language=swift"] {
            let page = try await ask(site, path)
            #expect(page.0 == 200 && page.1[.contentType] == "text/html; charset=utf-8" && page.2.contains("<title>Animate</title>"), "\(path)")
        }
        let css = try await ask(site, "/css/site.css")
        #expect(css.0 == 200 && css.1[.contentType] == "text/css; charset=utf-8" && css.2 == "body{}")
        let head = try await ask(site, "/css/site.css", method: .HEAD)
        #expect(head.0 == 200 && head.1[.contentLength] == "6" && head.2.isEmpty)
        #expect(try await ask(site, "/css/site.css", method: .POST).0 == 405)
    }

    /// Every way a path could name a file outside the site, or a hidden one, is 404.
    @Test(arguments: ["/nope", "/documentation/nope/", "/.git/config", "/out/outside.txt", "/../outside.txt",
                      "/css/../../outside.txt", "/%2e%2e/outside.txt", "/css/%2e%2e/%2e%2e/outside.txt", "/css/..%2f..%2foutside.txt",
                      "/%00", "/css/site.css%00.html"])
    func nothingOutsideTheSite(path: String) async throws {
        let answer = try await ask(DocsSite(root: try site()), path)
        #expect(answer.0 == 404, "\(path)")
        #expect(!answer.2.contains("outside") || answer.2.hasPrefix("Not found"), "\(path)")
        #expect(!answer.2.contains("secret"), "\(path)")
    }

    @Test(arguments: ["evil.example", "127.0.0.1.evil.example:8766", ""])
    func onlyLoopbackHosts(host: String) async throws {
        #expect(try await ask(DocsSite(root: try site()), "/documentation/animate", host: host).0 == 403)
    }

    @Test func aMissingOrOlderSiteIsBuiltAgain() throws {
        let root = try site()
        let tool = root.deletingLastPathComponent().appendingPathComponent("animate")
        try Data().write(to: tool)
        #expect(DocsCommand.isStale(site: root.appendingPathComponent("missing"), tool: tool))
        try Data().write(to: root.appendingPathComponent("index.html"))
        let earlier = Date(timeIntervalSinceNow: -60)
        try FileManager.default.setAttributes([.modificationDate: earlier], ofItemAtPath: tool.path)
        #expect(!DocsCommand.isStale(site: root, tool: tool))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: tool.path)
        #expect(DocsCommand.isStale(site: root, tool: tool))
    }
}
