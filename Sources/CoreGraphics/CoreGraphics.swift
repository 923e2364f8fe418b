// `import CoreGraphics`: CGFloat, CGPoint, CGSize and CGRect, which on Linux are Foundation's,
// and CGAffineTransform, which is AnimateDrawing's (Foundation has none there).
@_exported import Foundation
@_exported import struct AnimateDrawing.CGAffineTransform
