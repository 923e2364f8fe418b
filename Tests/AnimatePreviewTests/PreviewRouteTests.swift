import Animate
import AnimateScenes
import AnimateTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
@testable import AnimatePreview
import Testing

/// The preview's routes in process, through Hummingbird's testing router: the frame contract, the
/// messages of bad input, what no request may reach, the scene list and the sound. The running
/// preview (its port, Ctrl-C, the page in a browser) is tested end to end in AnimateEndToEndTests.
struct PreviewRouteTests {
    static let page = ByteBuffer(string: "<!doctype html><title>preview</title>")

    func server(size: FrameSize? = nil) -> PreviewServer {
        PreviewServer(tool: "animate",
                      frames: FrameService(catalog: BuiltinScenes.catalog, inputs: SceneInputs()), events: PreviewEvents(),
                      page: Self.page, defaults: .init(scene: "hexagons", size: size, rate: FrameRate(numerator: 60)!, seed: 0))
    }

    /// Calls `body` with a client of `server`'s routes.
    func withClient<Value: Sendable>(_ server: PreviewServer, _ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        let app = Application(router: server.router())
        return try await app.test(.router) { client in try await body(client) }
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
        let (status, body, type) = try await withClient(server()) { client in
            try await client.execute(uri: "/scenes/\(scene)/frames/\(index).png?size=\(size)&fps=\(fps)&seed=\(seed)", method: .get) {
                ($0.status, Data($0.body.readableBytesView), $0.headers[.contentType])
            }
        }
        #expect(status == .ok && type == "image/png")
        let expected = try rendered(scene, index, size: FrameSize(parsing: size)!, rate: FrameRate(parsing: fps)!, seed: UInt64(seed)!)
        #expect(body == expected, "\(scene) frame \(index)")
    }

