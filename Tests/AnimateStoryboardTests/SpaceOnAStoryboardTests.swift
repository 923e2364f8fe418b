import AnimateDrawing
import AnimateFormula
import AnimateMath
import AnimateSpace
import AnimateStoryboard
import AnimateTestSupport
import AnimateText
import AnimateTimeline
import Foundation
import Testing

/// Things in a space on a storyboard: created, faded, moved, turned and transformed in space,
/// the camera moved, orbiting, framing and following; every frame a function of its time.
@Suite struct SpaceOnAStoryboardTests {
    static let size = CGSize(width: 480, height: 360)
    static let middle = CGPoint(x: 240, y: 180)
    /// Looking straight down, without perspective: x right and y up on the screen, 50 px a unit.
    static let top = Camera3D(isOrthographic: true, unit: 50)
    static let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

    static func frame(_ board: Storyboard, at time: Double, threads: Int = 1) -> Bitmap {
        var canvas = Bitmap(width: Int(size.width), height: Int(size.height))
        canvas.drawingThreads = threads
        canvas.drawsInBands = threads > 1
        canvas.draw { context, s in
            context.fill(Path(CGRect(origin: .zero, size: s)), with: .color(.black))
            board.draw(in: &context, at: time)
        }
        return canvas
    }

    /// A pixel's premultiplied red, green and blue.
    static func rgb(_ b: Bitmap, _ p: CGPoint) -> (Int, Int, Int) {
        let c = b.premultipliedPixel(x: Int(p.x), y: Int(p.y))
        return (Int(c.x), Int(c.y), Int(c.z))
    }

    static func screen(_ p: Vector3, _ camera: Camera3D = top) -> CGPoint { camera.project(p, middle: middle).point }

    @Test func aThingTurnsAboutAnAxisAndMovesInSpace() {
        let board = Storyboard(size: Self.size) { s in
            let space = s.add(space: Space(camera: Self.top))
            let dot = s.add(in: space, visible: true) { $0.addDot(at: Vector3(2, 0, 0), radius: 6, color: Self.red) }
            // A quarter turn counterclockwise about the z axis through the origin, then up 1 along y... and x.
            s.play(.rotate(dot, by: .degrees(90), axis: .out, about: .zero), easing: .linear)
            s.play(.move(dot, to: Vector3(-1, -1, 0)), easing: .linear)
            s.play(.shift(dot, by: Vector3(0, 2, 0)), easing: .linear)
        }
        func redAt(_ t: Double, _ p: Vector3) -> Bool { Self.rgb(Self.frame(board, at: t), Self.screen(p)).0 > 200 }
        #expect(redAt(0, Vector3(2, 0, 0)))
        let half = PortableMath.cos(Double.pi / 4) * 2
        #expect(redAt(0.5, Vector3(half, half, 0)), "halfway round: 45°")
        #expect(!redAt(0.5, Vector3(2, 0, 0)))
        #expect(redAt(1, Vector3(0, 2, 0)), "a quarter turn counterclockwise seen from above")
        #expect(redAt(1.5, Vector3(-0.5, 0.5, 0)), "halfway to (-1, -1)")
        #expect(redAt(2, Vector3(-1, -1, 0)))
        #expect(redAt(3, Vector3(-1, 1, 0)))
        #expect(!redAt(3, Vector3(-1, -1, 0)))
    }

    @Test func aTrackerShapesAThingThatBeatsAlsoTurn() {
        // The dot's distance from the origin is a tracker; the thing holding it also turns.
        let board = Storyboard(size: Self.size) { s in
            let space = s.add(space: Space(camera: Self.top))
            let r = s.tracker(1)
            let dot = s.add(in: space, visible: true) { v, space in space.addDot(at: Vector3(v[r], 0, 0), radius: 6, color: Self.red) }
            s.play(.set(r, to: 3), .rotate(dot, by: .degrees(90), about: .zero), easing: .linear)
        }
        func redAt(_ t: Double, _ p: Vector3) -> Bool { Self.rgb(Self.frame(board, at: t), Self.screen(p)).0 > 200 }
        #expect(redAt(0, Vector3(1, 0, 0)))
        let k = PortableMath.cos(Double.pi / 4) * 2
        #expect(redAt(0.5, Vector3(k, k, 0)), "2 units out, turned 45°")
        #expect(redAt(1, Vector3(0, 3, 0)))
    }

