import AnimateDrawing
import AnimateScene
import AnimateTestSupport
import AnimateText
import AnimateTimeline
@testable import AnimateViews
import Foundation
import Testing

/// Controls in their iOS look, at rest, and the SwiftUI spellings lessons use around them:
/// modifiers as types, paths as shapes, tints, dates written as Text, physical springs and the
/// older `animation(_:)`, accessibility kept in the environment.
@Suite struct ControlTests {
    static func render<V: View>(_ width: Int, _ height: Int, @ViewBuilder _ view: () -> V) -> Bitmap {
        ViewLayoutTests.render(width, height, view)
    }

    /// The pixel's colour, premultiplied on white.
    static func rgb(_ b: Bitmap, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let p = b.premultipliedPixel(x: x, y: y)
        return (Int(p.x), Int(p.y), Int(p.z))
    }

    static func near(_ a: (Int, Int, Int), _ b: (Int, Int, Int), within: Int = 12) -> Bool {
        abs(a.0 - b.0) <= within && abs(a.1 - b.1) <= within && abs(a.2 - b.2) <= within
    }

    static let accent = (0, 122, 255), green = (52, 199, 89), white = (255, 255, 255)
    /// The grey of an unfilled track over white (120, 120, 128 at 16%).
    static let track = (233, 233, 234)

    @Test func aToggleIsGreenWithItsKnobRightWhenOnGreyWithItLeftWhenOff() {
        for on in [true, false] {
            let b = Self.render(300, 40) { Toggle("Sound", isOn: .constant(on)) }
            // The switch is 51x31 at the right end, centred on the row.
            let y = 20
            let left = Self.rgb(b, 300 - 51 + 6, y), right = Self.rgb(b, 300 - 6, y)
            if on {
                #expect(Self.near(left, Self.green), "\(left)")
                #expect(Self.near(Self.rgb(b, 300 - 2 - 13, y), Self.white), "the knob on the right")
            } else {
                #expect(Self.near(right, Self.track), "\(right)")
                #expect(Self.near(Self.rgb(b, 300 - 51 + 2 + 13, y), Self.white), "the knob on the left")
            }
            // The label on the left, in black.
            #expect((0..<60).contains { x in (0..<40).contains { Self.rgb(b, x, $0).0 < 80 } })
        }
        let tinted = Self.render(300, 40) { Toggle("Sound", isOn: .constant(true)).tint(Color(red: 1, green: 0, blue: 0)) }
        #expect(Self.near(Self.rgb(tinted, 300 - 51 + 6, 20), (255, 0, 0)))
    }

    @Test func aSliderIsFilledUpToItsValue() {
        for value in [0.25, 0.5, 0.9] {
            let b = Self.render(400, 28) { Slider(value: .constant(value)) }
            // The filled track ends under the knob's centre: 14 + (400 - 28) * value.
            let centre = 14 + Int(372 * value)
            #expect(Self.near(Self.rgb(b, 3, 14), Self.accent), "\(value)")
            #expect(Self.near(Self.rgb(b, 397, 14), Self.track), "\(value)")
            #expect(Self.near(Self.rgb(b, centre, 14), Self.white), "the knob at \(centre) for \(value)")
        }
        // Out of bounds and on steps: 7 of 0...10 by 5 stands at 5.
        let stepped = Self.render(400, 28) { Slider(value: .constant(7.0), in: 0...10, step: 5) }
        #expect(Self.near(Self.rgb(stepped, 14 + 186, 14), Self.white))
        let past = Self.render(400, 28) { Slider(value: .constant(3.0), in: 0...1) }
        #expect(Self.near(Self.rgb(past, 395, 14), Self.accent) || Self.near(Self.rgb(past, 395, 14), Self.white))
    }

    @Test func aProgressBarIsFilledItsFractionAndASpinnerTurnsWithTime() {
        let b = Self.render(400, 4) { ProgressView(value: 0.3) }
        #expect(Self.near(Self.rgb(b, 110, 2), Self.accent))
        #expect(Self.near(Self.rgb(b, 130, 2), Self.track))
        func spinner(at time: Double) -> Bitmap {
            var bitmap = Bitmap(width: 40, height: 40)
            bitmap.draw { context, size in
                context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
                context.draw(ProgressView(), in: CGRect(origin: .zero, size: size), environment: .frame(at: time))
            }
            return bitmap
        }
        #expect(spinner(at: 0).rgba8() != spinner(at: 0.125).rgba8(), "an eighth of a turn later")
        #expect(spinner(at: 0).rgba8() == spinner(at: 1).rgba8(), "a whole turn a second")
    }

