import AnimateDrawing
import AnimateRender
import AnimateScene
import AnimateScenes
import AnimateTimeline
import Foundation
import Testing

/// A canvas drawing band by band gives the same bytes as one drawing each operation at once over
/// the whole frame, and with several threads (`drawingThreads`) the same as with one: for every
/// built-in scene, and for drawings made to cross the cuts between
/// bands with everything the compositor has (overlapping outlines resolved exactly, layers and
/// blend modes, clips, filters inside and outside layers, images, gradients, hairlines).
@Suite struct BandedDrawingTests {
    static let threadCounts = [2, 3, 5, 8]
    /// Ports of Manim's gallery stills: the same picture throughout, as the originals are.
    static let stills: Set<String> = ["brace-annotation", "vector-arrow", "sin-cos-plot", "surface-plot"]

    /// Bytes of `frames` drawn one after another on one canvas with `threads` (0: each operation
    /// drawn at once over the whole frame): what a worker of a render does, so what a canvas keeps
    /// from frame to frame is exercised too.
    static func frames(_ scene: Scene, width: Int, height: Int, frames: [Int], threads: Int) -> [[UInt8]] {
        var canvas = Bitmap(width: width, height: height)
        canvas.drawingThreads = threads
        canvas.drawsInBands = threads > 0
        // Cuts in other places for each count.
        if threads > 1 { canvas.bandHeight = 2 * threads + 6 }
        let cursor = scene.cursor()
        return frames.map { i in
            cursor.drawer(for: Frame(index: i, rate: FrameRate(numerator: 30)!, count: 300, size: canvas.size)).render(into: &canvas)
            return canvas.withPremultipliedBytes { Array($0) }
        }
    }

    @Test(arguments: BuiltinScenes.all.map(\.name))
    func builtinScenesAreTheSameOnEveryThreadCount(_ name: String) throws {
        let scene = try #require(BuiltinScenes.named(name))
        let indices = [0, 45, 46, 90, 150]
        let one = Self.frames(scene, width: 320, height: 180, frames: indices, threads: 1)
        #expect(Set(one).count > 1 || Self.stills.contains(name), "\(name) moves")
        for threads in [0] + Self.threadCounts {
            let many = Self.frames(scene, width: 320, height: 180, frames: indices, threads: threads)
            for (k, (a, b)) in zip(one, many).enumerated() {
                let same = a == b
                #expect(same, "\(name) frame \(indices[k]) with \(threads) threads: \(zip(a, b).filter { $0 != $1 }.count) bytes differ")
            }
        }
    }

    static let photo: Image = {
        var rgba: [UInt8] = []
        for y in 0..<40 { for x in 0..<60 { rgba += [UInt8(x * 4), UInt8(y * 6), UInt8((x + y) * 2), 255] } }
        return Image(rgba: rgba, width: 60, height: 40)!
    }()

