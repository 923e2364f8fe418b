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
        #expect(LoopbackHostCheck<BasicRequestContext>.allows(authority) == allowed, "\(authority)")
    }
}