    @Test func beatsWrittenForTheCanvasMoveAThingInSpaceInItsUnits() {
        let board = Storyboard(size: Self.size) { s in
            let space = s.add(space: Space(camera: Self.top))
            let dot = s.add(in: space, visible: true) { $0.addDot(at: Vector3(2, 0, 0), radius: 6, color: Self.red) }
            s.play(.move(dot, to: CGPoint(x: -1, y: 2)), easing: .linear)
            s.play(.shift(dot, by: CGSize(width: 0, height: -3)), easing: .linear)
            s.play(.rotate(dot, by: .degrees(180), about: CGPoint(x: 0, y: 0)), easing: .linear)
        }
        func redAt(_ t: Double, _ p: Vector3) -> Bool { Self.rgb(Self.frame(board, at: t), Self.screen(p)).0 > 200 }
        #expect(redAt(1, Vector3(-1, 2, 0)))
        #expect(redAt(2, Vector3(-1, -1, 0)))
        #expect(redAt(3, Vector3(1, 1, 0)))
    }

    @Test func aThingTurnsAboutItsOwnMiddleByDefault() {
        // A bar from (1, 0) to (3, 0) turned a quarter about the z axis through its middle (2, 0).
        let board = Storyboard(size: Self.size) { s in
            let space = s.add(space: Space(camera: Self.top))
            let bar = s.add(in: space, visible: true) { $0.addLine(from: Vector3(1, 0, 0), to: Vector3(3, 0, 0), color: Self.red, width: 6) }
            s.play(.rotate(bar, by: .degrees(90)), easing: .linear)
        }
        let b = Self.frame(board, at: 1)
        #expect(Self.rgb(b, Self.screen(Vector3(2, 0.9, 0))).0 > 200)
        #expect(Self.rgb(b, Self.screen(Vector3(2, -0.9, 0))).0 > 200)
        #expect(Self.rgb(b, Self.screen(Vector3(2.9, 0, 0))).0 < 30)
    }

    @Test func createSweepsASurfaceInAndGrowsALine() {
        let board = Storyboard(size: Self.size) { s in
            let space = s.add(space: Space(camera: Self.top))
            let sheet = s.add(in: space) {
                $0.add(.surface(u: -2...2, v: 0.5...1.5, resolution: (8, 1), checkerboard: (Self.red, Self.red)) { u, v in Vector3(u, v, 0) }, shaded: false)
            }
            let line = s.add(in: space) { $0.addLine(from: Vector3(-2, -1, 0), to: Vector3(2, -1, 0), color: Self.blue, width: 6) }
            s.play(.create(sheet), .create(line), easing: .linear)
        }
        let start = Self.frame(board, at: 0)
        #expect(Self.rgb(start, Self.screen(Vector3(-1.5, 1, 0))).0 < 30, "nothing drawn at the start")
        let b = Self.frame(board, at: 0.5)
        #expect(Self.rgb(b, Self.screen(Vector3(-1.5, 1, 0))).0 > 200, "the first half of the surface swept in")
        #expect(Self.rgb(b, Self.screen(Vector3(1.5, 1, 0))).0 < 30, "the second not yet")
        #expect(Self.rgb(b, Self.screen(Vector3(-1.5, -1, 0))).2 > 200, "the line grown from its start")
        #expect(Self.rgb(b, Self.screen(Vector3(1.5, -1, 0))).2 < 30)
        let end = Self.frame(board, at: 1)
        #expect(Self.rgb(end, Self.screen(Vector3(1.5, 1, 0))).0 > 200)
        #expect(Self.rgb(end, Self.screen(Vector3(1.5, -1, 0))).2 > 200)
    }

