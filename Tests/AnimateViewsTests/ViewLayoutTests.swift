import AnimateDrawing
import AnimateScene
import AnimateTestSupport
import AnimateText
import AnimateTimeline
import AnimateViews
import Foundation
import Testing

/// Views laid out by SwiftUI's documented rules: stacks divide the space offered (the least
/// flexible child first), frames place their content by alignment, padding insets, flexible
/// frames take what they may, GeometryReader gives its size; checked by the pixels drawn.
private let R = Color(red: 1, green: 0, blue: 0), B = Color(red: 0, green: 0, blue: 1), G = Color(red: 0, green: 1, blue: 0)

@Suite struct ViewLayoutTests {
    /// The view drawn in a `width` x `height` window (white).
    static func render<V: View>(_ width: Int, _ height: Int, @ViewBuilder _ view: () -> V) -> Bitmap {
        let v = view()
        var bitmap = Bitmap(width: width, height: height)
        bitmap.draw { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
            context.draw(v, in: CGRect(origin: .zero, size: size), environment: EnvironmentValues())
        }
        return bitmap
    }

    static func color(_ b: Bitmap, _ x: Int, _ y: Int) -> String {
        let p = b.premultipliedPixel(x: x, y: y)
        switch (p.x, p.y, p.z) {
        case (255, 255, 255): return "white"
        case (255, 0, 0): return "red"
        case (0, 0, 255): return "blue"
        case (0, 255, 0): return "green"
        case (0, 0, 0): return "black"
        default: return "(\(p.x),\(p.y),\(p.z))"
        }
    }

    /// A run of one colour along row `y`: where it starts and ends.
    static func run(_ b: Bitmap, y: Int, of name: String) -> Range<Int>? {
        let xs = (0..<b.width).filter { color(b, $0, y) == name }
        guard let first = xs.first, let last = xs.last else { return nil }
        return first..<(last + 1)
    }

    @Test func anHStackOffersTheFixedChildItsSizeAndTheRestToTheFlexibleOne() {
        let b = Self.render(400, 100) {
            HStack(spacing: 0) {
                R
                B.frame(width: 100)
            }
        }
        #expect(Self.run(b, y: 50, of: "red") == 0..<300)
        #expect(Self.run(b, y: 50, of: "blue") == 300..<400)
    }

    @Test func flexibleChildrenShareWhatIsLeftAfterSpacing() {
        let b = Self.render(410, 50) {
            HStack(spacing: 10) {
                R
                B
                G.frame(width: 40)
            }
        }
        // 410 - 2 * 10 spacing - 40 = 350, split 175 + 175.
        #expect(Self.run(b, y: 25, of: "red") == 0..<175)
        #expect(Self.run(b, y: 25, of: "blue") == 185..<360)
        #expect(Self.run(b, y: 25, of: "green") == 370..<410)
    }

    @Test func aVStackIsCentredAndAsTallAsItsChildrenAndDefaultSpacing() {
        let b = Self.render(300, 300) {
            VStack {
                R.frame(width: 100, height: 50)
                B.frame(width: 50, height: 50)
            }
        }
        // 50 + 8 + 50 = 108 tall, centred: from 96 to 204.
        #expect(Self.run(b, y: 120, of: "red") == 100..<200)
        #expect((96..<146).allSatisfy { Self.color(b, 150, $0) == "red" } && Self.color(b, 150, 95) == "white")
        #expect((154..<204).allSatisfy { Self.color(b, 150, $0) == "blue" } && Self.color(b, 150, 150) == "white")
        #expect(Self.run(b, y: 180, of: "blue") == 125..<175)
    }

    @Test func aSpacerPushesViewsToTheEnds() {
        let b = Self.render(400, 40) {
            HStack(spacing: 0) {
                R.frame(width: 30)
                Spacer()
                B.frame(width: 30)
            }
        }
        #expect(Self.run(b, y: 20, of: "red") == 0..<30)
        #expect(Self.run(b, y: 20, of: "blue") == 370..<400)
    }

