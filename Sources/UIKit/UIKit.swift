// `import UIKit`, as lesson code written for iOS says it beside `import SwiftUI`: Foundation, which
// UIKit re-exports, and the views and drawing of `import Animate`.
@_exported import Animate
@_exported import Foundation
