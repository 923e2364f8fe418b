// `import SwiftUI`, as a lesson written on an Apple platform says it: here it gives what it gives
// there, the views and drawing (those of `import Animate`, with its scenes and render requests)
// and Foundation, which SwiftUI re-exports; and Xcode's `#Preview`, each one a scene.
@_exported import Animate
@_exported import Foundation