    @Test func framesPlaceTheirContentByAlignmentAndPaddingInsets() {
        let b = Self.render(200, 200) {
            R.frame(width: 40, height: 40)
                .frame(width: 160, height: 160, alignment: .topLeading)
                .background(B)
        }
        // The blue 160 frame centred (20...180), the red square at its top-left.
        #expect(Self.run(b, y: 30, of: "red") == 20..<60)
        #expect(Self.run(b, y: 100, of: "blue") == 20..<180)
        let padded = Self.render(200, 200) {
            R.frame(width: 40, height: 40).padding(10).background(B)
        }
        #expect(Self.run(padded, y: 100, of: "blue") == 70..<130)
        #expect(Self.run(padded, y: 100, of: "red") == 80..<120)
    }

    @Test func aFrameWithMaximumWidthInfinityTakesAllTheWidth() {
        let b = Self.render(300, 100) {
            R.frame(width: 50, height: 20)
                .frame(maxWidth: .infinity, alignment: .leading)
                .background(B)
        }
        #expect(Self.run(b, y: 50, of: "blue") == 50..<300)
        #expect(Self.run(b, y: 50, of: "red") == 0..<50)
        let least = Self.render(300, 100) { R.frame(width: 50, height: 20).frame(minWidth: 120).background(B) }
        #expect(Self.run(least, y: 50, of: "blue") == 90..<210)
    }

    @Test func geometryReaderGivesItsSizeAndPlacesContentAtTheTopLeading() {
        var seen = CGSize.zero
        let b = Self.render(240, 120) {
            GeometryReader { proxy in
                let _ = { seen = proxy.size }()
                R.frame(width: proxy.size.width / 4, height: proxy.size.height / 2)
            }
        }
        #expect(seen == CGSize(width: 240, height: 120))
        #expect(Self.run(b, y: 10, of: "red") == 0..<60)
        #expect(Self.color(b, 10, 70) == "white")
    }

    @Test func shapesFillTheirFrameAndOffsetsMoveOnlyTheDrawing() {
        let b = Self.render(200, 100) {
            HStack(spacing: 0) {
                Circle().fill(R).frame(width: 100, height: 100)
                Rectangle().frame(width: 100, height: 100).offset(x: 0, y: 50)
            }
        }
        #expect(Self.color(b, 50, 50) == "red" && Self.color(b, 2, 2) == "white")
        // The rectangle (black, the default foreground) moved down by 50: its top half is white.
        #expect(Self.color(b, 150, 25) == "white" && Self.color(b, 150, 75) == "black")
        let styled = Self.render(100, 100) { Rectangle().foregroundStyle(B) }
        #expect(Self.color(styled, 50, 50) == "blue")
    }

    @Test func aZStackLaysViewsOverEachOtherAndClipShapeClips() {
        let b = Self.render(200, 200) {
            ZStack(alignment: .bottomTrailing) {
                B.frame(width: 100, height: 100)
                R.frame(width: 40, height: 40)
            }
        }
        #expect(Self.run(b, y: 140, of: "red") == 110..<150)
        #expect(Self.run(b, y: 60, of: "blue") == 50..<150)
        let clipped = Self.render(200, 200) { R.frame(width: 100, height: 100).clipShape(Circle()) }
        #expect(Self.color(clipped, 100, 100) == "red" && Self.color(clipped, 53, 53) == "white")
    }

    @Test func aMaskKeepsTheViewWhereTheMaskIsOpaque() {
        let b = Self.render(200, 200) {
            R.frame(width: 100, height: 100).mask { Circle() }
        }
        #expect(Self.color(b, 100, 100) == "red" && Self.color(b, 53, 53) == "white" && Self.color(b, 100, 52) == "red")
        let half = Self.render(200, 200) { R.frame(width: 100, height: 100).mask { Color.black.opacity(0.5) } }
        let p = half.premultipliedPixel(x: 100, y: 100)
        #expect(abs(Int(p.y) - 128) <= 2 && p.x == 255, "half the red over white")
    }

    @Test func aScrollViewAtRestShowsItsContentFromTheTopClipped() {
        let b = Self.render(100, 200) {
            ScrollView {
                VStack(spacing: 0) {
                    R.frame(height: 150)
                    B.frame(height: 150)
                }
            }
        }
        #expect((0..<150).allSatisfy { Self.color(b, 50, $0) == "red" })
        #expect((150..<200).allSatisfy { Self.color(b, 50, $0) == "blue" })
        #expect(Self.run(b, y: 100, of: "red") == 0..<100, "the content as wide as the scroll view")
    }

