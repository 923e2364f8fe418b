import Animate
import AnimateScenes
import AnimateTestSupport
import Foundation
import FlyingFox
@testable import AnimatePreview
import Testing

/// The preview's routes in process, requests handed to its handler: the frame contract, the
/// messages of bad input, what no request may reach, the scene list and the sound. The running
/// preview (its port, Ctrl-C, the page in a browser) is tested end to end in AnimateEndToEndTests.
struct PreviewRouteTests {
    static let page = Data("<!doctype html><title>preview</title>".utf8)

    func server(size: FrameSize? = nil) -> PreviewServer {
        PreviewServer(tool: "animate",
                      frames: FrameService(catalog: BuiltinScenes.catalog, inputs: SceneInputs()), events: PreviewEvents(),
                      page: Self.page, defaults: .init(scene: "hexagons", size: size, rate: FrameRate(numerator: 60)!, seed: 0))
    }

    /// What `server` answers a GET of `uri` (to `localhost`, as a browser sends it), its body read whole.
    func get(_ uri: String, from server: PreviewServer, headers: [String: String] = [:]) async throws -> Answer {
        let (path, query) = uri.firstIndex(of: "?").map { (String(uri[..<$0]), String(uri[uri.index(after: $0)...])) } ?? (uri, "")
        var fields: HTTPHeaders = [.host: "localhost"]
        for (name, value) in headers { fields[HTTPHeader(name)] = value }
        let request = HTTPRequest(method: .GET, version: .http11, target: .init(path: path, query: query), headers: fields, body: HTTPBodySequence())
        let response = await server.respond(to: request)
        var body = try await response.bodyData
        if case .httpBody(let sequence) = response.payload, sequence.count == nil { body = try Self.dechunked(body) }
        return Answer(status: response.statusCode.code, body: body, type: response.headers[.contentType])
    }

    /// The body a chunked transfer encoding (RFC 9112, 7.1) carries; throws on a malformed one.
    static func dechunked(_ encoded: Data) throws -> Data {
        struct Malformed: Error {}
        let bytes = [UInt8](encoded)
        var body = Data(), at = 0
        while true {
            guard at + 1 < bytes.count, let end = (at..<bytes.count - 1).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
                  let size = Int(String(decoding: bytes[at..<end], as: UTF8.self), radix: 16) else { throw Malformed() }
            at = end + 2
            guard at + size + 2 <= bytes.count, bytes[at + size] == 13, bytes[at + size + 1] == 10 else { throw Malformed() }
            if size == 0 { guard at + 2 == bytes.count else { throw Malformed() }; return body }
            body.append(contentsOf: bytes[at..<at + size])
            at += size + 2
        }
    }

    struct Answer {
        var status: Int
        var body: Data
        var type: String?
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// The PNG the library writes for frame `index` of `scene`, as `render --frames K..K -o x.png`.
    func rendered(_ scene: String, _ index: Int, size: FrameSize, rate: FrameRate, seed: UInt64) throws -> Data {
        let url = scratchDirectory().appendingPathComponent("\(scene)-\(index).png")
        let request = try RenderRequest(scene: BuiltinScenes.catalog.scene(named: scene), output: .png(url), size: size,
                                        rate: rate, frames: .range(index, index), seed: seed)
        _ = try Renderer(request: request).run()
        return try Data(contentsOf: url)
    }

    @Test(arguments: [("hexagons", 37, "160x90", "30", "0"), ("starfield", 0, "96x54", "24", "7"),
                      ("starfield", 143, "96x54", "30000/1001", "0"), ("carousel", 300, "128x72", "60", "0")])
    func framesAreTheBytesRenderWrites(scene: String, index: Int, size: String, fps: String, seed: String) async throws {
        let answer = try await get("/scenes/\(scene)/frames/\(index).png?size=\(size)&fps=\(fps)&seed=\(seed)", from: server())
        #expect(answer.status == 200 && answer.type == "image/png")
        let expected = try rendered(scene, index, size: FrameSize(parsing: size)!, rate: FrameRate(parsing: fps)!, seed: UInt64(seed)!)
        #expect(answer.body == expected, "\(scene) frame \(index)")
    }