    @Test func writingAFormulaLaidFlatShowsItsGlyphsInOrder() throws {
        let formula = Formula(#"\blacksquare\quad\blacksquare"#).font(.system(size: 200)).foregroundColor(Self.red)
        let board = Storyboard(size: Self.size) { s in
            let space = s.add(space: Space(camera: Self.top))
            let sign = s.add(in: space) { $0.addLabel(formula, at: .zero, right: .right, up: .up) }
            s.play(.write(sign), easing: .linear)
        }
        // The squares' middles: where their boxes map, 135 points a unit and 50 pixels a unit.
        let resolved = try formula.resolved()
        let middles = resolved.glyphs.map {
            CGPoint(x: 240 + ($0.bounds.midX - resolved.size.width / 2) * 50 / 135, y: 180 + ($0.bounds.midY - resolved.size.height / 2) * 50 / 135)
        }
        try #require(middles.count == 2)
        let (left, right) = (middles[0], middles[1])
        #expect(Self.rgb(Self.frame(board, at: 0.3), left).0 == 255, "the first glyph written")
        #expect(Self.rgb(Self.frame(board, at: 0.3), right).0 == 0, "the second not begun")
        #expect(Self.rgb(Self.frame(board, at: 0.5), right).0 > 50 && Self.rgb(Self.frame(board, at: 0.5), right).0 < 200, "the second coming in")
        #expect(Self.rgb(Self.frame(board, at: 1), right).0 == 255)
    }

    @Test func fadingMakesASurfaceSeeThrough() {
        let board = Storyboard(size: Self.size) { s in
            let space = s.add(space: Space(camera: Self.top))
            let sheet = s.add(in: space) { $0.add(.quad(Vector3(-1, -1, 0), Vector3(1, -1, 0), Vector3(1, 1, 0), Vector3(-1, 1, 0), color: Self.red), shaded: false) }
            s.play(.fadeIn(sheet), easing: .linear)
            s.play(.fadeOut(sheet), easing: .linear)
        }
        let red = { (t: Double) in Self.rgb(Self.frame(board, at: t), Self.middle).0 }
        #expect(red(0) == 0)
        #expect(abs(red(0.5) - 128) <= 2, "half faded in: \(red(0.5))")
        #expect(red(1) == 255)
        #expect(abs(red(1.75) - 64) <= 2, "three quarters faded out: \(red(1.75))")
        #expect(red(2) == 0)
    }

    @Test func aSurfaceTransformsIntoOneOfTheSameMake() {
        // Two patches of the same make: the left one, red, becomes the right one, blue.
        func patch(_ x: Double, _ colour: Color) -> Mesh {
            .surface(u: x...(x + 1), v: -0.5...0.5, resolution: (4, 4), checkerboard: (colour, colour)) { u, v in Vector3(u, v, 0) }
        }
        let board = Storyboard(size: Self.size) { s in
            let space = s.add(space: Space(camera: Self.top))
            let left = s.add(in: space, visible: true) { $0.add(patch(-2.5, Self.red), shaded: false) }
            let right = s.add(in: space) { $0.add(patch(1.5, Self.blue), shaded: false) }
            s.play(.transform(left, into: right), easing: .linear)
        }
        let b = Self.frame(board, at: 0.5)
        let (r, g, bl) = Self.rgb(b, Self.middle)
        let mid = Color.interpolate(Self.red, Self.blue, 0.5)
        let expected = [mid.red, mid.green, mid.blue].map { Int(($0 * 255).rounded()) }
        #expect(abs(r - expected[0]) <= 2 && abs(g - expected[1]) <= 2 && abs(bl - expected[2]) <= 2,
                "halfway: in the middle, its colour between red and blue: \(r), \(g), \(bl), not \(expected)")
        #expect(Self.rgb(b, Self.screen(Vector3(-2, 0, 0))) == (0, 0, 0), "the source is not drawn where it was")
        #expect(Self.rgb(b, Self.screen(Vector3(2, 0, 0))) == (0, 0, 0), "nor the target before it arrives")
        let end = Self.frame(board, at: 1)
        #expect(Self.rgb(end, Self.screen(Vector3(2, 0, 0))) == (0, 0, 255))
        #expect(Self.rgb(end, Self.middle) == (0, 0, 0))
        #expect(Self.rgb(end, Self.screen(Vector3(-2, 0, 0))) == (0, 0, 0))
    }

