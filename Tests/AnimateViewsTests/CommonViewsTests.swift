import AnimateDrawing
import AnimateTestSupport
import AnimateText
import AnimateViews
import Foundation
import Testing

// Eleven whole views written as SwiftUI code is commonly written (rings, clocks, cards, charts,
// loaders...), by this project: they compile as they would against SwiftUI and are drawn for a
// look. Public repositories' own views are not copied here (the project copies no public code).

struct ActivityRing: View {
    var progress: Double = 0.72
    var body: some View {
        ZStack {
            Circle().stroke(Color.pink.opacity(0.2), lineWidth: 24)
            Circle()
                .trim(from: 0, to: progress)
                .stroke(AngularGradient(colors: [.pink, .orange], center: .center), style: StrokeStyle(lineWidth: 24, lineCap: .round))
                .rotationEffect(.degrees(-90))
            Text("\(Int(progress * 100))%").font(.system(size: 40, weight: .bold, design: .rounded))
        }
        .frame(width: 200, height: 200)
        .padding()
    }
}

struct ClockFace: View {
    var body: some View {
        TimelineView(.periodic(from: .now, by: 1)) { context in
            let seconds = context.date.timeIntervalSinceReferenceDate
            ZStack {
                Circle().fill(.white).shadow(radius: 6)
                ForEach(0..<12) { hour in
                    Capsule().fill(.gray).frame(width: 4, height: 14)
                        .offset(y: -86)
                        .rotationEffect(.degrees(Double(hour) * 30))
                }
                Capsule().fill(.black).frame(width: 6, height: 60).offset(y: -30)
                    .rotationEffect(.degrees(seconds / 120))
                Capsule().fill(.red).frame(width: 2, height: 80).offset(y: -40)
                    .rotationEffect(.degrees(seconds.truncatingRemainder(dividingBy: 60) * 6))
                Circle().fill(.red).frame(width: 10, height: 10)
            }
            .frame(width: 200, height: 200)
        }
    }
}

struct ProfileCard: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack(spacing: 14) {
                Circle().fill(LinearGradient(colors: [.purple, .blue], startPoint: .topLeading, endPoint: .bottomTrailing))
                    .frame(width: 64, height: 64)
                    .overlay(Text("AL").font(.title2).foregroundColor(.white))
                VStack(alignment: .leading, spacing: 4) {
                    Text("Ada Lovelace").font(.headline)
                    Text("Analytical Engine").font(.subheadline).foregroundColor(.secondary)
                }
                Spacer()
            }
            Divider()
            Text("Wrote the first algorithm meant for a machine, in 1843.")
                .font(.body)
        }
        .padding(20)
        .frame(width: 360)
        .background(RoundedRectangle(cornerRadius: 16).fill(.white).shadow(color: .black.opacity(0.15), radius: 10, y: 4))
        .padding()
    }
}

struct BarChartView: View {
    let values: [Double] = [3, 7, 4, 9, 6, 8, 2]
    var body: some View {
        HStack(alignment: .bottom, spacing: 10) {
            ForEach(values.indices, id: \.self) { i in
                VStack {
                    RoundedRectangle(cornerRadius: 6)
                        .fill(i == 3 ? Color.orange : Color.blue)
                        .frame(width: 28, height: values[i] * 18)
                    Text(["M", "T", "W", "T", "F", "S", "S"][i]).font(.caption)
                }
            }
        }
        .padding()
        .border(.gray)
    }
}

struct LoadingSpinner: View {
    var body: some View {
        TimelineView(.animation) { context in
            let t = context.date.timeIntervalSinceReferenceDate
            ZStack {
                ForEach(0..<8) { i in
                    Capsule()
                        .fill(.teal)
                        .frame(width: 8, height: 24)
                        .offset(y: -36)
                        .rotationEffect(.degrees(Double(i) * 45))
                        .opacity(0.2 + 0.8 * (Double((Int(t * 8) + i) % 8) / 7))
                }
            }
            .frame(width: 100, height: 100)
        }
    }
}

struct GradientButton: View {
    var body: some View {
        Button(action: {}) {
            Label("Start lesson", systemImage: "play.fill")
                .font(.title3.weight(.semibold))
                .foregroundColor(.white)
                .padding(.horizontal, 28)
                .padding(.vertical, 14)
                .background(Capsule().fill(LinearGradient(colors: [.green, .mint], startPoint: .leading, endPoint: .trailing)))
        }
        .padding()
    }
}

struct ProgressBarView: View {
    var value = 0.6
    var body: some View {
        GeometryReader { proxy in
            ZStack(alignment: .leading) {
                Capsule().fill(Color.gray.opacity(0.25))
                Capsule().fill(Color.indigo).frame(width: proxy.size.width * value)
            }
        }
        .frame(width: 300, height: 16)
        .padding()
    }
}