    @Test func aJPEGOfTheSameFrameForScrubbing() async throws {
        let answer = try await get("/scenes/hexagons/frames/37.jpg?size=160x90&fps=30", from: server())
        #expect(answer.status == 200 && answer.body.starts(with: [0xFF, 0xD8, 0xFF]))
        let decoded = try ImageDecoder.decode([UInt8](answer.body))
        #expect(decoded.width == 160 && decoded.height == 90)
    }

    @Test(arguments: [
        ("/scenes/hexagons/frames/99999.png", "--frames 99999..99999 is outside the scene: it has frames 0..479 at 60 fps."),
        ("/scenes/hexagons/frames/1.png?size=9000x10", "--size 9000x10 is out of range: width and height must be 2...8192."),
        ("/scenes/hexagons/frames/1.png?fps=300", "--fps 300 is above the maximum of 240."),
        ("/scenes/hexagons/frames/1.png?fps=0", "fps '0' is not a frame rate."),
        ("/scenes/hexagons/frames/1.png?size=big", "size 'big' is not WxH."),
        ("/scenes/hexagons/frames/1.png?seed=-3", "seed '-3' is not a whole number."),
        ("/scenes/hexagons/frames/-1.png", "--frames -1..-1 is empty or negative."),
        ("/scenes/nope/frames/1.png", "Unknown scene 'nope'."),
        ("/scenes/nope/sound.wav", "Unknown scene 'nope'."),
        ("/scenes/hexagons/sound.wav?fps=abc", "fps 'abc' is not a frame rate."),
        ("/scenes/nope/present.html", "Unknown scene 'nope'."),
        ("/scenes/hexagons/present.html?size=big", "size 'big' is not WxH."),
    ])
    func badInputGetsRendersOwnMessage(uri: String, message: String) async throws {
        let answer = try await get(uri, from: server(size: FrameSize(width: 64, height: 36)))
        #expect(answer.status == 400, "\(uri)")
        #expect(answer.text.hasPrefix(message), "\(uri): \(answer.text)")
    }

    @Test(arguments: ["/scenes/hexagons/frames/..%2F..%2FPackage.swift", "/scenes/hexagons/frames/01.png", "/Package.swift",
                      "/../Package.swift", "/preview.html", "/scenes/hexagons/frames/1.png.png", "/scenes/hexagons/frames/1.gif"])
    func noRequestNamesAFile(uri: String) async throws {
        let answer = try await get(uri, from: server())
        #expect(answer.status == 404, "\(uri)")
        #expect(!answer.text.contains("swift-tools-version"))
    }