    /// A leaf that counts how often it is measured.
    final class Counter: @unchecked Sendable { var calls = 0 }
    struct Probe: View, PrimitiveView {
        let counter: Counter
        var body: Never { fatalError() }
        final class Node: ViewNode {
            let counter: Counter
            init(_ counter: Counter) { self.counter = counter }
            func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { counter.calls += 1; return CGSize(width: 4, height: 4) }
            func draw(in rect: CGRect, context: GraphicsContext) {}
        }
        func makeNode(_ environment: EnvironmentValues) -> any ViewNode { Node(counter) }
    }

    @Test func nestedStacksMeasureTheirLeavesAFewTimesNotExponentiallyOften() {
        let counter = Counter()
        func nest(_ depth: Int) -> AnyView {
            depth == 0 ? AnyView(Probe(counter: counter)) : depth % 2 == 0 ? AnyView(VStack { nest(depth - 1); Spacer() }) : AnyView(HStack { nest(depth - 1); Spacer() })
        }
        _ = Self.render(300, 300) { nest(12) }
        // Each stack asks a child for its smallest, largest and offered sizes; remembered, the
        // leaf is measured for a few distinct proposals per level, not 3^12 = 531,441 times.
        #expect(counter.calls < 200, "\(counter.calls) measurements")
    }

    @Test func lengthsThatCannotBeDrawnAreTakenAsNothing() {
        let b = Self.render(200, 100) {
            HStack(spacing: .nan) {
                R.frame(width: .nan, height: 40)
                B.frame(width: -30, height: .infinity).padding(-.infinity).offset(x: .nan, y: .infinity)
                G.frame(minWidth: .nan, maxWidth: .nan).position(x: .infinity, y: .nan)
            }
        }
        // Nothing traps; the red frame's width is the offer it gets (NaN is no width).
        #expect(Self.run(b, y: 50, of: "red") != nil)
    }

    struct Sheeted: View {
        @State var showing = false
        var body: some View {
            R.sheet(isPresented: $showing) { Text("Details") }
                .onAppear { showing = true }
        }
        struct Previews: PreviewProvider {
            static var previews: some View { Sheeted().previewLayout(.sizeThatFits) }
        }
    }

    @Test func aSheetCoversTheViewOnceItsStateSaysSoAndPreviewsCompile() {
        let scene = Scene(name: "sheet", description: "", duration: 1, size: CGSize(width: 200, height: 200)) { Sheeted.Previews.previews }
        var b = Bitmap(width: 200, height: 200)
        scene.cursor().drawer(for: Frame(index: 5, rate: FrameRate(numerator: 30)!, count: 30, size: b.size)).render(into: &b)
        #expect(Self.color(b, 100, 150) == "white", "the card")
        let top = b.premultipliedPixel(x: 100, y: 4)
        #expect(top.x > 130 && top.x < 170 && top.y == 0, "the red view dimmed above the card: \(top)")
    }

    @Test func layoutPriorityZIndexAndFixedSizeAsSwiftUIHasThem() {
        let prioritized = Self.render(400, 50) {
            HStack(spacing: 0) {
                B.frame(minWidth: 50)
                R.layoutPriority(1).padding(0)
            }
        }
        #expect(Self.run(prioritized, y: 25, of: "red") == 50..<400, "the higher priority first; the other keeps its smallest")
        #expect(Self.run(prioritized, y: 25, of: "blue") == 0..<50)
        let stacked = Self.render(100, 100) {
            ZStack {
                R.frame(width: 60, height: 60).zIndex(1)
                B.frame(width: 80, height: 80)
            }
        }
        #expect(Self.color(stacked, 50, 50) == "red", "the higher z-index in front though written first")
        let fixed = Self.render(100, 100) { R.fixedSize() }
        #expect(Self.run(fixed, y: 50, of: "red") == 45..<55, "its ideal size (10 points) whatever is offered")
    }

    struct Themed: View {
        @Environment(\.colorScheme) var scheme
        var body: some View { scheme == .dark ? B : R }
    }

    @Test func environmentValuesReachTheViewsThatReadThem() {
        #expect(Self.color(Self.render(40, 40) { Themed() }, 20, 20) == "red", "light by default")
        #expect(Self.color(Self.render(40, 40) { Themed().environment(\.colorScheme, .dark) }, 20, 20) == "blue")
        #expect(Self.color(Self.render(40, 40) { VStack { Themed() }.preferredColorScheme(.dark) }, 20, 20) == "blue")
    }
}

