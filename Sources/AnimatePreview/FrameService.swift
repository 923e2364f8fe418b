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

    private let catalog: SceneCatalog
    private let inputs: SceneInputs
    /// One frame is drawn at a time: a scrub wants the newest frame soonest, not many at once.
    private let queue = DispatchQueue(label: "animate.preview.frames")
    private let lock = NSLock()
    private var latest: [String: UInt64] = [:]
    private var tickets: UInt64 = 0
    /// Kept between frames (only `queue` touches it), so a frame of the same size reuses its buffers.
    private var canvas: Canvas?

    init(catalog: SceneCatalog, inputs: SceneInputs) {
        self.catalog = catalog
        self.inputs = inputs
    }

    /// The request `ask` describes, under `render`'s rules.
    func request(for ask: Ask) throws(RenderError) -> RenderRequest {
        try RenderRequest(scene: catalog.scene(named: ask.scene, inputs: inputs), size: ask.size, rate: ask.rate,
                          frames: .range(ask.index, ask.index), seed: ask.seed, threads: 1)
    }

    /// The picture of the frame `ask` names. Throws `RenderError` for a request `render` would
    /// refuse, and `FrameSuperseded` when a newer request of the same client came first.
    func picture(for ask: Ask) async throws -> [UInt8] {
        let request = try request(for: ask)
        let ticket = claim(for: ask.client)
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
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
            ?? Canvas(width: request.width, height: request.height)
        self.canvas = nil                       // uniquely referenced while drawing: no copy on write
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

    private func claim(for client: String?) -> UInt64 {
        lock.lock(); defer { lock.unlock() }
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

/// A frame request dropped because a newer one from the same page arrived before it was drawn.
struct FrameSuperseded: Error, CustomStringConvertible {
    var description: String { "superseded by a newer request from the same page" }
}