    @Test func thingsOfDifferentMakesFadeIntoEachOther() {
        let board = Storyboard(size: Self.size) { s in
            let space = s.add(space: Space(camera: Self.top))
            let square = s.add(in: space, visible: true) {
                $0.add(.quad(Vector3(-2, -0.5, 0), Vector3(-1, -0.5, 0), Vector3(-1, 0.5, 0), Vector3(-2, 0.5, 0), color: Self.red), shaded: false)
            }
            let dot = s.add(in: space) { $0.addDot(at: Vector3(2, 0, 0), radius: 10, color: Self.blue) }
            s.play(.transform(square, into: dot), easing: .linear)
        }
        let b = Self.frame(board, at: 0.5)
        #expect(abs(Self.rgb(b, Self.screen(Vector3(-1.5, 0, 0))).0 - 128) <= 3)
        #expect(abs(Self.rgb(b, Self.screen(Vector3(2, 0, 0))).2 - 128) <= 3)
    }

    @Test func theCameraMovesOrbitsAndTurnsOnItsOwn() {
        let board = Storyboard(size: Self.size) { s in
            let space = s.add(space: Space(camera: Self.top))
            _ = s.add(in: space, visible: true) { $0.addDot(at: Vector3(2, 0, 0), radius: 6, color: Self.red) }
            s.play(.orbit(space, by: .degrees(90)), easing: .linear)
            s.beginAmbientRotation(space, rate: 0.5)
            s.wait(1)
            s.stopAmbientRotation(space)
            s.wait(1)
            s.play(.moveCamera(space, theta: .degrees(-90), zoom: 2), easing: .linear)
        }
        func camera(theta: Double, zoom: Double = 1) -> Camera3D {
            var c = Self.top
            c.theta = .radians(theta)
            c.zoom = zoom
            return c
        }
        func redAt(_ t: Double, _ c: Camera3D) -> Bool { Self.rgb(Self.frame(board, at: t), Self.screen(Vector3(2, 0, 0), c)).0 > 200 }
        #expect(redAt(0, Self.top))
        #expect(redAt(1, camera(theta: 0)), "orbited a quarter")
        #expect(redAt(1.5, camera(theta: 0.25)), "turning at half a radian a second")
        #expect(redAt(2, camera(theta: 0.5)))
        #expect(redAt(2.7, camera(theta: 0.5)), "stopped where it got to")
        #expect(redAt(4, camera(theta: -.pi / 2, zoom: 2)), "moved back and zoomed")
    }

    @Test func theCameraFramesAndFollowsAThingInSpace() {
        let board = Storyboard(size: Self.size) { s in
            let space = s.add(space: Space(camera: Self.top))
            let ball = s.add(in: space, visible: true) { $0.add(.sphere(center: Vector3(3, 1, 0), radius: 0.5, checkerboard: (Self.red, Self.red)), shaded: false) }
            s.play(.camera(frame: ball, margin: 30), easing: .linear)
            s.play(.camera(follow: ball), .move(ball, to: Vector3(-3, -1, 0)), duration: 2, easing: .linear)
        }
        // Framed: centred, its radius filling the height but for the margin (180 - 30 = 150 px).
        let framed = Self.frame(board, at: 1)
        #expect(Self.rgb(framed, Self.middle).0 > 200)
        #expect(Self.rgb(framed, CGPoint(x: 240, y: 180 - 140)).0 > 200)
        #expect(Self.rgb(framed, CGPoint(x: 240, y: 180 - 160)).0 < 30)
        // Followed: after the glide, still in the middle wherever it has got to.
        for t in [1.6, 2.2, 2.9, 3.5] {
            #expect(Self.rgb(Self.frame(board, at: t), Self.middle).0 > 200, "at \(t) s")
        }
    }