    /// Drawings that cross band cuts (every 10 to 32 rows).
    static let hard = Scene(name: "banded", description: "", duration: 2) { context, frame in
        let t = CGFloat(frame.index)
        context.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 150)),
                     with: .linearGradient(Gradient(colors: [.white, .gray]), startPoint: .zero, endPoint: CGPoint(x: 40, y: 150)))
        // The same circle twice, and crossing stars: pixels resolved exactly, across cuts.
        var twice = Path(ellipseIn: CGRect(x: 10 + t, y: 10, width: 70, height: 90))
        twice.addEllipse(in: CGRect(x: 10 + t, y: 10, width: 70, height: 90))
        context.fill(twice, with: .color(Color(red: 0.9, green: 0.2, blue: 0.1, opacity: 0.7)))
        var star = Path()
        for k in 0..<11 {
            let a = Double(k) * 4 * .pi / 11 + Double(t) * 0.05
            let p = CGPoint(x: 120 + 60 * cos(a), y: 75 + 65 * sin(a))
            if k == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        context.fill(star, with: .color(.blue.opacity(0.6)), style: FillStyle(eoFill: true))
        context.stroke(star, with: .radialGradient(Gradient(colors: [.yellow, .purple]), center: CGPoint(x: 120, y: 75),
                                                   startRadius: 0, endRadius: 70), lineWidth: 3)
        context.stroke(Path(CGRect(x: 3.3, y: 17.5, width: 190, height: 113)), with: .color(.black), lineWidth: 0.4)
        // A layer with a blend mode and a clip, holding a blurred layer and an image.
        var clipped = context
        clipped.clip(to: Path(roundedRect: CGRect(x: 20, y: 30 + t, width: 160, height: 100), cornerRadius: 20))
        clipped.blendMode = .multiply
        clipped.opacity = 0.8
        clipped.drawLayer { layer in
            layer.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 150)), with: .color(.green))
            layer.draw(Self.photo, in: CGRect(x: 30, y: 20, width: 130, height: 95))
            var blurred = layer
            blurred.addFilter(.blur(radius: 4))
            blurred.fill(Path(ellipseIn: CGRect(x: 60, y: 40, width: 50, height: 60)), with: .color(.red))
            layer.drawLayer { inner in
                inner.blendMode = .screen
                inner.fill(Path(ellipseIn: CGRect(x: 90, y: 5, width: 60, height: 140)),
                           with: .conicGradient(Gradient(colors: [.red, .green, .blue, .red]), center: CGPoint(x: 120, y: 75)))
            }
        }
        // A shadowed shape outside any layer, then drawing after it.
        var shadowed = context
        shadowed.addFilter(.shadow(color: .black, radius: 3, x: 2, y: 4))
        shadowed.fill(Path(roundedRect: CGRect(x: 140, y: 90, width: 50, height: 40), cornerRadius: 6), with: .color(.orange))
        context.fill(Path(ellipseIn: CGRect(x: 150 - t, y: 100, width: 30, height: 45)), with: .color(.cyan.opacity(0.5)))
    }

    @Test func drawingsAcrossCutsAreTheSameOnEveryThreadCount() {
        let indices = [0, 1, 2, 7, 7, 30]
        let one = Self.frames(Self.hard, width: 200, height: 150, frames: indices, threads: 1)
        for threads in [0] + Self.threadCounts {
            let many = Self.frames(Self.hard, width: 200, height: 150, frames: indices, threads: threads)
            for (k, (a, b)) in zip(one, many).enumerated() {
                let same = a == b
                #expect(same, "frame \(indices[k]) with \(threads) threads: \(zip(a, b).filter { $0 != $1 }.count) bytes differ")
            }
        }
    }

    /// Random outlines from the whole range of coordinates (inside, across and far outside the
    /// frame, huge, tiny, on pixel and band edges, horizontal runs, repeated points, NaN and
    /// infinities), filled with both rules and stroked: the same bytes drawn whole and band by
    /// band, at several band heights and thread counts, and nothing traps.
    @Test func randomOutlinesAreTheSameBandByBand() {
        var random = RandomSource(seed: 37)
        func coordinate(_ size: Double) -> Double {
            switch random.next() % 16 {
            case 0: return [Double.nan, .infinity, -.infinity, 1e300, -1e300, 1e18][Int(random.next() % 6)]
            case 1: return Double(random.next() % UInt64(size + 1))            // on pixel edges
            case 2: return Double(random.next() % 8) * 32                      // on band edges
            case 3: return random.uniform(-3 * size...4 * size)                 // well outside
            case 4: return random.uniform(-1e-9...1e-9)                         // next to zero
            default: return random.uniform(-0.1 * size...1.1 * size)
            }
        }
        let width = 150, height = 130
        var shapes: [(Path, Bool, Bool)] = []
        for _ in 0..<60 {
            var path = Path()
            for _ in 0..<(1 + Int(random.next() % 3)) {
                path.move(to: CGPoint(x: coordinate(Double(width)), y: coordinate(Double(height))))
                var last = CGPoint.zero
                for k in 0..<(2 + Int(random.next() % 9)) {
                    var p = CGPoint(x: coordinate(Double(width)), y: coordinate(Double(height)))
                    if k > 0 && random.next() % 5 == 0 { p.y = last.y }        // a horizontal edge
                    if k > 0 && random.next() % 9 == 0 { p = last }            // a repeated point
                    if random.next() % 4 == 0 {
                        path.addQuadCurve(to: p, control: CGPoint(x: coordinate(Double(width)), y: coordinate(Double(height))))
                    } else {
                        path.addLine(to: p)
                    }
                    last = p
                }
                path.closeSubpath()
            }
            shapes.append((path, random.next() % 2 == 0, random.next() % 3 == 0))
        }
        let drawn = shapes
        let scene = Scene(name: "random-outlines", description: "", duration: 1) { context, frame in
            for (k, (path, evenOdd, stroked)) in drawn.enumerated() where k <= 20 + frame.index * 20 {
                let color = Color(red: Double(k % 7) / 6, green: Double(k % 5) / 4, blue: Double(k % 3) / 2, opacity: 0.35 + Double(k % 4) * 0.2)
                if stroked {
                    context.stroke(path, with: .color(color), lineWidth: 0.5 + Double(k % 5))
                } else {
                    context.fill(path, with: .color(color), style: FillStyle(eoFill: evenOdd))
                }
            }
        }
        let indices = [0, 1, 2]
        let whole = Self.frames(scene, width: width, height: height, frames: indices, threads: 0)
        #expect(Set(whole).count == 3)
        for (threads, band) in [(1, 32), (1, 10), (3, 2), (2, 64)] {
            var canvas = Bitmap(width: width, height: height)
            canvas.drawingThreads = threads
            canvas.bandHeight = band
            let cursor = scene.cursor()
            for (k, i) in indices.enumerated() {
                cursor.drawer(for: Frame(index: i, rate: FrameRate(numerator: 30)!, count: 30, size: canvas.size)).render(into: &canvas)
                let bytes = canvas.withPremultipliedBytes { Array($0) }
                let same = bytes == whole[k]
                #expect(same, "frame \(i), \(threads) threads, bands of \(band) rows: \(zip(bytes, whole[k]).filter { $0 != $1 }.count) bytes differ")
            }
        }
    }

    /// The renderer gives each frame the threads that have none of their own.
    @Test func threadsWithoutAFrameDrawBands() throws {
        let scene = try #require(BuiltinScenes.named("flower"))
        func request(frames: ClosedRange<Int>, threads: Int, memory: Int? = nil) throws -> RenderRequest {
            try RenderRequest(scene: scene, size: FrameSize(width: 320, height: 180), frames: .range(frames.lowerBound, frames.upperBound),
                              threads: threads, maximumMemory: memory ?? (1 << 40))
        }
        #expect(try request(frames: 90...90, threads: 6).threadsPerFrame == 6)
        #expect(try request(frames: 90...91, threads: 5).threadsPerFrame == 2)
        #expect(try request(frames: 0...99, threads: 4).threadsPerFrame == 1)
        #expect(try request(frames: 90...90, threads: 1).threadsPerFrame == 1)
        // Memory for two frames at once but not eight: each of the two gets four threads, if the
        // bands' rasterizers fit too.
        let url = URL(fileURLWithPath: "/tmp/bands.mp4")
        func estimate(_ workers: Int, bands: Int = 1) -> Int {
            MemoryPlan.estimate(width: 3840, height: 2160, workers: workers, reusesPreviousFrame: true, output: .mp4(url),
                                threadsPerFrame: bands)
        }
        func big(_ memory: Int) throws -> RenderRequest {
            try RenderRequest(scene: scene, output: .mp4(url), size: FrameSize(width: 3840, height: 2160), threads: 8, maximumMemory: memory)
        }
        let roomy = try big(estimate(2, bands: 4) + (1 << 20))
        #expect(roomy.threads == 2 && roomy.threadsPerFrame == 4)
        let tight = try big(estimate(2) + (1 << 20))
        #expect(tight.threads == 2 && tight.threadsPerFrame == 1)
        // Hashes of frames drawn with bands are those of frames drawn whole.
        let alone = try FrameHashing.manifest(for: request(frames: 89...90, threads: 1))
        let banded = try FrameHashing.manifest(for: request(frames: 89...90, threads: 7))
        #expect(alone.frames.map(\.md5) == banded.frames.map(\.md5))
    }

    @Test func threadCountIsClampedAndCopiesKeepIt() {
        var canvas = Bitmap(width: 40, height: 40)
        canvas.drawingThreads = 0
        #expect(canvas.drawingThreads == 1)
        canvas.drawingThreads = 4
        var copy = canvas
        copy.clear(Color(red: 1, green: 0, blue: 0))
        #expect(copy.drawingThreads == 4)
        canvas.draw { c, _ in c.fill(Path(ellipseIn: CGRect(x: 5, y: 5, width: 30, height: 30)), with: .color(Color(red: 0, green: 0, blue: 1))) }
        #expect(copy.premultipliedPixel(x: 20, y: 20) == SIMD4(255, 0, 0, 255))
        #expect(canvas.premultipliedPixel(x: 20, y: 20) == SIMD4(0, 0, 255, 255))
    }
}