    @Test func aStepperGreysTheSideAtItsBound() {
        func minus(_ value: Int) -> Bool {
            let b = Self.render(300, 32) { Stepper("Count", value: .constant(value), in: 0...3) }
            // The darkest pixel of the minus sign, left half of the 94-point control.
            let darkest = (206..<253).flatMap { x in (0..<32).map { Self.rgb(b, x, $0).0 } }.min() ?? 255
            return darkest < 80
        }
        #expect(minus(2), "− is black above the lower bound")
        #expect(!minus(0), "− is greyed at the lower bound")
    }

    @Test func aButtonIsInTheAccentColourOrItsTint() {
        func blueish(_ b: Bitmap) -> Bool { (0..<b.width).contains { x in (0..<b.height).contains { Self.near(Self.rgb(b, x, $0), Self.accent, within: 30) } } }
        #expect(blueish(Self.render(200, 40) { Button("Go") {} }))
        let tinted = Self.render(200, 40) { Button("Go") {}.tint(Color(red: 1, green: 0, blue: 0)) }
        #expect(!blueish(tinted))
        #expect((0..<200).contains { x in (0..<40).contains { Self.near(Self.rgb(tinted, x, $0), (255, 0, 0), within: 30) } })
    }

    struct Bordered: ViewModifier {
        func body(content: Content) -> some View { content.padding(10).background(Color(red: 0, green: 0, blue: 1)) }
    }

    @Test func aViewModifierWrapsItsContent() {
        let b = Self.render(100, 100) { Color(red: 1, green: 0, blue: 0).frame(width: 20, height: 20).modifier(Bordered()) }
        #expect(ViewLayoutTests.run(b, y: 50, of: "red") == 40..<60)
        #expect(ViewLayoutTests.run(b, y: 50, of: "blue") == 30..<70)
    }

    /// A modifier on a `ForEach` or a `Group` modifies each of its views, which join the container
    /// (Apple's Landmarks badge turns eight symbols in a `ZStack` this way).
    @Test func aModifierOnAForEachOrGroupModifiesEachView() {
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        let row = Self.render(200, 40) {
            HStack(spacing: 0) {
                ForEach(0..<3) { _ in red.frame(width: 20, height: 20) }
                    .padding(.horizontal, 5)
                    .background(blue)
            }
        }
        // Side by side, each padded on its own blue: blue 5, red 20, blue 5, three times, centred.
        let start = 100 - 45
        #expect(ViewLayoutTests.run(row, y: 20, of: "blue")?.lowerBound == start)
        #expect((0..<3).allSatisfy { ViewLayoutTests.color(row, start + 30 * $0 + 10, 20) == "red" })
        #expect((0..<3).allSatisfy { ViewLayoutTests.color(row, start + 30 * $0 + 2, 20) == "blue" })
        let column = Self.render(40, 100) {
            VStack(spacing: 0) {
                Group { red; blue }.frame(width: 40, height: 10)
            }
        }
        #expect(ViewLayoutTests.color(column, 20, 45) == "red" && ViewLayoutTests.color(column, 20, 55) == "blue")
        #expect(ViewLayoutTests.color(column, 20, 35) == "white" && ViewLayoutTests.color(column, 20, 65) == "white")
    }

    /// A reader's frame in the window (`.global`) is where the layout put it; `.local` is at the origin.
    @Test func aGeometryReaderKnowsWhereItIsInTheWindow() {
        var global: CGRect?, local: CGRect?
        _ = Self.render(200, 100) {
            VStack(spacing: 0) {
                Color(red: 1, green: 0, blue: 0).frame(height: 30)
                HStack(spacing: 0) {
                    Color(red: 0, green: 0, blue: 1).frame(width: 50)
                    GeometryReader { proxy in
                        let _ = (global = proxy.frame(in: .global), local = proxy.frame(in: .local))
                        Color.clear
                    }
                }
            }
        }
        #expect(global == CGRect(x: 50, y: 30, width: 150, height: 70), "\(String(describing: global))")
        #expect(local == CGRect(x: 0, y: 0, width: 150, height: 70))
    }

