import AnimateDiagrams
import AnimateDrawing
import AnimateFormula
import AnimateStoryboard
import AnimateTestSupport
import AnimateText
import AnimateTimeline
import AnimateViews
import Foundation
import Testing

/// Storyboards: beats become state at any time directly; morphs keep their shape honest.
@Suite struct StoryboardTests {
    static let lesson = Storyboard { s in
        let square = s.add(Path(CGRect(x: 40, y: 60, width: 80, height: 80)), fill: .blue)
        let circle = s.add(Path(ellipseIn: CGRect(x: 180, y: 50, width: 100, height: 100)), fill: .red)
        let label = s.add(Formula(#"a^2 + b^2 = c^2"#).font(.system(size: 24)), at: CGPoint(x: 160, y: 180))
        let title = s.add(Text("Pythagoras").font(.system(size: 20)), at: CGPoint(x: 160, y: 24))
        s.play(.create(square), .fadeIn(title, shift: CGSize(width: 0, height: -20)))
        s.play(lagged: 0.2, [.write(label), .indicate(title)], duration: 1)
        s.play(.move(square, to: CGPoint(x: 120, y: 100)), .rotate(square, to: .degrees(45)), .fill(square, .green))
        s.wait(0.5)
        s.play(.transform(square, into: circle), duration: 1.5)
        s.play(.fadeOut(label, shift: CGSize(width: 0, height: 20)), .scale(circle, to: 0.5))
    }

    /// The bytes of a fresh canvas drawn by `body`.
    static func pixels(width: Int, height: Int, _ body: (inout GraphicsContext) -> Void) -> [UInt8] {
        var canvas = Bitmap(width: width, height: height)
        canvas.draw { context, _ in body(&context) }
        return canvas.rgba8()
    }

    static func picture(at time: Double, on canvas: inout Bitmap) -> [UInt8] {
        canvas.draw { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
            lesson.draw(in: &context, at: time)
        }
        return canvas.rgba8()
    }

    /// A frame drawn alone is the same bytes as the same frame drawn after all the others.
    @Test func aFrameAloneEqualsTheFrameInOrder() {
        var running = Bitmap(width: 320, height: 200)
        var inOrder: [[UInt8]] = []
        let times = stride(from: 0.0, through: Self.lesson.duration + 0.2, by: 1.0 / 12).map { $0 }
        for t in times { inOrder.append(Self.picture(at: t, on: &running)) }
        #expect(Set(inOrder).count > 20)
        for (k, t) in times.enumerated() where k % 5 == 0 {
            var alone = Bitmap(width: 320, height: 200)
            #expect(Self.picture(at: t, on: &alone) == inOrder[k], "t = \(t)")
        }
        // And backwards, as a preview scrubs.
        var backwards = Bitmap(width: 320, height: 200)
        for (k, t) in times.enumerated().reversed() where k % 7 == 0 { #expect(Self.picture(at: t, on: &backwards) == inOrder[k]) }
    }

    /// Beats in order: durations add up, lagged beats overlap, waits wait, a wait for a past time does nothing.
    @Test func beatsKeepTime() {
        let s = Storyboard { s in
            let a = s.add(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), fill: .black)
            s.play(.fadeIn(a), duration: 2)
            #expect(s.now == 2)
            s.play(lagged: 0.5, [.indicate(a), .indicate(a), .indicate(a)], duration: 1)
            #expect(s.now == 4)
            s.wait(1.5)
            s.wait(until: 1)
            #expect(s.now == 5.5)
            s.wait(until: 7)
            s.wait(until: nil)
            #expect(s.now == 7)
        }
        #expect(s.duration == 7)
    }

    /// Morphing A into B draws exactly A at the start and exactly B at the end.
    @Test func aMorphStartsAtAAndEndsAtB() {
        let a = Path(CGRect(x: 50, y: 50, width: 100, height: 60))
        let b = Path(ellipseIn: CGRect(x: 180, y: 40, width: 90, height: 90))
        let morph = PathMorph(from: a, to: b)
        #expect(morph.path(at: 0) == a && morph.path(at: 1) == b)
        let s = Storyboard { s in
            let x = s.add(a, fill: .blue, visible: true)
            let y = s.add(b, fill: .blue)
            s.wait(1)
            s.play(.transform(x, into: y), duration: 1)
        }
        func draw(_ body: (inout GraphicsContext) -> Void) -> [UInt8] { Self.pixels(width: 320, height: 200, body) }
        #expect(draw { s.draw(in: &$0, at: 1) } == draw { $0.fill(a, with: .color(.blue)) })
        #expect(draw { s.draw(in: &$0, at: 2) } == draw { $0.fill(b, with: .color(.blue)) })
        #expect(draw { s.draw(in: &$0, at: 1.5) } != draw { $0.fill(a, with: .color(.blue)) })
    }

    /// A square becoming a circle of the same area keeps its area within a few percent all the
    /// way, and does not turn through a diamond (its corners travel out along their diagonals).
    @Test func aSquareBecomesACircleWithoutADiamond() {
        let side: CGFloat = 200, r = side / CGFloat(Double.pi).squareRoot()
        let square = Path(CGRect(x: 200 - side / 2, y: 200 - side / 2, width: side, height: side))
        let circle = Path(ellipseIn: CGRect(x: 200 - r, y: 200 - r, width: 2 * r, height: 2 * r))
        let morph = PathMorph(from: square, to: circle)
        func area(_ path: Path) -> Double {
            var canvas = Bitmap(width: 400, height: 400)
            canvas.draw { context, _ in context.fill(path, with: .color(.black)) }
            return totalCoverage(canvas)
        }
        let target = Double(side * side)
        for p in stride(from: 0.0, through: 1.0, by: 0.1) {
            let shape = morph.path(at: p)
            #expect(abs(area(shape) / target - 1) < 0.04, "area at \(p): \(area(shape))")
            // Half way, the shape is between the two: its box no wider than the circle's, no
            // narrower than the square's, and its corner region still out on the diagonal.
            let box = shape.boundingRect
            #expect(box.width <= 2 * r + 1 && box.width >= side - 1, "box at \(p): \(box)")
            let diagonal = CGPoint(x: 200 + (side / 2 * (1 - p) + r / 2.squareRoot() * p) * 0.97,
                                   y: 200 + (side / 2 * (1 - p) + r / 2.squareRoot() * p) * 0.97)
            #expect(shape.contains(CGPoint(x: 200 + (diagonal.x - 200) * 0.97, y: 200 + (diagonal.y - 200) * 0.97)), "diagonal at \(p)")
        }
    }

    /// Contours without partners grow from a point; holes pair with holes.
    @Test func unmatchedContoursGrowFromAPoint() {
        var two = Path(CGRect(x: 0, y: 0, width: 50, height: 50))
        two.addEllipse(in: CGRect(x: 100, y: 0, width: 50, height: 50))
        let one = Path(CGRect(x: 0, y: 0, width: 60, height: 60))
        let morph = PathMorph(from: one, to: two)
        let mid = morph.path(at: 0.5)
        #expect(mid.boundingRect.maxX > 60 && mid.boundingRect.maxX < 150)
        #expect(morph.path(at: 1) == two)
    }

    /// Formulas turn into formulas piece by piece: equal pieces move, the rest fade; the start
    /// draws the first exactly and the end the second.
    @Test func formulasTransformPieceByPiece() {
        let a = Formula(#"a^2 + b^2 = c^2"#).font(.system(size: 40)), z = Formula(#"c^2 = a^2 + b^2"#).font(.system(size: 40))
        let s = Storyboard(size: CGSize(width: 320, height: 120)) { s in
            let x = s.add(a, at: CGPoint(x: 160, y: 60), visible: true)
            let y = s.add(z, at: CGPoint(x: 160, y: 60))
            s.wait(1)
            s.play(.transformMatching(x, into: y), duration: 1)
        }
        func draw(_ body: (inout GraphicsContext) -> Void) -> [UInt8] { Self.pixels(width: 320, height: 120, body) }
        let before = draw { s.draw(in: &$0, at: 0.5) }, after = draw { s.draw(in: &$0, at: 2.5) }
        #expect(draw { s.draw(in: &$0, at: 1) } != draw { _ in })
        #expect(after == draw { $0.draw(z, at: CGPoint(x: 160, y: 60)) })
        #expect(before == draw { $0.draw(a, at: CGPoint(x: 160, y: 60)) })
        // Half way every glyph is on its way: as much ink as either end (pieces move, none fade).
        var mid = Bitmap(width: 320, height: 120)
        mid.draw { context, _ in s.draw(in: &context, at: 1.5) }
        var end = Bitmap(width: 320, height: 120)
        end.draw { context, _ in context.draw(z, at: CGPoint(x: 160, y: 60)) }
        #expect(abs(totalCoverage(mid) / totalCoverage(end) - 1) < 0.15)
        #expect(Storyboard.Animation.commonRuns(["a", "2", "+", "b"], ["b", "a", "2", "+"]).map { [$0.0, $0.1] } == [[0, 1], [1, 2], [2, 3]])
    }

    /// Trackers drive things drawn by closures; emphasis leaves nothing behind; the camera frames
    /// things while pinned ones stay put; and all of it is the same drawn alone or in order.
    static let derived = Storyboard(size: CGSize(width: 320, height: 180)) { s in
        let x = s.tracker(0)
        let dot = s.add { context, values in
            let px = 40 + 240 * values[x]
            context.fill(Path(ellipseIn: CGRect(x: px - 6, y: 84, width: 12, height: 12)), with: .color(.red))
            context.draw(Text(String(format: "%.2f", values[x])).font(.system(size: 14)), at: CGPoint(x: px, y: 70))
        }
        let title = s.add(Text("Tracker").font(.system(size: 16)), at: CGPoint(x: 160, y: 16), visible: true)
        s.pin(title)
        let box = s.add(Path(CGRect(x: 200, y: 120, width: 40, height: 30)), fill: .blue, visible: true)
        s.play(.set(x, to: 1), .typewriter(title), duration: 2)
        s.play(.circumscribe(box), .wiggle(box), .flash(box), duration: 1)
        s.play(.camera(frame: box, margin: 10), duration: 1)
        s.play(.camera(follow: dot), .set(x, to: 0.5), duration: 1)
        s.play(.underline(box), .camera(zoom: 1), .camera(lookAt: CGPoint(x: 160, y: 90)), duration: 1)
    }

    @Test func trackersCameraAndEmphasis() {
        func picture(_ t: Double, on canvas: inout Bitmap) -> [UInt8] {
            canvas.draw { context, size in
                context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
                Self.derived.draw(in: &context, at: t)
            }
            return canvas.rgba8()
        }
        func redX(_ pixels: [UInt8]) -> Int? {
            // The dot's column on its row (y = 90).
            (0..<320).first { x in let i = (90 * 320 + x) * 4; return pixels[i] > 200 && pixels[i + 1] < 80 }
        }
        var c = Bitmap(width: 320, height: 180)
        #expect(redX(picture(0, on: &c)).map { abs($0 - 34) <= 2 } == true)
        #expect(redX(picture(1, on: &c)).map { abs($0 - 154) <= 2 } == true)
        #expect(redX(picture(2, on: &c)).map { abs($0 - 274) <= 2 } == true)
        // After the emphasis beat the box is as it was (the wiggle returns, the circumscription goes).
        let before = picture(1.99, on: &c), after = picture(2.999, on: &c)
        let boxPixel = (135 * 320 + 220) * 4
        #expect(before[boxPixel + 2] > 200 && after[boxPixel + 2] > 200)
        // Framed, the box fills the view; the pinned title keeps its place.
        let framed = picture(4, on: &c)
        #expect(framed[(90 * 320 + 160) * 4 + 2] > 200 && framed[(90 * 320 + 160) * 4] < 80)
        #expect((0..<320).contains { x in framed[(16 * 320 + x) * 4] < 100 })
        // Alone equals in order, forwards and backwards.
        let times = stride(from: 0.0, through: Self.derived.duration, by: 0.25).map { $0 }
        var running = Bitmap(width: 320, height: 180)
        let inOrder = times.map { picture($0, on: &running) }
        for (k, t) in times.enumerated().reversed() {
            var alone = Bitmap(width: 320, height: 180)
            #expect(picture(t, on: &alone) == inOrder[k], "t = \(t)")
        }
    }

    /// Sections name parts of a lesson; a transition clears the old part through a fade, slide,
    /// wipe or zoom, and every frame of it is still the same drawn alone.
    @Test(arguments: [Storyboard.Transition.fade(), .slide(duration: 1), .wipe(), .zoom()])
    func sectionsAndTransitions(_ transition: Storyboard.Transition) {
        let s = Storyboard(size: CGSize(width: 200, height: 100)) { s in
            s.section("one")
            let a = s.add(Path(CGRect(x: 20, y: 20, width: 60, height: 60)), fill: .red, visible: true)
            s.play(.move(a, to: CGPoint(x: 100, y: 50)))
            s.section("two", transition: transition)
            let b = s.add(Path(CGRect(x: 20, y: 20, width: 60, height: 60)), fill: .blue, visible: true)
            s.play(.indicate(b), duration: 2)
        }
        #expect(s.sections.map(\.name) == ["one", "two"])
        #expect(s.sections[1].start == 1 && s.sections[1].end == 3)
        func picture(_ t: Double) -> [UInt8] {
            var canvas = Bitmap(width: 200, height: 100)
            canvas.draw { context, _ in s.draw(in: &context, at: t) }
            return canvas.rgba8()
        }
        func has(_ pixels: [UInt8], red: Bool) -> Bool {
            stride(from: 0, to: pixels.count, by: 4).contains { red ? pixels[$0] > 150 && pixels[$0 + 2] < 80 : pixels[$0 + 2] > 150 && pixels[$0] < 80 }
        }
        let half: Double
        switch transition { case .fade(let d), .slide(let d), .wipe(let d), .zoom(let d): half = d / 2 }
        let during = picture(1 + half), after = picture(2.5)
        #expect(has(during, red: true) && has(during, red: false), "both sections show during the transition")
        #expect(!has(after, red: true) && has(after, red: false), "the old section is gone after it")
        var running = Bitmap(width: 200, height: 100)
        for t in stride(from: 0.0, through: 3, by: 0.1) {
            running.draw { context, _ in context.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 100)), with: .color(.white)); s.draw(in: &context, at: t) }
            var alone = Bitmap(width: 200, height: 100)
            alone.draw { context, _ in context.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 100)), with: .color(.white)); s.draw(in: &context, at: t) }
            #expect(running.rgba8() == alone.rgba8())
        }
    }

    /// A copy becomes the target while the original stays.
    @Test func transformFromCopyKeepsTheOriginal() {
        let a = Path(CGRect(x: 10, y: 30, width: 40, height: 40)), z = Path(ellipseIn: CGRect(x: 140, y: 30, width: 40, height: 40))
        let s = Storyboard(size: CGSize(width: 200, height: 100)) { s in
            let x = s.add(a, fill: .red, visible: true)
            let y = s.add(z, fill: .blue)
            s.play(.transformFromCopy(x, into: y))
        }
        func picture(_ t: Double) -> [UInt8] {
            var canvas = Bitmap(width: 200, height: 100)
            canvas.draw { context, _ in s.draw(in: &context, at: t) }
            return canvas.rgba8()
        }
        let red = (50 * 200 + 30) * 4, blue = (50 * 200 + 160) * 4
        for t in [0.5, 1.5] { #expect(picture(t)[red] > 200, "the original at \(t)") }
        #expect(picture(1.5)[blue + 2] > 200)
        #expect(picture(0.5)[(50 * 200 + 95) * 4 + 3] > 0, "the copy on its way")
    }

    /// A group moves, turns, scales and fades its members as one; two groups transform member by
    /// member, the extra ones fading.
    @Test func groupsMoveAsOne() {
        let s = Storyboard(size: CGSize(width: 200, height: 100)) { s in
            let a = s.add(Path(CGRect(x: 10, y: 10, width: 20, height: 20)), fill: .red)
            let b = s.add(Path(CGRect(x: 40, y: 10, width: 20, height: 20)), fill: .red)
            let pair = s.group([a, b])
            s.play(.fadeIn(pair))
            s.play(.shift(pair, by: CGSize(width: 100, height: 50)))
            let c = s.add(Path(ellipseIn: CGRect(x: 120, y: 10, width: 20, height: 20)), fill: .blue)
            let trio = s.group([c, s.add(Path(CGRect(x: 150, y: 10, width: 10, height: 10)), fill: .blue),
                                s.add(Path(CGRect(x: 170, y: 10, width: 10, height: 10)), fill: .blue)])
            s.play(.transform(pair, into: trio))
        }
        func pixel(_ t: Double, _ x: Int, _ y: Int) -> SIMD4<UInt8> {
            var canvas = Bitmap(width: 200, height: 100)
            canvas.draw { context, _ in s.draw(in: &context, at: t) }
            return canvas.premultipliedPixel(x: x, y: y)
        }
        #expect(pixel(0, 20, 20).w == 0)
        #expect(pixel(1, 20, 20).x > 200 && pixel(1, 50, 20).x > 200, "both members shown by the group's fade")
        #expect(pixel(2, 20, 20).w == 0 && pixel(2, 120, 70).x > 200 && pixel(2, 150, 70).x > 200, "both moved with the group")
        #expect(pixel(3, 130, 20).z > 200 && pixel(3, 155, 15).z > 200 && pixel(3, 175, 15).z > 200, "the second group in place")
        #expect(pixel(3, 120, 70).w == 0, "the first group gone")
    }

    /// A pan after a follow starts from where the follow left the camera (on the thing), not
    /// from where the camera looked before the follow.
    @Test func aPanAfterAFollowStartsWhereTheFollowLeftTheCamera() {
        let s = Storyboard(size: CGSize(width: 200, height: 100)) { s in
            let dot = s.add(Path(ellipseIn: CGRect(x: 15, y: 45, width: 10, height: 10)), fill: .red, visible: true)
            s.play(.move(dot, to: CGPoint(x: 180, y: 50)), .camera(follow: dot), duration: 1, easing: .linear)
            s.play(.camera(lookAt: CGPoint(x: 100, y: 50)), duration: 1, easing: .linear)
        }
        func dotX(_ t: Double) -> Double {
            var canvas = Bitmap(width: 200, height: 100)
            canvas.draw { context, _ in s.draw(in: &context, at: t) }
            let xs = (0..<200).filter { canvas.premultipliedPixel(x: $0, y: 50).x > 128 }
            return xs.isEmpty ? -1 : Double(xs.first! + xs.last!) / 2
        }
        #expect(abs(dotX(0.99) - 100) < 2, "followed to the middle: \(dotX(0.99))")
        #expect(abs(dotX(1.1) - 108) < 2, "a tenth of the pan from the dot back to the canvas's middle: \(dotX(1.1))")
        #expect(abs(dotX(2) - 180) < 2, "the pan ends on the middle of the canvas: \(dotX(2))")
    }

    /// Animations in one play keep their own durations, delays and easings (Manim's run_time
    /// and rate_func per animation); the play lasts until the last ends.
    @Test func animationsInOnePlayKeepTheirOwnTiming() {
        var afterFirst = 0.0
        let s = Storyboard(size: CGSize(width: 200, height: 100)) { s in
            let slow = s.add(Path(CGRect(x: 10, y: 10, width: 20, height: 20)), fill: .red)
            let quick = s.add(Path(CGRect(x: 50, y: 10, width: 20, height: 20)), fill: .blue)
            let late = s.add(Path(CGRect(x: 90, y: 10, width: 20, height: 20)), fill: .green)
            s.play(.fadeIn(slow).duration(2).easing(.linear), .fadeIn(quick), .fadeIn(late).delay(0.5).duration(0.5))
            afterFirst = s.now
            s.play(.fadeOut(quick).easing(.thereAndBack), duration: 1)
        }
        func alpha(_ t: Double, _ x: Int) -> Int {
            var canvas = Bitmap(width: 200, height: 100)
            canvas.draw { context, _ in s.draw(in: &context, at: t) }
            return Int(canvas.premultipliedPixel(x: x, y: 20).w)
        }
        #expect(afterFirst == 2, "the play lasts as long as its longest animation")
        #expect(abs(alpha(1, 20) - 128) <= 2, "the slow fade half way at 1 s, linearly: \(alpha(1, 20))")
        #expect(alpha(1, 60) == 255, "the quick one done at the play's 1 s")
        #expect(alpha(0.45, 100) == 0 && alpha(1, 100) == 255, "the late one waits half a second, then takes half a second")
        #expect(alpha(2.5, 60) == 0 && alpha(3, 60) == 255, "there and back: gone half way, back at the end")
    }

    /// A group made only to place hidden members (Manim's `VGroup(...).arrange`) does not hide
    /// them: a beat on a member shows that member alone; after the group fades out, a member
    /// faded in comes back alone; fading the group in shows them all.
    @Test func membersOfAGroupShowWhenTheyAreShown() {
        let s = Storyboard(size: CGSize(width: 200, height: 100)) { s in
            let a = s.add(Path(CGRect(x: 10, y: 10, width: 20, height: 20)), fill: .red)
            let b = s.add(Path(CGRect(x: 40, y: 10, width: 20, height: 20)), fill: .blue)
            let pair = s.group([a, b])
            s.play(.shift(pair, by: CGSize(width: 0, height: 50)), duration: 0)
            s.play(.write(a))
            s.play(.fadeIn(b))
            s.play(.fadeOut(pair))
            s.play(.fadeIn(b))
            s.play(.fadeOut(b))
            s.play(.fadeIn(pair))
        }
        func pixel(_ t: Double, _ x: Int, _ y: Int) -> SIMD4<UInt8> {
            var canvas = Bitmap(width: 200, height: 100)
            canvas.draw { context, _ in s.draw(in: &context, at: t) }
            return canvas.premultipliedPixel(x: x, y: y)
        }
        #expect(pixel(0, 20, 70).w == 0 && pixel(0, 50, 70).w == 0, "nothing before a beat shows them")
        #expect(pixel(1, 20, 70).x > 200 && pixel(1, 50, 70).w == 0, "the written member alone, where the group put it")
        #expect(pixel(2, 20, 70).x > 200 && pixel(2, 50, 70).z > 200, "then the faded-in one beside it")
        #expect(pixel(3, 20, 70).w == 0 && pixel(3, 50, 70).w == 0, "the group faded out")
        #expect(pixel(4, 20, 70).w == 0 && pixel(4, 50, 70).z > 200, "a member faded in again comes back alone")
        #expect(pixel(6, 20, 70).x > 200 && pixel(6, 50, 70).z > 200, "fading the group in shows every member")
    }

    /// Transforming one group into another pairs the members that are the same drawing first
    /// (wherever they stand), then the rest in order: a square in both slides across, unchanged,
    /// while the circle becomes the triangle.
    @Test func groupMembersMatchedByWhatTheyAre() {
        let square = Path(CGRect(x: 0, y: 0, width: 20, height: 20))
        let s = Storyboard(size: CGSize(width: 200, height: 100)) { s in
            let circle = s.add(Path(ellipseIn: CGRect(x: 10, y: 40, width: 20, height: 20)), fill: .red, visible: true)
            let first = s.add(square.offsetBy(dx: 50, dy: 40), fill: .red, visible: true)
            let second = s.add(square.offsetBy(dx: 150, dy: 40), fill: .blue)
            let triangle = s.add(Path { $0.move(to: CGPoint(x: 90, y: 40)); $0.addLine(to: CGPoint(x: 110, y: 60)); $0.addLine(to: CGPoint(x: 70, y: 60)); $0.closeSubpath() }, fill: .blue)
            let from = s.group([circle, first]), to = s.group([second, triangle])
            s.play(.transform(from, into: to), duration: 1, easing: .linear)
        }
        func pixel(_ t: Double, _ x: Int, _ y: Int) -> SIMD4<UInt8> {
            var canvas = Bitmap(width: 200, height: 100)
            canvas.draw { context, _ in s.draw(in: &context, at: t) }
            return canvas.premultipliedPixel(x: x, y: y)
        }
        // Half way: the square half way from x 50 to 150 (a full square at 100...120), the circle
        // half way to the triangle near x 20...90.
        for (x, y) in [(101, 41), (118, 41), (101, 58), (118, 58), (110, 50)] {
            #expect(pixel(0.5, x, y).w > 250, "the square slid half way, whole, at \(x), \(y)")
        }
        #expect(pixel(0.5, 122, 50).w == 0, "and no wider")
        #expect(pixel(1, 160, 50).z > 200 && pixel(1, 90, 55).z > 200)
    }

    /// Axes on a storyboard are parts a beat draws on and writes; once created they are the same
    /// pixels as axes drawn directly.
    @Test func axesAreCreatedPartByPart() {
        var axes = Axes(x: -3...3, y: -2...2, in: CGRect(x: 40, y: 30, width: 320, height: 200))
        axes.xLabel = "x"
        axes.showsGrid = true
        let s = Storyboard(size: CGSize(width: 400, height: 260)) { s in
            let thing = s.add(axes)
            s.play(.create(thing), duration: 2)
        }
        func picture(_ t: Double) -> [UInt8] {
            var canvas = Bitmap(width: 400, height: 260)
            canvas.draw { context, _ in s.draw(in: &context, at: t) }
            return canvas.rgba8()
        }
        var direct = Bitmap(width: 400, height: 260)
        direct.draw { context, _ in context.draw(axes) }
        #expect(picture(0).allSatisfy { $0 == 0 }, "nothing before the beat")
        let half = picture(0.7), done = picture(2.5)
        #expect(half != done && half.contains { $0 != 0 }, "drawn part way")
        #expect(done == direct.rgba8(), "created, the same pixels as drawn directly")
    }

    /// Diagrams compose with beats: the plot of sin morphs into the plot of cos (half way it is
    /// the curve half way between), and a dot moved along a graph sits on it.
    @Test func plotsMorphAndDotsRideGraphs() {
        let axes = Axes(x: 0...6, y: -1.5...1.5, in: CGRect(x: 20, y: 20, width: 600, height: 300))
        var dotAt: [Double: CGRect] = [:]
        let s = Storyboard(size: CGSize(width: 640, height: 340)) { s in
            let sine = s.add(axes.plot { sin($0) }, stroke: .blue, lineWidth: 3, visible: true)
            let cosine = s.add(axes.plot { cos($0) }, stroke: .blue, lineWidth: 3)
            s.play(.transform(sine, into: cosine), duration: 1, easing: .linear)
            let dot = s.add(Circle(), size: 10, at: axes.point(0, 1), fill: .red, visible: true)
            s.play(.move(dot, along: axes.plot { cos($0) }), duration: 1, easing: .linear)
            dotAt[2] = s.frame(of: dot)
        }
        var canvas = Bitmap(width: 640, height: 340)
        canvas.draw { context, _ in s.draw(in: &context, at: 0.5) }
        // Half way at x = 1: (sin 1 + cos 1) / 2.
        let p = axes.point(1, (sin(1) + cos(1)) / 2), q = axes.point(1, sin(1))
        #expect(canvas.premultipliedPixel(x: Int(p.x), y: Int(p.y)).w > 100, "on the half-way curve")
        #expect(canvas.premultipliedPixel(x: Int(q.x), y: Int(q.y)).w == 0, "not on sin any more")
        let end = dotAt[2]!
        let last = axes.point(6, cos(6))
        #expect(abs(end.midX - last.x) < 0.5 && abs(end.midY - last.y) < 0.5, "the dot ends at the graph's end")
    }

    /// Things placed beside others by their ink, at once or by a beat.
    @Test func placedBesideOthers() {
        var frames: [String: CGRect] = [:]
        _ = Storyboard(size: CGSize(width: 400, height: 200)) { s in
            let box = s.add(Path(CGRect(x: 150, y: 80, width: 100, height: 40)), fill: .blue, visible: true)
            let label = s.add(Formula(#"x^2"#).font(.system(size: 30)), at: CGPoint(x: 50, y: 50))
            s.place(label, .top, of: box, gap: 10)
            frames["above"] = s.frame(of: label)
            s.play(.move(label, .trailing, of: box, gap: 16))
            frames["right"] = s.frame(of: label)
        }
        let above = frames["above"]!, right = frames["right"]!
        #expect(abs(above.maxY - 70) < 0.01 && abs(above.midX - 200) < 0.01)
        #expect(abs(right.minX - 266) < 0.01 && abs(right.midY - 100) < 0.01)
    }
}
