// `import CoreGraphics`: CGFloat, CGPoint, CGSize, CGRect and CGAffineTransform, which on Linux
// are Foundation's.
@_exported import Foundation
