public import AnimateDrawing
public import Foundation

/// What an update does with the canvases of timelines: nothing (views drawn without a scene's
/// ticks), a tick's run, or the frame's run whose pictures the frame shows.
package enum CanvasPass: Sendable {
    case none
    case tick
    case frame
}

/// A view scene's record of its timelines' canvases, shared by every state of one run (its
/// updates come one at a time, in order): the entry each canvas last ran for and its picture.
package final class CanvasTicks: @unchecked Sendable {
    struct Record {
        var entry: TimelineEntry
        var picture: CanvasPicture?
    }
    var records: [String: Record] = [:]
    /// Pixels a point of the frames being made (pictures are drawn at it).
    package var scale: CGFloat = 1
    /// A pixel to draw into when a run's picture is not kept.
    let nowhere = NowhereBitmap()

    package init() {}
}

final class NowhereBitmap: @unchecked Sendable { var bitmap = Bitmap(width: 1, height: 1) }

/// A canvas's drawing for one entry: its pixels, from the whole device pixel at or left of and
/// above the canvas's corner, so they land on the frame's pixels one for one.
struct CanvasPicture {
    let image: Image
    /// Where the canvas's corner is in the picture, in points (less than a pixel).
    let corner: CGPoint
    /// The canvas's size and where its corner fell on the frame's pixels.
    let size: CGSize
    let phase: CGPoint
}

/// A `Canvas` in a `TimelineView` of a view scene, drawn as a device draws it: its closure runs
/// once per entry of the timeline's schedule (each display refresh for `.animation`, each second
/// for `.periodic(by: 1)`), in order, on the thread that prepares frames, so a closure that
/// changes its model (`particle.age += 1`) changes it at the schedule's rate whatever the video's
/// frame rate, and never from two threads; a frame shows the picture of the latest entry.
final class TickedCanvasNode: ViewNode {
    let drawing: CanvasDrawing
    let place: String
    let entry: TimelineEntry
    let store: ViewStateStore
    let ticks: CanvasTicks

    init(drawing: CanvasDrawing, place: String, entry: TimelineEntry, store: ViewStateStore, ticks: CanvasTicks) {
        self.drawing = drawing
        self.place = place
        self.entry = entry
        self.store = store
        self.ticks = ticks
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { proposal.replacingUnspecifiedDimensions() }

    func prepare(in rect: CGRect) {
        guard store.canvasPass != .none, rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else { return }
        let known = ticks.records[place]
        let framing = store.canvasPass == .frame
        let phase = Self.phase(of: rect.origin, scale: ticks.scale)
        if known?.entry != entry || (framing && (known?.picture?.size != rect.size || known?.picture?.phase != phase)) {
            // A refresh between frames is not shown: it runs, its picture is not kept.
            let keep = framing || !entry.isRefresh
            ticks.records[place] = CanvasTicks.Record(entry: entry, picture: run(size: rect.size, phase: phase, keeping: keep))
        }
        if framing { store.canvasPictures[place] = ticks.records[place]?.picture }
    }

    /// How far past a whole device pixel `origin` falls, in pixels.
    static func phase(of origin: CGPoint, scale: CGFloat) -> CGPoint {
        let x = origin.x * scale, y = origin.y * scale
        guard x.isFinite, y.isFinite else { return .zero }
        return CGPoint(x: x - x.rounded(.down), y: y - y.rounded(.down))
    }

    /// Runs the closure once: into a picture of the canvas at the frames' scale, or nowhere.
    private func run(size: CGSize, phase: CGPoint, keeping: Bool) -> CanvasPicture? {
        guard keeping else {
            ViewStateStore.drawing {
                ticks.nowhere.bitmap.draw { context, _ in
                    context.clip(to: Path(CGRect(x: 0, y: 0, width: 0, height: 0)))
                    drawing.run(in: context, at: .zero, size: size)
                }
            }
            return nil
        }
        let scale = ticks.scale
        let width = min(max(Int((size.width * scale + phase.x).rounded(.up)), 1), Bitmap.maximumDimension)
        let height = min(max(Int((size.height * scale + phase.y).rounded(.up)), 1), Bitmap.maximumDimension)
        var bitmap = Bitmap(width: width, height: height)
        ViewStateStore.drawing {
            bitmap.draw { context, _ in
                context.translateBy(x: phase.x, y: phase.y)
                context.scaleBy(x: scale, y: scale)
                drawing.run(in: context, at: .zero, size: size)
            }
        }
        guard let image = bitmap.picture(scale: scale) else { return nil }
        return CanvasPicture(image: image, corner: CGPoint(x: phase.x / scale, y: phase.y / scale), size: size, phase: phase)
    }

    func draw(in rect: CGRect, context: GraphicsContext) {
        if let picture = store.canvasPictures[place] {
            let size = picture.image.size
            context.draw(picture.image, in: CGRect(x: rect.minX - picture.corner.x, y: rect.minY - picture.corner.y, width: size.width, height: size.height))
            return
        }
        // Not prepared (the canvas appeared only now): drawn as any canvas is.
        drawing.run(in: context, at: rect.origin, size: rect.size)
    }
}
