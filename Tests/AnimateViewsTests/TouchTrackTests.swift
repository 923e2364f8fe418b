import AnimateDrawing
import AnimateScene
import AnimateTestSupport
import AnimateTimeline
@testable import AnimateViews
import Foundation
import Testing

/// A scripted user's touches reach the views' own recognisers at their moments: a tap runs a
/// button's action (not a disabled one's) and an `onTapGesture` with where it landed; a drag
/// moves a `@GestureState` while it lasts and runs `onEnded` with its real translation; a
/// long press; touches aimed by label. Frames stay the same drawn alone or in order.
@Suite struct TouchTrackTests {
    static func scene<V: View>(_ view: @escaping () -> V) -> Scene {
        Scene(name: "touch", description: "", duration: 6, size: CGSize(width: 400, height: 40)) {
            ZStack(alignment: .leading) { Color.white; view() }
        }
    }

    struct Buttons: View {
        @State private var count = 0
        @State private var armed = false
        var body: some View {
            ZStack(alignment: .leading) {
                AppTimeTests.Square(x: Double(count * 20))
                HStack(spacing: 0) {
                    Button("Add") { count += 1 }.disabled(!armed).frame(width: 100, height: 40)
                    Color.clear.frame(width: 100, height: 40).contentShape(Rectangle()).onTapGesture { armed = true }.accessibilityLabel("Arm")
                }
                .offset(x: 200)
            }
            .touches(indicator: .hidden) {
                Wait(0.5)
                Tap("Add")          // disabled: nothing
                Wait(0.5)
                Tap("Arm")
                Wait(0.5)
                Tap("Add")
                Tap("Add")
                Wait(0.5)
                Tap(at: CGPoint(x: 250, y: 20))
            }
        }
    }

    @Test func tapsRunButtonActionsButNotADisabledOnes() {
        let at = AppTimeTests.edges(Self.scene { Buttons() }, at: [0.4, 0.7, 1.5, 2.0, 2.4, 3.0])
        // Two taps back to back count twice; a tap at a point finds the button where it is drawn (moved by the offset).
        #expect(at == [0, 0, 0, 40, 40, 60], "\(at)")
    }

    struct Located: View {
        @State private var x = 0.0
        var body: some View {
            ZStack(alignment: .leading) {
                AppTimeTests.Square(x: x)
                Color.clear.frame(width: 400, height: 40).contentShape(Rectangle())
                    .onTapGesture(coordinateSpace: .local) { point in x = point.x }
            }
            .touches(indicator: .hidden) { Wait(1); Tap(at: CGPoint(x: 123, y: 10)); Wait(1); Tap(at: CGPoint(x: 321, y: 30)) }
        }
    }

    @Test func aTapSaysWhereItLanded() {
        #expect(AppTimeTests.edges(Self.scene { Located() }, at: [0.9, 1.2, 2.2]) == [0, 123, 321])
    }

    struct Dragged: View {
        @State private var offset = 0.0
        @GestureState private var dragging = 0.0
        @State private var ended: DragGesture.Value?
        var body: some View {
            AppTimeTests.Square(x: offset + dragging)
                .frame(width: 400, height: 40, alignment: .leading)
                .contentShape(Rectangle())
                .gesture(DragGesture()
                    .updating($dragging) { value, state, _ in state = value.translation.width }
                    .onEnded { value in offset += value.translation.width; ended = value })
                .touches(indicator: .hidden) {
                    Wait(1)
                    Drag(from: CGPoint(x: 5, y: 20), by: CGSize(width: 200, height: 0), duration: 1)
                    Wait(1)
                    Drag(from: CGPoint(x: 50, y: 20), to: CGPoint(x: 150, y: 20), duration: 0.5)
                }
        }
    }

    /// Under way the drag moves the gesture state with the finger; at its end the state goes back
    /// and `onEnded` keeps the whole translation.
    @Test func aDragMovesGestureStateAndEndsWithItsTranslation() {
        let at = AppTimeTests.edges(Self.scene { Dragged() }, at: [0.9, 1.5, 2.0, 2.5, 3.25, 3.6])
        // A frame shows the update before its moment (the finger a sixtieth of a second back).
        #expect(at == [0, 97, 197, 200, 250, 300], "\(at)")
    }

