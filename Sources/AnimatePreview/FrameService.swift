import Animate
import Foundation

/// Draws single frames on demand for the preview, one at a time, newest first.
///
/// Every request is checked with the same rules as `render` (a `RenderError` is the caller's
/// 400). Requests carry the page's client id: a request that is still waiting when a newer one
/// from the same client arrives is dropped unread (`FrameSuperseded`), so scrubbing never queues
/// stale work. A frame's PNG is the same bytes `render <scene> --frames K..K -o x.png` writes; its
/// JPEG is a quicker, smaller picture for scrubbing and playback.
final class FrameService: @unchecked Sendable {
    /// What a request asks for, as the URL gives it.
    /// The picture formats a frame is served in.
    enum Format: String, Sendable { case png, jpg }

    struct Ask: Sendable {
        var scene: String
        var index: Int
        var size: FrameSize?
        var rate: FrameRate
        var seed: UInt64
        var client: String?
        var format: Format = .png
    }

    private var shown: SceneCatalog
    /// Counts catalog replacements (a mixed sound is kept only for the scenes it was mixed from).
    private var generation = 0
    /// The scenes served (`preview --watch` replaces them when it reloads the package's scenes).
    var catalog: SceneCatalog {
        get { lock.withLock { shown } }
        set {
            lock.withLock {
                shown = newValue
                generation += 1
                fitted.removeAll()
            }
        }
    }
    private let inputs: SceneInputs
    /// A sound file under every scene's own sounds (`--audio`).
    private let soundtrack: Soundtrack?
    /// Sound is mixed apart from frames, so a long mix never holds up a scrub.
    private let soundQueue = DispatchQueue(label: "animate.preview.sound")
    private var lastSound: (key: String, mix: AudioMix?)?
    /// One frame is drawn at a time: a scrub wants the newest frame soonest, not many at once.
    private let queue = DispatchQueue(label: "animate.preview.frames")
    private let lock = NSLock()
    private var latest: [String: UInt64] = [:]
    private var tickets: UInt64 = 0
    /// Frames asked for and not yet started: past `maximumWaiting`, more are turned away at once
    /// (`FrameServiceBusy`) rather than queued, so many clients cannot make the page wait behind them.
    private var waiting = 0
    static let maximumWaiting = 8
    /// Kept between frames (only `queue` touches it), so a frame of the same size reuses its buffers.
    private var canvas: Bitmap?

    init(catalog: SceneCatalog, inputs: SceneInputs, soundtrack: Soundtrack? = nil) {
        shown = catalog
        self.inputs = inputs
        self.soundtrack = soundtrack
    }

    /// Whether `scene` plays any sound in the preview.
    func hasSound(_ scene: Scene) -> Bool { soundtrack != nil || scene.hasSound }

    /// The sound of the whole timeline of `scene` at `rate` (the frames' span of time), the mix a
    /// render makes; nil when it has none. Its samples are made as they are sent. Throws
    /// `RenderError` for input `render` would refuse and `AudioError` for a sound that cannot be
    /// read or spoken.
    func sound(scene name: String, rate: FrameRate, seed: UInt64) async throws -> AudioMix? {
        let request = try RenderRequest(scene: catalog.scene(named: name, inputs: inputs), rate: rate, seed: seed, threads: 1,
                                        soundtrack: soundtrack)
        let key = "\(lock.withLock { generation }) \(name) \(rate) \(seed)"
        return try await withCheckedThrowingContinuation { continuation in
            soundQueue.async {
                if let last = self.lastSound, last.key == key { return continuation.resume(returning: last.mix) }
                continuation.resume(with: Result {
                    let mix = try request.audioMix()
                    self.lastSound = (key, mix)
                    return mix
                })
            }
        }
    }

    /// The scene as a presentation (`SlideDeck`) at `size` and `rate`, made on the sound queue
    /// (one at a time): its page.
    func presentation(scene name: String, size: FrameSize?, rate: FrameRate, seed: UInt64) async throws -> String {
        let side = max(size?.width ?? 1920, size?.height ?? 1080)
        let request = try RenderRequest(scene: catalog.scene(named: name, inputs: inputs(forSide: side)), size: size, rate: rate, seed: seed,
                                        soundtrack: soundtrack)
        let key = "\(lock.withLock { generation }) \(name) \(size.map { "\($0.width)x\($0.height)" } ?? "-") \(rate) \(seed)"
        return try await withCheckedThrowingContinuation { continuation in
            soundQueue.async {
                // The page is kept for the scenes and options it was made from: asking again (a reload) makes nothing.
                if let last = self.lastDeck, last.key == key { return continuation.resume(returning: last.page) }
                continuation.resume(with: Result {
                    let page = try SlideDeck(request: request).html()
                    self.lastDeck = (key, page)
                    self.lock.withLock { self.made += 1 }
                    return page
                })
            }
        }
    }