    @Test func aJPEGOfTheSameFrameForScrubbing() async throws {
        let (status, body) = try await withClient(server()) { client in
            try await client.execute(uri: "/scenes/hexagons/frames/37.jpg?size=160x90&fps=30", method: .get) {
                ($0.status, [UInt8]($0.body.readableBytesView))
            }
        }
        #expect(status == .ok && body.starts(with: [0xFF, 0xD8, 0xFF]))
        let decoded = try ImageDecoder.decode(body)
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
    ])
    func badInputGetsRendersOwnMessage(uri: String, message: String) async throws {
        let (status, body) = try await withClient(server(size: FrameSize(width: 64, height: 36))) { client in
            try await client.execute(uri: uri, method: .get) { ($0.status, String(buffer: $0.body)) }
        }
        #expect(status == .badRequest, "\(uri)")
        #expect(body.hasPrefix(message), "\(uri): \(body)")
    }

    @Test(arguments: ["/scenes/hexagons/frames/..%2F..%2FPackage.swift", "/scenes/hexagons/frames/01.png", "/Package.swift",
                      "/../Package.swift", "/preview.html", "/scenes/hexagons/frames/1.png.png", "/scenes/hexagons/frames/1.gif"])
    func noRequestNamesAFile(uri: String) async throws {
        let (status, body) = try await withClient(server()) { client in
            try await client.execute(uri: uri, method: .get) { ($0.status, String(buffer: $0.body)) }
        }
        #expect(status == .notFound, "\(uri)")
        #expect(!body.contains("swift-tools-version"))
    }

    @Test func thePageAndTheSceneList() async throws {
        let (page, list) = try await withClient(server(size: FrameSize(width: 64, height: 36))) { client in
            let page = try await client.execute(uri: "/", method: .get) { ($0.status, String(buffer: $0.body)) }
            let list = try await client.execute(uri: "/scenes", method: .get) { Data($0.body.readableBytesView) }
            return (page, list)
        }
        #expect(page.0 == .ok && page.1 == String(buffer: Self.page))
        let json = try #require(try JSONSerialization.jsonObject(with: list) as? [String: Any])
        #expect(json["tool"] as? String == "animate")
        let names = (json["scenes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names == BuiltinScenes.catalog.scenes().map(\.name))
        let defaults = json["defaults"] as? [String: String]
        #expect(defaults == ["scene": "hexagons", "fps": "60", "seed": "0", "size": "64x36"])
    }

    @Test func soundIsTheMixARenderMakesOrNoContent() async throws {
        let (silent, angles) = try await withClient(server()) { client in
            let silent = try await client.execute(uri: "/scenes/hexagons/sound.wav", method: .get) { $0.status }
            let angles = try await client.execute(uri: "/scenes/angles/sound.wav?fps=30", method: .get) {
                ($0.status, [UInt8]($0.body.readableBytesView), $0.headers[.contentType])
            }
            return (silent, angles)
        }
        #expect(silent == .noContent)
        #expect(angles.0 == .ok && angles.2 == "audio/wav")
        // The same samples the library mixes over the scene's whole timeline.
        let request = try RenderRequest(scene: BuiltinScenes.catalog.scene(named: "angles"), rate: FrameRate(numerator: 30)!, threads: 1)
        let mix = try #require(try request.audioMix())
        #expect(angles.1 == WAVFile.bytes(pcm: mix.pcm()))
        // 16-bit 48 kHz stereo.
        let header = angles.1.prefix(44)
        func word(_ at: Int) -> Int { Int(header[at]) | Int(header[at + 1]) << 8 }
        #expect(angles.1.starts(with: Array("RIFF".utf8)) && word(22) == 2 && word(24) | word(26) << 16 == 48000 && word(34) == 16)
    }

    @Test(arguments: [("localhost", true), ("localhost:8080", true), ("127.0.0.1:1", true), ("[::1]:80", true), ("[::1]", true),
                      ("LOCALHOST", true), ("evil.example", false), ("evil.example:8080", false), ("127.0.0.1.evil.example", false),
                      ("rebind.attacker.test", false), ("[::1]x", false), ("localhost:80:80", false), ("localhost:x", false), ("", false)])
    func onlyLoopbackHostsAreAnswered(authority: String, allowed: Bool) {
        #expect(SameOriginCheck<BasicRequestContext>.allows(authority) == allowed, "\(authority)")
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
        // The testing router's requests are to `localhost`.
        var fields = HTTPFields()
        for (name, value) in headers { fields[HTTPFields.Element.Name(name)!] = value }
        let sent = fields
        let statuses = try await withClient(server()) { client in
            var statuses: [HTTPResponse.Status] = []
            for uri in ["/scenes/angles/sound.wav?fps=30", "/scenes/hexagons/frames/1.jpg?size=64x36", "/scenes", "/"] {
                statuses.append(try await client.execute(uri: uri, method: .get, headers: sent) { $0.status })
            }
            return statuses
        }
        #expect(statuses.allSatisfy { ($0 == .forbidden) != allowed }, "\(headers): \(statuses)")
    }

    /// A same-origin page's own requests still pass with the Origin a browser sends.
    @Test func thePreviewsOwnOriginPasses() async throws {
        var fields = HTTPFields()
        fields[.origin] = "http://localhost"
        let sent = fields
        let status = try await withClient(server()) { client in
            try await client.execute(uri: "/scenes", method: .get, headers: sent) { $0.status }
        }
        #expect(status == .ok)
    }

    /// Every query value is bounded before any work: a frame rate that would make one frame
    /// (and its sound) last a day is refused at once, for frames and for sound.
    @Test(arguments: ["/scenes/angles/sound.wav?fps=1/86400", "/scenes/angles/sound.wav?fps=1/20000", "/scenes/angles/sound.wav?fps=0.5",
                      "/scenes/hexagons/frames/0.png?fps=1/2147483647", "/scenes/hexagons/frames/0.jpg?fps=0.001"])
    func slowFrameRatesAreRefusedAtOnce(uri: String) async throws {
        let (status, body) = try await withClient(server()) { client in
            try await client.execute(uri: uri, method: .get) { ($0.status, String(buffer: $0.body)) }
        }
        #expect(status == .badRequest, "\(uri)")
        #expect(body.contains("below 1"), "\(uri): \(body)")
    }

    /// The preview's own rate passes even when it is under 1 fps (`preview --fps 1/2`).
    @Test func thePreviewsOwnSlowRatePasses() async throws {
        let slow = PreviewServer(tool: "animate", frames: FrameService(catalog: BuiltinScenes.catalog, inputs: SceneInputs()),
                                 events: PreviewEvents(), page: Self.page,
                                 defaults: .init(scene: "hexagons", size: FrameSize(width: 64, height: 36), rate: FrameRate(numerator: 1, denominator: 2)!, seed: 0))
        let status = try await withClient(slow) { client in
            try await client.execute(uri: "/scenes/hexagons/frames/1.png?fps=1/2", method: .get) { $0.status }
        }
        #expect(status == .ok)
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
