public import AnimateDrawing
public import Foundation

/// Where a render's frames go, in frame order: an encoder, a raw writer, PNG files, a hasher, a
/// contact sheet, or a sink of your own.
///
/// The renderer draws frames on worker threads. For each frame, `payload(of:worker:)` runs on the
/// worker that drew it, to take what the sink needs from the canvas (YUV samples, PNG bytes, a
/// hash) in parallel; `consume(_:frame:)` then runs on the rendering thread, strictly in frame
/// order. Per-worker state (converters, scratch) is indexed by `worker` and never shared.
public protocol FrameSink: AnyObject {
    /// What a worker hands over for one frame.
    associatedtype Payload

    /// Called once before any frame is drawn, with the number of drawing workers.
    func begin(workers: Int) throws
    /// On the worker that drew the frame: what the sink keeps of it.
    func payload(of canvas: inout Bitmap, worker: Int) throws -> Payload
    /// On the rendering thread, in frame order.
    func consume(_ payload: Payload, frame: Int) throws
    /// After the last frame: completes the output and returns the files written.
    func finish() throws -> [URL]
    /// The render stopped early (interrupted or failed): removes what is partial. With
    /// `keepingPartial`, a sink that can makes a valid output of the frames so far and says so.
    func stop(keepingPartial: Bool) throws -> PartialRender?
}

extension FrameSink {
    public func begin(workers: Int) throws {}
    public func stop(keepingPartial: Bool) throws -> PartialRender? { nil }
}