    /// The last presentation made (only `soundQueue` touches it), by what it was made from.
    private var lastDeck: (key: String, page: String)?
    private var made = 0
    /// How many presentations were made.
    var decksMade: Int { lock.withLock { made } }

    /// The pictures at the size frames of `side` pixels show them (as `render` keeps them), by side.
    private var fitted: [Int: SceneInputs] = [:]

    private func inputs(forSide side: Int) -> SceneInputs {
        guard !inputs.images.isEmpty else { return inputs }
        lock.lock(); defer { lock.unlock() }
        if let kept = fitted[side] { return kept }
        if fitted.count >= 4 { fitted.removeAll() }
        let made = inputs.fitting(frameSide: side)
        fitted[side] = made
        return made
    }

    /// The request `ask` describes, under `render`'s rules, with the pictures `render` would use.
    func request(for ask: Ask) throws(RenderError) -> RenderRequest {
        var size = ask.size
        if size == nil {
            let scene = try catalog.scene(named: ask.scene, inputs: inputs)
            size = FrameSize(width: Int(scene.size.width), height: Int(scene.size.height))
        }
        let side = max(size?.width ?? 0, size?.height ?? 0)
        return try RenderRequest(scene: catalog.scene(named: ask.scene, inputs: inputs(forSide: side)), size: ask.size, rate: ask.rate,
                          frames: .range(ask.index, ask.index), seed: ask.seed, threads: 1)
    }

    /// The picture of the frame `ask` names. Throws `RenderError` for a request `render` would
    /// refuse, and `FrameSuperseded` when a newer request of the same client came first.
    func picture(for ask: Ask) async throws -> [UInt8] {
        let request = try request(for: ask)
        let ticket = try claim(for: ask.client)
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                self.lock.lock(); self.waiting -= 1; self.lock.unlock()
                guard !self.isSuperseded(ticket, client: ask.client) else {
                    continuation.resume(throwing: FrameSuperseded())
                    return
                }
                continuation.resume(with: Result { try self.draw(request, index: ask.index, format: ask.format) })
            }
        }
    }

    private func draw(_ request: RenderRequest, index: Int, format: Format) throws -> [UInt8] {
        var canvas = self.canvas.flatMap { $0.width == request.width && $0.height == request.height ? $0 : nil }
            ?? Bitmap(width: request.width, height: request.height)
        self.canvas = nil                       // uniquely referenced while drawing: no copy on write
        // One frame at a time: every core draws a band of it.
        canvas.drawingThreads = ProcessInfo.processInfo.activeProcessorCount
        request.render(index, into: &canvas)
        let picture: [UInt8]
        switch format {
        case .png:
            picture = try canvas.rgba8().withUnsafeBufferPointer {
                try PNGEncoder.encode(rgba: $0, width: request.width, height: request.height)
            }
        case .jpg:
            picture = try canvas.withPremultipliedBytes {
                try JPEGEncoder.encode(premultipliedRGBA: $0, width: request.width, height: request.height)
            }
        }
        self.canvas = canvas
        return picture
    }

    private func claim(for client: String?) throws(FrameServiceBusy) -> UInt64 {
        lock.lock(); defer { lock.unlock() }
        guard waiting < Self.maximumWaiting else { throw FrameServiceBusy() }
        waiting += 1
        tickets += 1
        if let client { latest[client] = tickets }
        return tickets
    }

    private func isSuperseded(_ ticket: UInt64, client: String?) -> Bool {
        guard let client else { return false }
        lock.lock(); defer { lock.unlock() }
        return latest[client] != ticket
    }
}

/// A frame request turned away because `FrameService.maximumWaiting` frames are already waiting.
struct FrameServiceBusy: Error, CustomStringConvertible {
    var description: String { "busy: \(FrameService.maximumWaiting) frames are already waiting to be drawn; ask again" }
}

/// A frame request dropped because a newer one from the same page arrived before it was drawn.
struct FrameSuperseded: Error, CustomStringConvertible {
    var description: String { "superseded by a newer request from the same page" }
}
