import Animate
import Foundation
import Hummingbird
import ServiceLifecycle

/// The preview's HTTP routes, on loopback only:
///
/// - `GET /`: the page (plain HTML, CSS and JS, no external URLs).
/// - `GET /scenes`: the scenes the executable knows, the tool's name and the preview's defaults.
/// - `GET /scenes/<scene>/frames/<index>.png?size=WxH&fps=N&seed=S`: one frame, the same PNG bytes
///   as `render <scene> --size WxH --fps N --frames K..K -o x.png`; `.jpg` for a quicker picture
///   while scrubbing; 400 with `render`'s message for input it would refuse; 409 when a newer
///   request of the same page (`client=`) superseded it.
/// - `GET /scenes/<scene>/sound.wav?fps=N&seed=S`: the scene's sound over its whole timeline, the
///   samples a render mixes, as 16-bit 48 kHz stereo WAV; 204 when it has none.
/// - `GET /events`: server-sent events (the server instance, rebuilds); at most
///   `PreviewEvents.maximumStreams` at once, each ended after `PreviewEvents.streamLifetime`
///   (the page reconnects).
///
/// No part of a request names a file: the page is a resource read once at start. Only the
/// preview's own page reaches it (`SameOriginCheck`), and every query value is bounded before any
/// work: `fps` from 1 to 240 (or the preview's own rate), sizes as `render` takes them.
struct PreviewServer {
    /// Seconds a connection may take to send a whole request, or sit idle between requests.
    static let idleSeconds: Int64 = 10
    let tool: String
    let frames: FrameService
    let events: PreviewEvents
    let page: ByteBuffer
    let defaults: Defaults