struct AvatarStack: View {
    let colors: [Color] = [.red, .orange, .yellow, .green, .blue]
    var body: some View {
        HStack(spacing: -18) {
            ForEach(colors.indices, id: \.self) { i in
                Circle().fill(colors[i])
                    .frame(width: 56, height: 56)
                    .overlay(Circle().stroke(.white, lineWidth: 4))
            }
        }
        .padding()
    }
}

struct WeatherCard: View {
    var body: some View {
        VStack(spacing: 8) {
            ZStack {
                Circle().fill(.yellow).frame(width: 70, height: 70).offset(x: -20, y: -10)
                Capsule().fill(.white).frame(width: 110, height: 44).offset(x: 10, y: 18)
            }
            .frame(width: 140, height: 110)
            Text("21°").font(.system(size: 48, weight: .thin))
            Text("Partly cloudy").font(.callout)
        }
        .foregroundColor(.white)
        .padding(24)
        .background(LinearGradient(colors: [.blue, .cyan], startPoint: .top, endPoint: .bottom))
        .cornerRadius(24)
        .padding()
    }
}

struct Polaroid: View {
    var body: some View {
        VStack(spacing: 10) {
            Rectangle()
                .fill(RadialGradient(colors: [.orange, .red, .purple], center: .center, startRadius: 10, endRadius: 140))
                .frame(width: 200, height: 200)
                .overlay(Star(points: 5).fill(.yellow).frame(width: 90, height: 90))
            Text("Summer, 1999").font(.caption).italic()
        }
        .padding(14)
        .padding(.bottom, 16)
        .background(Color.white)
        .rotationEffect(.degrees(-4))
        .shadow(radius: 8)
        .padding(30)
    }
}

/// A five-pointed star, as lessons write their shapes.
struct Star: Shape {
    var points: Int
    func path(in rect: CGRect) -> Path {
        let center = CGPoint(x: rect.midX, y: rect.midY)
        let outer = min(rect.width, rect.height) / 2, inner = outer * 0.45
        var path = Path()
        for i in 0..<(points * 2) {
            let angle = Double(i) * .pi / Double(points) - .pi / 2
            let r = i % 2 == 0 ? outer : inner
            let p = CGPoint(x: center.x + r * cos(angle), y: center.y + r * sin(angle))
            if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        return path
    }
}

struct LessonList: View {
    let lessons = ["Paths", "Transforms", "Gradients"]
    var body: some View {
        List {
            Section("Chapter 4") {
                ForEach(lessons, id: \.self) { name in
                    HStack {
                        Circle().fill(.blue).frame(width: 10, height: 10)
                        Text(name)
                        Spacer()
                        Text("12 min").foregroundColor(.gray)
                    }
                }
            }
            Text("Settings")
        }
        .frame(width: 300, height: 400)
    }
}

@Suite struct CommonViewsTests {
    /// Each view at its ideal size, drawn on white; and all ten in a sheet to look at.
    @Test func tenCommonViewsDrawWhatTheyDescribe() throws {
        let views: [(String, AnyView)] = [("ring", AnyView(ActivityRing())), ("clock", AnyView(ClockFace())), ("card", AnyView(ProfileCard())),
                                          ("bars", AnyView(BarChartView())), ("spinner", AnyView(LoadingSpinner())), ("button", AnyView(GradientButton())),
                                          ("progress", AnyView(ProgressBarView())), ("avatars", AnyView(AvatarStack())), ("weather", AnyView(WeatherCard())),
                                          ("polaroid", AnyView(Polaroid())), ("list", AnyView(LessonList()))]
        var sheet = Bitmap(width: 1800, height: 900)
        sheet.draw { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color(white: 0.93)))
            for (i, (_, view)) in views.enumerated() {
                let cell = CGRect(x: CGFloat(i % 6) * 300, y: CGFloat(i / 6) * 450, width: 300, height: 450)
                context.draw(view, in: cell, environment: .frame(at: 30))
            }
        }
        try? sheet.writeTestPNG(to: artifactDirectory().appendingPathComponent("common-views.png"))
        // The clock's schedule starts `.now`, the wall clock: frames still depend on their time only.
        func clock() -> [UInt8] {
            let r = ImageRenderer(content: ClockFace())
            r.environment = .frame(at: 42)
            return r.bitmap?.rgba8() ?? []
        }
        let first = clock()
        Thread.sleep(forTimeInterval: 1.1)
        #expect(clock() == first, "the same clock frame a second later by the wall clock")
        for (name, view) in views {
            let renderer = ImageRenderer(content: view)
            let bitmap = try #require(renderer.bitmap, "\(name) has a size")
            #expect(bitmap.width > 40 && bitmap.height > 20 && bitmap.width < 1000, "\(name): \(bitmap.width)x\(bitmap.height)")
            // Something other than the background is drawn.
            var inked = 0
            for y in stride(from: 0, to: bitmap.height, by: 3) { for x in stride(from: 0, to: bitmap.width, by: 3) where bitmap.premultipliedPixel(x: x, y: y).w > 0 { inked += 1 } }
            #expect(inked > 50, "\(name) draws")
        }
    }
}