    @Test func aDragsValueIsWhatAFingerMakes() {
        let v = ViewStateStore.dragValue(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 110, y: 10), fraction: 0.5, duration: 0.5,
                                         date: Date(timeIntervalSinceReferenceDate: 2))
        #expect(v.location == CGPoint(x: 60, y: 10) && v.translation == CGSize(width: 50, height: 0) && v.velocity == CGSize(width: 200, height: 0))
        #expect(v.predictedEndTranslation.width > v.translation.width && v.startLocation == CGPoint(x: 10, y: 10))
    }

    struct Pressed: View {
        @State private var held = 0
        var body: some View {
            AppTimeTests.Square(x: Double(held) * 100)
                .frame(width: 400, height: 40, alignment: .leading)
                .contentShape(Rectangle())
                .onLongPressGesture { held += 1 }
                .touches(indicator: .hidden) { Wait(1); LongPress(at: CGPoint(x: 5, y: 20), duration: 1) }
        }
    }

    @Test func aLongPressFiresWhenItHasBeenHeld() {
        #expect(AppTimeTests.edges(Self.scene { Pressed() }, at: [1.5, 1.9, 2.1]) == [0, 0, 100])
    }

    struct Shown: View {
        var body: some View {
            Color.white.frame(width: 400, height: 40).touches { Wait(1); Tap(at: CGPoint(x: 200, y: 20)) }
        }
    }

    /// The finger shows where it touches while it touches, then fades.
    @Test func theIndicatorShowsTheFinger() throws {
        let scene = Self.scene { Shown() }
        func centre(at time: Double) -> UInt8 {
            var bitmap = Bitmap(width: 400, height: 40)
            scene.cursor().drawer(for: Frame(index: Int(time * 60), rate: FrameRate(numerator: 60)!, count: 360, size: bitmap.size)).render(into: &bitmap)
            return UInt8(bitmap.premultipliedPixel(x: 200, y: 20).x)
        }
        #expect(centre(at: 0.9) == 255 && centre(at: 1.05) < 200 && centre(at: 1.5) == 255)
    }

    /// A touch track file: every step kind read; any damage to it (cut anywhere, a byte changed,
    /// a value of another type) is one line naming what is wrong, never a crash.
    @Test func touchTrackFilesAreReadOrRefusedInOneLine() throws {
        let good = #"{"indicator": "hidden", "steps": [{"wait": 1}, {"tap": "Like"}, {"tap": [120, 300]}, {"drag": {"from": "Card", "by": [-300, 0], "duration": 0.3}}, {"drag": {"from": [1, 2], "to": [3, 4]}}, {"longPress": "Photo", "duration": 0.8}]}"#
        let file = try TouchTrackFile(json: Data(good.utf8))
        #expect(file.steps.count == 6 && file.indicator.diameter == 0)
        var generator = SystemRandomNumberGenerator()
        let bytes = Array(good.utf8)
        for trial in 0..<500 {
            var damaged = bytes
            switch trial % 3 {
            case 0: damaged = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator)))
            case 1: damaged[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 32...126, using: &generator)
            default:
                let swaps = ["\"Like\"": "true", "0.3": "\"fast\"", "[120, 300]": "[1]", "1}": "-5}", "\"Card\"": "null"]
                let (from, to) = swaps.randomElement(using: &generator)!
                damaged = Array(good.replacingOccurrences(of: from, with: to).utf8)
            }
            do {
                _ = try TouchTrackFile(json: Data(damaged), name: "t.json")
            } catch {
                #expect(error.description.hasPrefix("t.json: ") && !error.description.contains("\n"), "\(error.description)")
            }
        }
    }

    struct Controls: View {
        @State private var on = false
        @State private var count = 0
        @State private var level = 0.0
        var body: some View {
            ZStack(alignment: .topLeading) {
                Color.white
                AppTimeTests.Square(x: (on ? 100 : 0) + Double(count) * 10 + level * 100).frame(width: 400, height: 40, alignment: .leading)
                VStack(spacing: 0) {
                    Toggle("Power", isOn: $on).frame(width: 300, height: 40)
                    Stepper("Count", value: $count, in: 0...3).frame(width: 300, height: 40)
                    Slider(value: $level, in: 0...1, step: 0.25).frame(width: 228, height: 40)
                }
                .offset(y: 40)
            }
            .frame(width: 400, height: 160)
            .touches(indicator: .hidden) {
                Wait(0.5); Tap("Power")
                Wait(0.5); Tap("Increment"); Tap("Increment"); Tap("Increment"); Tap("Increment"); Tap("Decrement")
                Wait(0.5); Drag(from: CGPoint(x: 50, y: 140), to: CGPoint(x: 250, y: 140), duration: 0.5)   // the slider sits centred: 36...264
            }
        }
    }

    /// A toggle flips, a stepper steps within its bounds, a slider follows the finger on its step.
    @Test func controlsAnswerTheScriptedUser() {
        let scene = Scene(name: "controls", description: "", duration: 6, size: CGSize(width: 400, height: 160)) { Controls() }
        func edge(at time: Double) -> Int? {
            var bitmap = Bitmap(width: 400, height: 160)
            scene.cursor().drawer(for: Frame(index: Int(time * 30), rate: FrameRate(numerator: 30)!, count: 180, size: bitmap.size)).render(into: &bitmap)
            return (0..<400).first { x in let p = bitmap.premultipliedPixel(x: x, y: 20); return p.x > 200 && p.y < 60 }
        }
        #expect(edge(at: 0.4) == 0)
        #expect(edge(at: 0.9) == 100, "the toggle is on")
        #expect(edge(at: 2.0) == 120, "three steps up, the fourth at the bound, one down: 2")
        #expect(edge(at: 3.0) == 220, "the slider at its end: 1.0")
    }
}