    struct Defaults {
        var scene: String
        var size: FrameSize?
        var rate: FrameRate
        var seed: UInt64
    }

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: SameOriginCheck())
        router.get("/") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                     body: ResponseBody(byteBuffer: page))
        }
        router.get("/scenes") { _, _ in
            json(sceneList())
        }
        router.get("/scenes/:scene/frames/:file") { request, context in
            try await frame(request, context)
        }
        router.get("/scenes/:scene/sound.wav") { request, context in
            try await sound(request, context)
        }
        router.get("/events") { _, _ in
            guard let stream = events.subscribe() else {
                var response = text(.serviceUnavailable, "busy: \(PreviewEvents.maximumStreams) pages are already following this preview; close one")
                response.headers[.retryAfter] = "5"
                return response
            }
            return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                            body: ResponseBody { writer in
                                // A page keeps this open; it must not hold up a stop or a restart.
                                for await message in stream.cancelOnGracefulShutdown() {
                                    try await writer.write(ByteBuffer(string: message))
                                }
                                try await writer.finish(nil)
                            })
        }
        return router
    }

    private func sceneList() -> [String: Any] {
        let scenes = frames.catalog.scenes().map { scene -> [String: Any] in
            ["name": scene.name, "description": scene.description, "duration": scene.duration,
             "width": Int(scene.size.width), "height": Int(scene.size.height), "sound": frames.hasSound(scene)]
        }
        var defaults: [String: Any] = ["scene": self.defaults.scene, "fps": self.defaults.rate.description,
                                       "seed": String(self.defaults.seed)]
        if let size = self.defaults.size { defaults["size"] = size.description }
        return ["tool": tool, "scenes": scenes, "defaults": defaults]
    }

    private func frame(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        guard let scene = context.parameters.get("scene"), let file = context.parameters.get("file"),
              let dot = file.lastIndex(of: "."), let format = FrameService.Format(rawValue: String(file[file.index(after: dot)...])),
              let index = Int(file[..<dot]), String(index) == String(file[..<dot]) else {
            return text(.notFound, "Frames are /scenes/<scene>/frames/<index>.png (or .jpg).")
        }
        let query = request.uri.queryParameters
        var ask = FrameService.Ask(scene: scene, index: index, size: nil, rate: defaults.rate, seed: defaults.seed,
                                   client: query.get("client"), format: format)
        if let size = query.get("size") {
            guard let parsed = FrameSize(parsing: size) else { return text(.badRequest, "size '\(size.prefix(40))' is not WxH.") }
            ask.size = parsed
        } else {
            ask.size = defaults.size
        }
        switch timing(query) {
        case .success(let timing): (ask.rate, ask.seed) = timing
        case .failure(let refusal): return refusal.response
        }
        do {
            let picture = try await frames.picture(for: ask)
            return Response(status: .ok, headers: [.contentType: format == .png ? "image/png" : "image/jpeg", .cacheControl: "no-store"],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: picture)))
        } catch let error as RenderError {
            return text(.badRequest, error.description)
        } catch let error as FrameSuperseded {
            return text(.conflict, error.description)
        } catch let error as FrameServiceBusy {
            var response = text(.serviceUnavailable, error.description)
            response.headers[.retryAfter] = "1"
            return response
        }
    }

    private func sound(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        guard let scene = context.parameters.get("scene") else { return text(.notFound, "Sound is /scenes/<scene>/sound.wav.") }
        let rate: FrameRate, seed: UInt64
        switch timing(request.uri.queryParameters) {
        case .success(let timing): (rate, seed) = timing
        case .failure(let refusal): return refusal.response
        }
        do {
            guard let mix = try await frames.sound(scene: scene, rate: rate, seed: seed) else { return Response(status: .noContent) }
            guard mix.frameCount <= WAVFile.maximumFrames else {
                return text(.badRequest, "The sound of '\(scene)' is \(mix.frameCount / AudioClock.sampleRate) s long, more than a WAV holds; render it with `render` instead.")
            }
            // Made a second at a time as it is sent: memory stays flat however long the lesson.
            let header = WAVFile.header(values: mix.frameCount * AudioClock.channels)
            return Response(status: .ok, headers: [.contentType: "audio/wav", .cacheControl: "no-store"],
                            body: ResponseBody(contentLength: header.count + mix.frameCount * AudioClock.channels * 2) { writer in
                                try await writer.write(ByteBuffer(bytes: header))
                                var pcm: [Int16] = [], scratch: [Float] = [], bytes: [UInt8] = []
                                for first in stride(from: 0, to: mix.frameCount, by: AudioClock.sampleRate) {
                                    mix.render(first: first, count: min(AudioClock.sampleRate, mix.frameCount - first), into: &pcm, scratch: &scratch)
                                    bytes.removeAll(keepingCapacity: true)
                                    WAVFile.append(pcm, to: &bytes)
                                    try await writer.write(ByteBuffer(bytes: bytes))
                                }
                                try await writer.finish(nil)
                            })
        } catch let error as RenderError {
            return text(.badRequest, error.description)
        } catch let error as AudioError {
            return text(.unprocessableContent, error.description)
        }
    }

    /// A refused request's response.
    private struct Refusal: Error { let response: Response }

    /// The frame rate and seed a query names (`fps`, `seed`), the preview's own where it names
    /// none. A rate is 1 to `RenderRequest.maximumFrameRate` frames a second, or the preview's own
    /// (a slower one asks for a whole second or more of drawing and sound per frame, which a page
    /// never needs).
    private func timing(_ query: Parameters) -> Result<(FrameRate, UInt64), Refusal> {
        var rate = defaults.rate, seed = defaults.seed
        if let fps = query.get("fps") {
            guard let parsed = FrameRate(parsing: fps) else { return .failure(Refusal(response: text(.badRequest, "fps '\(fps.prefix(40))' is not a frame rate."))) }
            guard parsed.framesPerSecond >= 1 || parsed == defaults.rate else {
                return .failure(Refusal(response: text(.badRequest, "fps '\(fps.prefix(40))' is below 1: the preview shows 1 to \(RenderRequest.maximumFrameRate) frames a second (or its --fps).")))
            }
            rate = parsed
        }
        if let value = query.get("seed") {
            guard let parsed = UInt64(value) else { return .failure(Refusal(response: text(.badRequest, "seed '\(value.prefix(40))' is not a whole number."))) }
            seed = parsed
        }
        return .success((rate, seed))
    }

    private func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    private func json(_ object: [String: Any]) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
