// `import SwiftUI`, as a lesson written on an Apple platform says it: here it gives what it gives
// there, the views and drawing (those of `import Animate`, with its scenes and render requests),
// Foundation and UIKit (as on iOS, whose SwiftUI re-exports them) and Observation; and Xcode's
// `#Preview`, each one a scene.
@_exported import Animate
@_exported import Foundation
@_exported import Observation
@_exported import UIKit
