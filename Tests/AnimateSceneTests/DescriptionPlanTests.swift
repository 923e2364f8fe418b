import AnimateAudio
import AnimateDrawing
import AnimateFormula
import AnimateScene
import AnimateStoryboard
import AnimateTimeline
import AnimateVideo
import AnimateText
import AnimateViews
import Foundation
import Testing

/// Where descriptions are spoken around a narration, and the beats a storyboard reports for them.
@Suite struct DescriptionPlanTests {
    static let second = 48_000
    static let margin = DescriptionPlan.margin

    @Test func aDescriptionWaitsForTheFirstSilenceThatHoldsIt() {
        // Lines at 1-3 s and 3.5-6 s; a 1 s description at 1.5 s does not fit the 0.5 s gap, so it waits until 6 s.
        let busy = [Self.second..<(3 * Self.second), (7 * Self.second / 2)..<(6 * Self.second)]
        let plan = DescriptionPlan(times: [3 * Self.second / 2], lengths: [Self.second], busy: busy, end: 10 * Self.second)
        #expect(plan.starts == [6 * Self.second + Self.margin] && plan.fits == [true] && plan.holds.isEmpty)
        // A short one fits the gap between the lines, a margin after the first ends.
        let short = DescriptionPlan(times: [3 * Self.second / 2], lengths: [Self.second / 10], busy: busy, end: 10 * Self.second)
        #expect(short.starts == [3 * Self.second + Self.margin] && short.fits == [true])
        // In silence from the start: spoken at its moment.
        let free = DescriptionPlan(times: [Self.second / 2], lengths: [Self.second], busy: [], end: 10 * Self.second)
        #expect(free.starts == [Self.second / 2])
    }

