// The seed lesson "第18章:路径和自定义形状" (004_a258add822507d50.txt in ../shared/seeds): the chapter's
// Shapes.swift as it stands at the chapter's end (the five built-in shapes, Triangle with relative
// coordinates, Cone, Lens, the stroked and padded current shape), its AnyShape.swift, the shapes
// list and FramePicker.swift with its preview, pasted unchanged, `import SwiftUI`
// included. The page lost the `*` of Triangle's products (`width  0.13`), put back here.
// Its names are the test module's own (no other test uses them), so its `AnyShape` takes the place
// of the library's as it would of SwiftUI's; the chapter's first `Shapes` body, the five built-in
// shapes, is named `BuiltInShapes` here beside the last.
import SwiftUI

struct BuiltInShapes: View {
var body: some View {
  VStack {
    Rectangle()
    RoundedRectangle(cornerRadius: 25.0)
    Circle()
    Capsule()
    Ellipse()
  }
  .padding()
}
}

struct Triangle: Shape {
func path(in rect: CGRect) -> Path {
  let width = rect.width
  let height = rect.height
  var path = Path()
  path.addLines([
    CGPoint(x: width * 0.13, y: height * 0.2),
    CGPoint(x: width * 0.87, y: height * 0.47),
    CGPoint(x: width * 0.4, y: height * 0.93)
  ])
  path.closeSubpath()
  return path
}
}

struct Shapes: View {
  let currentShape = Lens()

  var body: some View {
currentShape
  .stroke(
    Color.primary, 
    style: StrokeStyle(lineWidth: 10, lineJoin: .round))
  .padding()
  }
}

struct Shapes_Previews: PreviewProvider {
  static var previews: some View {
    Shapes()
      .previewLayout(.sizeThatFits)
  }
}

struct Cone: Shape {
  func path(in rect: CGRect) -> Path {
    var path = Path()
let radius = min(rect.midX, rect.midY)
path.addArc(
  center: CGPoint(x: rect.midX, y: rect.midY),
  radius: radius,
  startAngle: Angle(degrees: 0),
  endAngle: Angle(degrees: 180),
  clockwise: true)
path.addLine(to: CGPoint(x: rect.midX, y: rect.height))
path.addLine(to: CGPoint(x: rect.midX + radius, y: rect.midY))
path.closeSubpath()
    return path
  }
}

struct Lens: Shape {
  func path(in rect: CGRect) -> Path {
    var path = Path()
path.move(to: CGPoint(x: 0, y: rect.midY))
path.addQuadCurve(
  to: CGPoint(x: rect.width, y: rect.midY),
  control: CGPoint(x: rect.midX, y: 0))
path.addQuadCurve(
  to: CGPoint(x: 0, y: rect.midY),
  control: CGPoint(x: rect.midX, y: rect.height))
path.closeSubpath()
    return path
  }
}

struct AnyShape: Shape {
  private let path: (CGRect) -> Path

// 1
init<CustomShape: Shape>(_ shape: CustomShape) {
  // 2
  self.path = { rect in
    // 3
    shape.path(in: rect)
  }
}

  func path(in rect: CGRect) -> Path {
path(rect)
  }
}

extension Shapes {
  static let shapes: [AnyShape] = [
    AnyShape(Circle()), AnyShape(Rectangle()),
    AnyShape(Cone()), AnyShape(Lens())
  ]
}

struct FramePicker: View {
  @Environment(\.presentationMode) var presentationMode

  // 1 
  @Binding var frame: AnyShape?
  private let columns = [
    GridItem(.adaptive(minimum: 120), spacing: 10)
  ]
  private let style = StrokeStyle(
    lineWidth: 5,
    lineJoin: .round)

  var body: some View {
    ScrollView {
      LazyVGrid(columns: columns) {
      // 2
        ForEach(0..<Shapes.shapes.count, id: \.self) { index in
          Shapes.shapes[index]
          // 3
            .stroke(Color.primary, style: style)
            // 4
            .background(
              Shapes.shapes[index].fill(Color.secondary))
            .frame(width: 100, height: 120)
            .padding()
            // 5
            .onTapGesture {
              frame = Shapes.shapes[index]
              presentationMode.wrappedValue.dismiss()
            }
        }
      }
    }
    .padding(5)
  }
}

struct FramePicker_Previews: PreviewProvider {
  static var previews: some View {
    FramePicker(frame: .constant(nil))
  }
}