    /// `fontWeight`, `fontDesign`, `bold` and `italic` on a view set the text in it that says none itself.
    @Test func textStylesOnAViewReachItsText() {
        func same<A: View, B: View>(@ViewBuilder _ a: () -> A, @ViewBuilder _ b: () -> B) -> Bool {
            let x = Self.render(200, 60, a), y = Self.render(200, 60, b)
            return (0..<200).allSatisfy { i in (0..<60).allSatisfy { x.premultipliedPixel(x: i, y: $0) == y.premultipliedPixel(x: i, y: $0) } }
        }
        #expect(same({ VStack { Text("Weight") }.fontWeight(.bold) }, { VStack { Text("Weight").fontWeight(.bold) } }))
        func ink<A: View>(@ViewBuilder _ a: () -> A) -> Int {
            let b = Self.render(200, 60, a)
            return (0..<200).reduce(0) { n, x in n + (0..<60).filter { Self.rgb(b, x, $0).0 < 128 }.count }
        }
        #expect(ink { VStack { Text("Weight") }.fontWeight(.bold) } > ink { VStack { Text("Weight") } } + 20,
                "bold: \(ink { VStack { Text("Weight") }.fontWeight(.bold) }), regular: \(ink { VStack { Text("Weight") } })")
        #expect(same({ VStack { Text("Weight").fontWeight(.light) }.fontWeight(.bold) }, { VStack { Text("Weight").fontWeight(.light) } }),
                "the text's own weight wins")
        #expect(same({ VStack { Text("Design") }.fontDesign(.monospaced) }, { VStack { Text("Design").fontDesign(.monospaced) } }))
        #expect(same({ VStack { Text("Bold") }.bold() }, { VStack { Text("Bold").bold() } }))
        #expect(same({ VStack { Text("Italic") }.italic() }, { VStack { Text("Italic").italic() } }))
    }

    @Test func aPathIsAShapeDrawnWhereItsPointsAre() {
        let b = Self.render(100, 100) {
            Path { p in p.addRect(CGRect(x: 10, y: 10, width: 30, height: 30)) }.fill(Color(red: 1, green: 0, blue: 0))
        }
        #expect(ViewLayoutTests.run(b, y: 20, of: "red") == 10..<40)
    }

    @Test func datesAreWrittenTheSameEverywhere() {
        let date = Date(timeIntervalSince1970: 1_748_962_800)            // 2025-06-03 15:00 UTC
        #expect(Text.written(date, style: .time, now: date) == "3:00 PM")
        #expect(Text.written(date, style: .date, now: date) == "June 3, 2025")
        #expect(Text.written(date.addingTimeInterval(7500), style: .relative, now: date) == "2 hours, 5 minutes")
        #expect(Text.written(date.addingTimeInterval(-300), style: .offset, now: date) == "-5 minutes")
        #expect(Text.written(date.addingTimeInterval(125), style: .timer, now: date) == "2:05")
        #expect(Text.written(date.addingTimeInterval(3725), style: .timer, now: date) == "1:02:05")
        #expect(Text.written(date, style: .relative, now: date) == "0 seconds")
    }

    @Test func aPhysicalSpringHasItsPeriodAndDamping() {
        // k = 100, m = 1: period 2π/10; c = 20 is critical damping (no overshoot).
        let critical = Animation.interpolatingSpring(stiffness: 100, damping: 20)
        let values = stride(from: 0.0, through: 3, by: 0.01).map { critical.fraction(at: $0).value }
        #expect(values.allSatisfy { $0 <= 1.0001 })
        let bouncy = Animation.interpolatingSpring(stiffness: 100, damping: 2)
        #expect(stride(from: 0.0, through: 3, by: 0.01).contains { bouncy.fraction(at: $0).value > 1.2 })
        let bad = Animation.interpolatingSpring(mass: -1, stiffness: .nan, damping: .infinity)
        #expect(bad.fraction(at: 10).value.isFinite)
    }

    struct Grow: View {
        @State var width: CGFloat = 20
        var body: some View {
            Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: width, height: 20)
                .animation(.linear(duration: 2))
                .onAppear { width = 220 }
        }
    }

    @Test func theOlderAnimationModifierAnimatesEveryChange() throws {
        let scene = Scene(name: "grow", description: "", duration: 4, size: CGSize(width: 400, height: 100)) { Grow() }
        func redWidth(at time: Double) -> Int {
            var bitmap = Bitmap(width: 400, height: 100)
            scene.cursor().drawer(for: Frame(index: Int(time * 30), rate: FrameRate(numerator: 30)!, count: 120, size: bitmap.size)).render(into: &bitmap)
            return ViewLayoutTests.run(bitmap, y: 50, of: "red")?.count ?? 0
        }
        let half = redWidth(at: 1)
        #expect(abs(half - 120) <= 4, "half way at 1 s: \(half)")
        #expect(redWidth(at: 3) == 220)
    }

    @Test func accessibilityIsKeptInTheEnvironment() {
        var seen: AccessibilityInfo?
        _ = Self.render(50, 50) {
            ReadAccessibility { seen = $0 }
                .accessibilityLabel("inside")
                .accessibilityLabel("A red square")
                .accessibilityHint("Grows")
                .accessibilityAddTraits([.isHeader, .isImage])
                .accessibilityRemoveTraits(.isImage)
        }
        #expect(seen?.label == "A red square")
        #expect(seen?.hint == "Grows")
        #expect(seen?.traits == .isHeader)
    }

    struct ReadAccessibility: View {
        let read: (AccessibilityInfo) -> Void
        @Environment(\.accessibility) private var info
        var body: some View {
            read(info)
            return Color.clear
        }
    }
}