    @Test func aLightMovesAndTheShadingFollows() {
        let white = Color(red: 1, green: 1, blue: 1)
        let board = Storyboard(size: Self.size) { s in
            let space = s.add(space: Space(camera: Self.top, lights: [Light(position: Vector3(0, 0, 10), specular: 0)], ambient: 0.2))
            _ = s.add(in: space, visible: true) { $0.add(.quad(Vector3(-2, -2, 0), Vector3(2, -2, 0), Vector3(2, 2, 0), Vector3(-2, 2, 0), color: white)) }
            s.play(.moveLight(space, to: Vector3(10, 0, 0)), easing: .linear)
        }
        // Lambert at the corners (a fifth ambient), blended across: the middle lies on the
        // diagonal from (-2, -2) to (2, 2), halfway.
        func lit(_ light: Vector3) -> Double {
            func at(_ p: Vector3) -> Double { 0.2 + 0.8 * max(0, (light - p).normalized.dot(.out)) }
            return 255 * (at(Vector3(-2, -2, 0)) + at(Vector3(2, 2, 0))) / 2
        }
        for (t, light) in [(0.0, Vector3(0, 0, 10)), (0.5, Vector3(5, 0, 5)), (1.0, Vector3(10, 0, 0))] {
            let got = Double(Self.rgb(Self.frame(board, at: t), Self.middle).0)
            #expect(abs(got - lit(light)) <= 1.5, "at \(t) s, the light at \(light): \(got), not \(lit(light))")
        }
        #expect(lit(Vector3(0, 0, 10)) > 240 && abs(lit(Vector3(10, 0, 0)) - 51) < 1, "from above bright; from the side, the ambient fifth")
    }

    @Test func aFrameIsAFunctionOfItsTimeAlone() {
        let board = Storyboard(size: Self.size) { s in
            let space = s.add(space: Space(camera: Camera3D(phi: .degrees(70), theta: .degrees(-40))))
            let axes = s.add(in: space) { $0.add(ThreeDAxes()) }
            let surface = s.add(in: space) { $0.add(.surface(u: -2...2, v: -2...2, resolution: (16, 16)) { u, v in Vector3(u, v, 0.3 * u * v) }) }
            let flat = s.add(in: space) { $0.add(.surface(u: -2...2, v: -2...2, resolution: (16, 16)) { u, v in Vector3(u, v, 0) }) }
            s.play(.create(axes), .fadeIn(surface))
            s.beginAmbientRotation(space, rate: 0.3)
            s.play(.rotate(surface, by: .degrees(60), axis: .right), .moveCamera(space, phi: .degrees(50)))
            s.play(.transform(surface, into: flat))
        }
        let times = [0.35, 1.2, 1.9, 2.5, 3.0]
        var inOrder: [[UInt8]] = []
        for t in stride(from: 0.0, through: 3.0, by: 0.05) {
            let bytes = Self.frame(board, at: t).rgba8()
            if times.contains(where: { abs($0 - t) < 1e-9 }) { inOrder.append(bytes) }
        }
        for (t, bytes) in zip(times.reversed(), inOrder.reversed()) {
            #expect(Self.frame(board, at: t).rgba8() == bytes, "frame at \(t) alone")
            #expect(Self.frame(board, at: t, threads: 2).rgba8() == bytes, "frame at \(t) on two threads")
        }
    }
}