    @Test func thePageAndTheSceneList() async throws {
        let server = server(size: FrameSize(width: 64, height: 36))
        let page = try await get("/", from: server), list = try await get("/scenes", from: server)
        #expect(page.status == 200 && page.body == Self.page && page.type == "text/html; charset=utf-8")
        let json = try #require(try JSONSerialization.jsonObject(with: list.body) as? [String: Any])
        #expect(json["tool"] as? String == "animate")
        let names = (json["scenes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names == BuiltinScenes.catalog.scenes().map(\.name))
        let defaults = json["defaults"] as? [String: String]
        #expect(defaults == ["scene": "hexagons", "fps": "60", "seed": "0", "size": "64x36"])
    }

    @Test func soundIsTheMixARenderMakesOrNoContent() async throws {
        let silent = try await get("/scenes/hexagons/sound.wav", from: server())
        let answer = try await get("/scenes/angles/sound.wav?fps=30", from: server())
        let angles = [UInt8](answer.body)
        #expect(silent.status == 204)
        #expect(answer.status == 200 && answer.type == "audio/wav")
        // The same samples the library mixes over the scene's whole timeline.
        let request = try RenderRequest(scene: BuiltinScenes.catalog.scene(named: "angles"), rate: FrameRate(numerator: 30)!, threads: 1)
        let mix = try #require(try request.audioMix())
        #expect(angles == WAVFile.bytes(pcm: mix.pcm()))
        // 16-bit 48 kHz stereo.
        let header = angles.prefix(44)
        func word(_ at: Int) -> Int { Int(header[at]) | Int(header[at + 1]) << 8 }
        #expect(angles.starts(with: Array("RIFF".utf8)) && word(22) == 2 && word(24) | word(26) << 16 == 48000 && word(34) == 16)
    }

    @Test func aSceneAsAPresentation() async throws {
        let answer = try await get("/scenes/double-square/present.html?size=160x90&fps=10", from: server())
        #expect(answer.status == 200 && answer.type == "text/html; charset=utf-8")
        let page = String(decoding: answer.body, as: UTF8.self)
        #expect(page.hasPrefix("<!doctype html>") && page.components(separatedBy: "<video ").count - 1 == 3)
        #expect(page.contains("data-name=\"Double the side\""))
    }

    @Test(arguments: [("localhost", true), ("localhost:8080", true), ("127.0.0.1:1", true), ("[::1]:80", true), ("[::1]", true),
                      ("LOCALHOST", true), ("evil.example", false), ("evil.example:8080", false), ("127.0.0.1.evil.example", false),
                      ("rebind.attacker.test", false), ("[::1]x", false), ("localhost:80:80", false), ("localhost:x", false), ("", false)])
    func onlyLoopbackHostsAreAnswered(authority: String, allowed: Bool) {
        #expect(SameOriginCheck.allows(authority) == allowed, "\(authority)")
    }

    /// Once the server's port is known, a Host must name it (no port means 80).
    @Test(arguments: [("localhost:8080", true), ("127.0.0.1:8080", true), ("[::1]:8080", true), ("localhost:8081", false), ("localhost", false),
                      ("[::1]", false), ("localhost:80", false), ("localhost:0008080", false), ("localhost:99999999999999999999", false)])
    func theHostNamesTheServersPort(authority: String, allowed: Bool) {
        #expect(SameOriginCheck.allows(authority, port: 8080) == allowed, "\(authority)")
        #expect(SameOriginCheck.allows("localhost", port: 80) && SameOriginCheck.allows("localhost:80", port: 80))
    }

    /// Absolute-form targets (a proxy request) and the asterisk form are refused before anything else.
    @Test(arguments: ["http://127.0.0.1:8080/", "http://evil.example/scenes", "HTTP://localhost/scenes/hexagons/frames/0.png", "*", "scenes"])
    func aTargetThatIsNotAPathIsRefused(target: String) async throws {
        let request = HTTPRequest(method: .GET, version: .http11, target: .init(path: target, query: ""), headers: [.host: "localhost:8080"],
                                  body: HTTPBodySequence())
        let server = server()
        server.listening.set(8080)
        let response = await server.respond(to: request)
        #expect(response.statusCode.code == 400, "\(target)")
    }

    /// A presentation is made once for the scenes and options it shows: asked again it is the
    /// same page, made no more; other options make another.
    @Test func aPresentationIsKeptByWhatItShows() async throws {
        let server = server()
        let first = try await get("/scenes/double-square/present.html?size=160x90&fps=10", from: server)
        let again = try await get("/scenes/double-square/present.html?size=160x90&fps=10", from: server)
        #expect(first.status == 200 && again.body == first.body)
        #expect(server.frames.decksMade == 1)
        let other = try await get("/scenes/double-square/present.html?size=160x90&fps=12", from: server)
        #expect(other.status == 200 && other.body != first.body)
        #expect(server.frames.decksMade == 2)
    }

    /// What a page on another site can make a browser send (an `<audio>`, `<img>` or `fetch`): its
    /// Origin, or Sec-Fetch-Site, gives it away, and nothing is drawn or mixed for it.
    @Test(arguments: [
        (["Origin": "https://evil.example"], false), (["Origin": "null"], false), (["Origin": "http://127.0.0.1:9"], false), (["Origin": "http://localhost:9"], false),
        (["Origin": "http://localhost:8000"], false), (["Sec-Fetch-Site": "cross-site"], false),
        (["Sec-Fetch-Site": "same-site"], false), (["Sec-Fetch-Site": "same-origin"], true), (["Sec-Fetch-Site": "none"], true),
        (["Origin": "http://localhost:8000", "Sec-Fetch-Site": "same-origin"], false),
        ([:], true),
    ])
    func requestsFromOtherSitesAreRefused(headers: [String: String], allowed: Bool) async throws {
        // The requests are to `localhost`.
        var statuses: [Int] = []
        for uri in ["/scenes/angles/sound.wav?fps=30", "/scenes/hexagons/frames/1.jpg?size=64x36", "/scenes", "/"] {
            statuses.append(try await get(uri, from: server(), headers: headers).status)
        }
        #expect(statuses.allSatisfy { ($0 == 403) != allowed }, "\(headers): \(statuses)")
    }

    /// A same-origin page's own requests still pass with the Origin a browser sends.
    @Test func thePreviewsOwnOriginPasses() async throws {
        #expect(try await get("/scenes", from: server(), headers: ["Origin": "http://localhost"]).status == 200)
    }

    /// Every query value is bounded before any work: a frame rate that would make one frame
    /// (and its sound) last a day is refused at once, for frames and for sound.
    @Test(arguments: ["/scenes/angles/sound.wav?fps=1/86400", "/scenes/angles/sound.wav?fps=1/20000", "/scenes/angles/sound.wav?fps=0.5",
                      "/scenes/hexagons/frames/0.png?fps=1/2147483647", "/scenes/hexagons/frames/0.jpg?fps=0.001"])
    func slowFrameRatesAreRefusedAtOnce(uri: String) async throws {
        let answer = try await get(uri, from: server())
        #expect(answer.status == 400, "\(uri)")
        #expect(answer.text.contains("below 1"), "\(uri): \(answer.text)")
    }

    /// The preview's own rate passes even when it is under 1 fps (`preview --fps 1/2`).
    @Test func thePreviewsOwnSlowRatePasses() async throws {
        let slow = PreviewServer(tool: "animate", frames: FrameService(catalog: BuiltinScenes.catalog, inputs: SceneInputs()),
                                 events: PreviewEvents(), page: Self.page,
                                 defaults: .init(scene: "hexagons", size: FrameSize(width: 64, height: 36), rate: FrameRate(numerator: 1, denominator: 2)!, seed: 0))
        #expect(try await get("/scenes/hexagons/frames/1.png?fps=1/2", from: slow).status == 200)
    }

    /// The events route streams what `PreviewEvents` says, chunk by chunk, until the stream ends;
    /// past the maximum of open streams it answers 503 with Retry-After.
    @Test(.timeLimit(.minutes(1))) func theEventsRouteStreamsUntilTheStreamEnds() async throws {
        let events = PreviewEvents(streamLifetime: 0.2)
        let server = PreviewServer(tool: "animate", frames: FrameService(catalog: BuiltinScenes.catalog, inputs: SceneInputs()),
                                   events: events, page: Self.page, defaults: .init(scene: "hexagons", size: nil, rate: FrameRate(numerator: 60)!, seed: 0))
        events.build("failed", message: "Lesson.swift:3: error: x")
        let answer = try await get("/events", from: server)
        #expect(answer.status == 200 && answer.type == "text/event-stream")
        #expect(answer.text.hasPrefix("retry: 300\n\nevent: hello\ndata: {\"instance\":"), "\(answer.text)")
        #expect(answer.text.contains("event: build\ndata: {") && answer.text.contains("Lesson.swift:3: error: x"), "\(answer.text)")
        var held: [AsyncStream<String>] = []
        while let stream = events.subscribe() { held.append(stream) }
        let busy = try await get("/events", from: server)
        #expect(busy.status == 503 && busy.text.hasPrefix("busy: "))
        held.removeAll()
    }

    @Test(arguments: [HTTPMethod.POST, .PUT, .DELETE, .HEAD])
    func onlyGETIsAnswered(method: HTTPMethod) async throws {
        let request = HTTPRequest(method: method, version: .http11, target: .init(path: "/scenes", query: ""), headers: [.host: "localhost"],
                                  body: HTTPBodySequence())
        let response = await server().respond(to: request)
        #expect(response.statusCode.code == 405 && response.headers[HTTPHeader("Allow")] == "GET")
    }

    /// Event streams are bounded in number and in lifetime: past the maximum a page is told to
    /// come back later, and every stream ends on its own (the page then reconnects).
    @Test(.timeLimit(.minutes(1))) func eventStreamsAreBoundedInNumberAndLifetime() async throws {
        let events = PreviewEvents(streamLifetime: 0.2)
        var streams: [AsyncStream<String>] = []
        for _ in 0..<PreviewEvents.maximumStreams { streams.append(try #require(events.subscribe())) }
        #expect(events.subscribe() == nil)
        #expect(events.openStreams == PreviewEvents.maximumStreams)
        // Each ends by itself, having said hello (the test's time limit stops one that would not).
        var messages = 0
        for await _ in streams[0] { messages += 1 }
        #expect(messages == 2)
        streams.removeAll()
        while events.openStreams > 0 { try await Task.sleep(for: .milliseconds(20)) }
        #expect(events.openStreams == 0)
        #expect(events.subscribe() != nil)
    }
}
