import Animate
import FlyingFox
import Foundation

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
/// - `GET /scenes/<scene>/present.html?size=WxH&fps=N&seed=S`: the scene as a presentation, the
///   page `present` writes (each slide's video inside it), made when asked.
/// - `GET /events`: server-sent events (the server instance, rebuilds); at most
///   `PreviewEvents.maximumStreams` at once, each ended after `PreviewEvents.streamLifetime`
///   (the page reconnects).
///
/// Any other path is 404 and any other method 405. No part of a request names a file: the page is a resource read once at start. Only the
/// preview's own page reaches it (`SameOriginCheck`), and every query value is bounded before any
/// work: `fps` from 1 to 240 (or the preview's own rate), sizes as `render` takes them.
struct PreviewServer: HTTPHandler {
    let tool: String
    let frames: FrameService
    let events: PreviewEvents
    let page: Data
    let defaults: Defaults
    /// The port it is served on, once known: the one a request's Host must name.
    var listening = ListeningPort()

    struct Defaults: Sendable {
        var scene: String
        var size: FrameSize?
        var rate: FrameRate
        var seed: UInt64
    }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        await respond(to: request)
    }

    /// The answer to `request`, refused first unless it comes from the preview's own page.
    func respond(to request: HTTPRequest) async -> HTTPResponse {
        if let refusal = SameOriginCheck.refusal(of: request, port: listening.port) { return refusal }
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard request.method == .GET else {
            var response = text(.methodNotAllowed, "The preview answers GET only.")
            response.headers[HTTPHeader("Allow")] = "GET"
            return response
        }
        switch parts.count {
        case 1 where parts[0] == "":
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"], body: page)
        case 1 where parts[0] == "scenes":
            return json(sceneList())
        case 1 where parts[0] == "events":
            return eventStream()
        case 4 where parts[0] == "scenes" && parts[2] == "frames":
            return await frame(scene: parts[1], file: parts[3], query: request.query)
        case 3 where parts[0] == "scenes" && parts[2] == "sound.wav":
            return await sound(scene: parts[1], query: request.query)
        case 3 where parts[0] == "scenes" && parts[2] == "present.html":
            return await presentation(scene: parts[1], query: request.query)
        default:
            return text(.notFound, "Not found: the preview serves /, /scenes, /events and /scenes/<scene>/frames/<index>.png.")
        }
    }

    private func eventStream() -> HTTPResponse {
        guard let stream = events.subscribe() else {
            var response = text(.serviceUnavailable, "busy: \(PreviewEvents.maximumStreams) pages are already following this preview; close one")
            response.headers[HTTPHeader("Retry-After")] = "5"
            return response
        }
        // Sent as each event comes (chunked); the stream ends when the preview stops.
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                            body: HTTPBodySequence(from: ByteChunks(stream)))
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

    private func frame(scene: String, file: String, query: [HTTPRequest.QueryItem]) async -> HTTPResponse {
        guard let dot = file.lastIndex(of: "."), let format = FrameService.Format(rawValue: String(file[file.index(after: dot)...])),
              let index = Int(file[..<dot]), String(index) == String(file[..<dot]) else {
            return text(.notFound, "Frames are /scenes/<scene>/frames/<index>.png (or .jpg).")
        }
        var ask = FrameService.Ask(scene: scene, index: index, size: nil, rate: defaults.rate, seed: defaults.seed,
                                   client: query["client"], format: format)
        if let size = query["size"] {
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
            return HTTPResponse(statusCode: .ok, headers: [.contentType: format == .png ? "image/png" : "image/jpeg", .cacheControl: "no-store"],
                                body: Data(picture))
        } catch let error as RenderError {
            return text(.badRequest, error.description)
        } catch let error as FrameSuperseded {
            return text(.conflict, error.description)
        } catch let error as FrameServiceBusy {
            var response = text(.serviceUnavailable, error.description)
            response.headers[HTTPHeader("Retry-After")] = "1"
            return response
        } catch {
            return text(.internalServerError, "\(error)")
        }
    }

    private func sound(scene: String, query: [HTTPRequest.QueryItem]) async -> HTTPResponse {
        let rate: FrameRate, seed: UInt64
        switch timing(query) {
        case .success(let timing): (rate, seed) = timing
        case .failure(let refusal): return refusal.response
        }
        do {
            guard let mix = try await frames.sound(scene: scene, rate: rate, seed: seed) else { return HTTPResponse(statusCode: .noContent) }
            guard mix.frameCount <= WAVFile.maximumFrames else {
                return text(.badRequest, "The sound of '\(scene)' is \(mix.frameCount / AudioClock.sampleRate) s long, more than a WAV holds; render it with `render` instead.")
            }
            let file = WAVSeconds(mix: mix)
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "audio/wav", .cacheControl: "no-store"],
                                body: HTTPBodySequence(from: ByteChunks(file), count: file.count))
        } catch let error as RenderError {
            return text(.badRequest, error.description)
        } catch let error as AudioError {
            return text(.unprocessableContent, error.description)
        } catch {
            return text(.internalServerError, "\(error)")
        }
    }

    private func presentation(scene: String, query: [HTTPRequest.QueryItem]) async -> HTTPResponse {
        let rate: FrameRate, seed: UInt64
        switch timing(query) {
        case .success(let timing): (rate, seed) = timing
        case .failure(let refusal): return refusal.response
        }
        var size = defaults.size
        if let asked = query["size"] {
            guard let parsed = FrameSize(parsing: asked) else { return text(.badRequest, "size '\(asked.prefix(40))' is not WxH.") }
            size = parsed
        }
        do {
            let page = try await frames.presentation(scene: scene, size: size, rate: rate, seed: seed)
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"], body: Data(page.utf8))
        } catch let error as RenderError {
            return text(.badRequest, error.description)
        } catch let error as AudioError {
            return text(.unprocessableContent, error.description)
        } catch {
            return text(.internalServerError, "\(error)")
        }
    }

    /// A refused request's response.
    private struct Refusal: Error { let response: HTTPResponse }

    /// The frame rate and seed a query names (`fps`, `seed`), the preview's own where it names
    /// none. A rate is 1 to `RenderRequest.maximumFrameRate` frames a second, or the preview's own
    /// (a slower one asks for a whole second or more of drawing and sound per frame, which a page
    /// never needs).
    private func timing(_ query: [HTTPRequest.QueryItem]) -> Result<(FrameRate, UInt64), Refusal> {
        var rate = defaults.rate, seed = defaults.seed
        if let fps = query["fps"] {
            guard let parsed = FrameRate(parsing: fps) else { return .failure(Refusal(response: text(.badRequest, "fps '\(fps.prefix(40))' is not a frame rate."))) }
            guard parsed.framesPerSecond >= 1 || parsed == defaults.rate else {
                return .failure(Refusal(response: text(.badRequest, "fps '\(fps.prefix(40))' is below 1: the preview shows 1 to \(RenderRequest.maximumFrameRate) frames a second (or its --fps).")))
            }
            rate = parsed
        }
        if let value = query["seed"] {
            guard let parsed = UInt64(value) else { return .failure(Refusal(response: text(.badRequest, "seed '\(value.prefix(40))' is not a whole number."))) }
            seed = parsed
        }
        return .success((rate, seed))
    }

    private func text(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "text/plain; charset=utf-8"], body: Data((message + "\n").utf8))
    }

    private func json(_ object: [String: Any]) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: data)
    }
}