/// `coordinateSpace(name:)`: a `GeometryReader` reads its frame from the named view's corner.
@Suite struct NamedCoordinateSpaceTests {
    @Test func aReaderMeasuresItselfInANamedSpace() {
        nonisolated(unsafe) var frames: [String: CGRect] = [:]
        let view = VStack(spacing: 0) {
            Color.clear.frame(width: 100, height: 30)
            VStack(spacing: 0) {
                Color.clear.frame(width: 100, height: 20)
                GeometryReader { proxy in
                    Color.red.modifier(Probe { frames = ["named": proxy.frame(in: .named("panel")), "global": proxy.frame(in: .global),
                                                    "local": proxy.frame(in: .local), "unknown": proxy.frame(in: .named("nowhere"))] })
                }
                .frame(width: 100, height: 50)
            }
            .coordinateSpace(name: "panel")
        }
        _ = ViewLayoutTests.render(100, 100) { view }
        // The window is 100 tall, the stack 100 tall: the panel starts 30 down, the reader 20 further.
        #expect(frames["named"] == CGRect(x: 0, y: 20, width: 100, height: 50))
        #expect(frames["global"] == CGRect(x: 0, y: 50, width: 100, height: 50))
        #expect(frames["local"] == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(frames["unknown"] == frames["global"])
    }

    /// Runs `body` when its view is made.
    struct Probe: ViewModifier {
        let body: () -> Void
        func body(content: Content) -> some View {
            body()
            return content
        }
    }
}

/// `rotation3DEffect` in perspective: the side turned away is smaller, straight edges stay straight.
@Suite struct Rotation3DTests {
    static func columnHeight(_ b: Bitmap, _ x: Int) -> Int { (0..<b.height).filter { b.premultipliedPixel(x: x, y: $0).y < 128 }.count }

    @Test func theSideTurnedAwayIsSmaller() throws {
        let b = ViewLayoutTests.render(200, 200) {
            Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 100, height: 100)
                .rotation3DEffect(.degrees(60), axis: (x: 0, y: 1, z: 0))
        }
        let columns = (0..<200).filter { Self.columnHeight(b, $0) > 0 }
        let left = try #require(columns.first), right = try #require(columns.last)
        // Turned 60°: about half as wide (cos 60° = 0.5, widened a little by the near side's perspective).
        #expect((45...70).contains(right - left + 1), "\(right - left + 1) wide")
        // The left side came nearer, the right went away.
        let nearHeight = Self.columnHeight(b, left + 2), farHeight = Self.columnHeight(b, right - 2)
        #expect(nearHeight > 110 && farHeight < 90, "near \(nearHeight), far \(farHeight)")
        // A parallel view (perspective 0) keeps both sides 100 tall.
        let flat = ViewLayoutTests.render(200, 200) {
            Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 100, height: 100)
                .rotation3DEffect(.degrees(60), axis: (x: 0, y: 1, z: 0), perspective: 0)
        }
        let flatColumns = (0..<200).filter { Self.columnHeight(flat, $0) > 0 }
        #expect(Self.columnHeight(flat, flatColumns.first! + 2) == Self.columnHeight(flat, flatColumns.last! - 2))
    }

    @Test func noTurnIsTheViewItself() {
        let plain = ViewLayoutTests.render(100, 100) { Circle().fill(Color(red: 0, green: 0, blue: 1)).frame(width: 60, height: 60) }
        let turned = ViewLayoutTests.render(100, 100) {
            Circle().fill(Color(red: 0, green: 0, blue: 1)).frame(width: 60, height: 60).rotation3DEffect(.zero, axis: (x: 1, y: 0, z: 0))
        }
        // Drawn through a picture, within a level of the direct drawing.
        var worst = 0
        for y in 0..<100 { for x in 0..<100 { worst = max(worst, abs(Int(plain.premultipliedPixel(x: x, y: y).z) - Int(turned.premultipliedPixel(x: x, y: y).z)) + abs(Int(plain.premultipliedPixel(x: x, y: y).x) - Int(turned.premultipliedPixel(x: x, y: y).x))) } }
        #expect(worst <= 2, "\(worst)")
    }
}