    @Test func descriptionsNeverOverlapEachOther() {
        let plan = DescriptionPlan(times: [0, 0, Self.second], lengths: [Self.second, Self.second, Self.second], busy: [], end: 20 * Self.second)
        let spans = zip(plan.starts, [Self.second, Self.second, Self.second]).map { $0..<($0 + $1) }
        for (a, b) in zip(spans, spans.dropFirst()) { #expect(a.upperBound + Self.margin <= b.lowerBound, "\(spans)") }
        #expect(plan.fits.allSatisfy { $0 })
    }

    @Test func withoutRoomItIsSpokenAtTheFirstPauseAndSaysSo() {
        // Speech from 0 to 9 s with a 0.2 s pause at 4 s; a 2 s description at 1 s has no room within 5 s.
        let busy = [0..<(4 * Self.second), (42 * Self.second / 10)..<(9 * Self.second)]
        let plan = DescriptionPlan(times: [Self.second], lengths: [2 * Self.second], busy: busy, end: 10 * Self.second)
        #expect(plan.fits == [false] && plan.starts == [4 * Self.second] && plan.holds.isEmpty)
    }

    @Test func anExtendedPlanHoldsThePictureOnAFrameBoundary() throws {
        let rate = try #require(FrameRate(numerator: 30))
        let busy = [0..<(4 * Self.second), (42 * Self.second / 10)..<(9 * Self.second)]
        let length = 2 * Self.second
        let plan = DescriptionPlan(times: [Self.second], lengths: [length], busy: busy, end: 10 * Self.second, extendedAt: rate, frameCount: 300)
        // Held at 4 s (frame 120) long enough for margin + description + margin, less the 0.2 s pause.
        let hold = try #require(plan.holds.first)
        #expect(plan.holds.count == 1 && hold.frame == 120)
        let held = rate.audioSample(ofFrame: hold.frames)
        #expect(held >= 2 * Self.margin + length - Self.second / 5 && held - (2 * Self.margin + length - Self.second / 5) < 1600)
        #expect(plan.starts == [4 * Self.second + Self.margin])
        // The narration after the hold starts after the description ends, with the margin.
        #expect(plan.outputSample(busy[1].lowerBound) >= plan.starts[0] + length + Self.margin)
        #expect(plan.outputSample(busy[0].lowerBound) == 0 && plan.outputSample(4 * Self.second - 1) == 4 * Self.second - 1)
        // Output frames: up to 120 as they are, then frame 120 held, then on from 121.
        #expect(plan.sceneFrame(119) == 119 && plan.sceneFrame(120) == 120)
        #expect((121...(120 + hold.frames)).allSatisfy { plan.sceneFrame($0) == 120 })
        #expect(plan.sceneFrame(121 + hold.frames) == 121 && plan.heldFrames == hold.frames)
    }

    @Test func aDescriptionPastTheEndHoldsTheLastFrame() throws {
        let rate = try #require(FrameRate(numerator: 10))
        let plan = DescriptionPlan(times: [Self.second], lengths: [3 * Self.second], busy: [], end: 2 * Self.second, extendedAt: rate, frameCount: 20)
        let hold = try #require(plan.holds.first)
        #expect(hold.frame <= 19 && plan.starts[0] + 3 * Self.second <= plan.outputSample(2 * Self.second) + rate.audioSample(ofFrame: hold.frames))
    }

    @Test func aStoryboardReportsTheBeatsThatShowSomethingNew() {
        let board = Storyboard { s in
            let square = s.add(Rectangle(), size: 100, fill: .blue)
            let formula = s.add(Formula("a^2 + b^2 = c^2"), at: CGPoint(x: 900, y: 800))
            let title = s.add(Text("Squares"), at: CGPoint(x: 960, y: 100), visible: true)
            _ = title
            s.play(.create(square), describe: "A blue square.")
            s.play(.move(square, to: CGPoint(x: 300, y: 300)))       // nothing new
            s.play(.write(formula))
            s.describe("  ")                                        // nothing to say
        }
        #expect(board.visualBeats.map(\.start) == [0, 0, 2])
        #expect(board.visualBeats[0].shows == ["the text “Squares”"] && board.visualBeats[0].reading == "Squares")
        #expect(board.visualBeats[1].shows == ["a shape"] && board.visualBeats[1].reading == nil && board.visualBeats[1].end == 1)
        #expect(board.visualBeats[2].shows == ["the formula a^2 + b^2 = c^2"])
        #expect(board.visualBeats[2].reading == "a squared plus b squared equals c squared")
        #expect(board.descriptions.map(\.text) == ["A blue square."] && board.descriptions.map(\.time) == [0])
    }

    @Test func aGroupShownIsNamedAsOneAndItsMembersAreNotRead() {
        let board = Storyboard { s in
            let a = s.add(Text("1"), at: CGPoint(x: 100, y: 100)), b = s.add(Text("2"), at: CGPoint(x: 200, y: 100))
            let axis = s.group([a, b])
            s.play(.create(axis))
        }
        #expect(board.visualBeats.count == 1 && board.visualBeats[0].shows == ["a group of 2"] && board.visualBeats[0].reading == nil)
    }

    @Test func theCheckFindsWhatIsShownUndescribed() {
        let scene = Scene(name: "check", description: "") { s in
            let a = s.add(Rectangle(), size: 100, fill: .red)
            let b = s.add(Circle(), size: 100, fill: .green)
            let f = s.add(Formula("x = 1"), at: CGPoint(x: 500, y: 500))
            s.play(.create(a))                                       // undescribed
            s.play(.fadeIn(b), describe: "A green circle fades in.")
            s.play(.write(f))                                       // read aloud: described
        }
        let missing = scene.undescribedBeats()
        #expect(missing.count == 1 && missing[0].shows == ["a shape"] && missing[0].start == 0)
        #expect(scene.descriptionCues.map(\.text) == ["A green circle fades in.", "x equals 1"])
        // A narration line over the first beat covers it, and the formula is no longer read when spoken over.
        let narrated = scene.narrated(by: Narration(start: 0, [.recording("/nonexistent.wav", text: "A red square, a circle, and x equals one.")]))
        #expect(narrated.undescribedBeats().isEmpty)
    }
}

extension DescriptionPlanTests {
    @Test func aDescriptionOutsideTheTimelineIsRefusedNamingIt() {
        let scene = Scene(name: "early", description: "", duration: 2) { _, _ in }.described { [DescriptionCue("too early", at: -1)] }
        #expect(throws: AudioError.descriptionTimeOutOfRange(scene: "early", time: -1)) { try scene.spokenDescriptions() }
        #expect(throws: AudioError.self) { try scene.extended(at: FrameRate(numerator: 10)!) }
    }
}

extension DescriptionPlanTests {
    @Test func aViewsAccessibilityLabelDescribesItWhenItAppears() {
        let scene = Scene(name: "labels", description: "", duration: 3, size: CGSize(width: 200, height: 100)) {
            TimelineView(.animation) { timeline in
                let t = timeline.date.timeIntervalSinceReferenceDate
                VStack {
                    Circle().fill(.blue).frame(width: 40, height: 40).accessibilityLabel("A blue circle")
                    if t >= 1.5 { Text("★").accessibilityLabel("A star appears under the circle") }
                    Rectangle().frame(width: 10, height: 10).accessibilityLabel("hidden").accessibilityHidden(true)
                }
            }
        }
        #expect(scene.descriptionCues == [DescriptionCue("A blue circle", at: 0), DescriptionCue("A star appears under the circle", at: 1.5)])
    }
}

extension DescriptionPlanTests {
    @Test func aThingsDescriptionIsSaidWhenItFirstAppears() {
        let board = Storyboard { s in
            let a = s.add(Rectangle(), size: 100, fill: .red)
            let b = s.add(Circle(), size: 100, fill: .green, visible: true)
            s.describe(a, "A red square.")
            s.describe(b, "A green circle, there from the start.")
            s.wait(1)
            s.play(.fadeIn(a))
            s.play(.fadeOut(a))
            s.play(.fadeIn(a))                                      // said once only
        }
        #expect(board.descriptions.map(\.text) == ["A green circle, there from the start.", "A red square."])
        #expect(board.descriptions.map(\.time) == [0, 1])
    }
}

extension DescriptionPlanTests {
    @Test func descriptionsThatFitNowhereAreStillNeverSaidOverEachOther() {
        // Speech almost throughout; three long descriptions close together.
        let busy = [0..<(4 * Self.second), (4 * Self.second + 100)..<(20 * Self.second)]
        let lengths = [3 * Self.second, 2 * Self.second, 3 * Self.second]
        let plan = DescriptionPlan(times: [Self.second, 2 * Self.second, 3 * Self.second], lengths: lengths, busy: busy, end: 30 * Self.second)
        let spans = zip(plan.starts, lengths).map { $0..<($0 + $1) }
        #expect(plan.fits == [false, false, false])
        for (a, b) in zip(spans, spans.dropFirst()) { #expect(a.upperBound + Self.margin <= b.lowerBound, "\(spans)") }
    }
}