/// Label and button styles, text fields and pickers at rest, as iOS draws them.
@Suite struct StyledControlTests {
    static func count(_ b: Bitmap, _ test: (SIMD4<UInt8>) -> Bool) -> Int {
        var n = 0
        for y in 0..<b.height { for x in 0..<b.width where test(b.premultipliedPixel(x: x, y: y)) { n += 1 } }
        return n
    }
    static let isAccent: (SIMD4<UInt8>) -> Bool = { $0.x < 40 && abs(Int($0.y) - 122) < 30 && $0.z > 220 }
    static let isDark: (SIMD4<UInt8>) -> Bool = { $0.x < 90 && $0.y < 90 && $0.z < 90 }

    @Test func labelStylesShowTheIconOrTheTitle() {
        let both = ViewLayoutTests.render(200, 40) { Label("Heart", systemImage: "heart.fill") }
        let icon = ViewLayoutTests.render(200, 40) { Label("Heart", systemImage: "heart.fill").labelStyle(.iconOnly) }
        let title = ViewLayoutTests.render(200, 40) { Label("Heart", systemImage: "heart.fill").labelStyle(.titleOnly) }
        let inkBoth = Self.count(both, Self.isDark), inkIcon = Self.count(icon, Self.isDark), inkTitle = Self.count(title, Self.isDark)
        #expect(inkIcon > 50 && inkTitle > 50 && abs(inkIcon + inkTitle - inkBoth) < inkBoth / 10, "\(inkIcon) + \(inkTitle) vs \(inkBoth)")
    }

    @Test func aProminentButtonIsWhiteOnTheAccent() {
        let b = ViewLayoutTests.render(200, 60) { Button("Go") {}.buttonStyle(.borderedProminent) }
        #expect(Self.count(b, Self.isAccent) > 800, "the accent background")
        let bordered = ViewLayoutTests.render(200, 60) { Button("Go") {}.buttonStyle(.bordered) }
        // A light tint behind accent text.
        #expect(Self.count(bordered, { $0.z > 240 && $0.x > 200 && $0.x < 235 }) > 800)
        #expect(Self.count(bordered, Self.isAccent) > 20)
    }

    @Test func anEmptyFieldShowsItsPromptInGreyAFullOneItsText() {
        let empty = ViewLayoutTests.render(200, 40) { TextField("Name", text: .constant("")).textFieldStyle(.roundedBorder) }
        let full = ViewLayoutTests.render(200, 40) { TextField("Name", text: .constant("Ada")).textFieldStyle(.roundedBorder) }
        #expect(Self.count(empty, Self.isDark) == 0, "the prompt is light grey")
        #expect(Self.count(empty, { $0.x < 220 && $0.x > 150 }) > 20)
        #expect(Self.count(full, Self.isDark) > 30)
        let secret = ViewLayoutTests.render(200, 40) { SecureField("Password", text: .constant("abc")) }
        #expect(Self.count(secret, Self.isDark) > 10)
    }

    @Test func aPickerShowsItsChoice() {
        let menu = ViewLayoutTests.render(200, 40) {
            Picker("Size", selection: .constant(2)) { Text("Small").tag(1); Text("Large").tag(2) }
        }
        #expect(Self.count(menu, Self.isAccent) > 30, "the chosen option in the accent colour")
        let segmented = ViewLayoutTests.render(200, 40) {
            Picker("Size", selection: .constant(2)) { Text("Small").tag(1); Text("Large").tag(2) }.pickerStyle(.segmented)
        }
        // The chosen (right) half raised in white, the other on the grey track.
        #expect(segmented.premultipliedPixel(x: 150, y: 8) == SIMD4(255, 255, 255, 255))
        let left = segmented.premultipliedPixel(x: 50, y: 8)
        #expect(left.x < 250 && left.x > 200, "\(left)")
    }
}
