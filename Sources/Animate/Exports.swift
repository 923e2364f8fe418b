// `import Animate` gives a scene author what a SwiftUI drawing lesson uses: drawing, text, time,
// sound and scenes, with the render request and its outputs. Plumbing (pixel conversion, encoders,
// the rasterizer) is `package`; only its vocabulary (codecs, containers, settings) is public.
@_exported import AnimateAudio
@_exported import AnimateDiagrams
@_exported import AnimateCode
@_exported import AnimateLexers
@_exported import AnimateDrawing
@_exported import AnimateFormula
@_exported import AnimateMath
@_exported import AnimateSpeech
@_exported import AnimateText
@_exported import AnimateTimeline
@_exported import AnimateViews
@_exported import AnimateVideo
@_exported import AnimateStoryboard
@_exported import AnimateScene
@_exported import AnimateRender
@_exported import AnimateSpace

// From Foundation, only what a SwiftUI drawing lesson uses from CoreGraphics, Foundation's values
// and the C math library, so lesson code pastes unchanged without the rest of Foundation in
// completion. (Swift cannot re-export operators one by one: `+` on AttributedString needs
// `import Foundation`.)
@_exported import struct Foundation.CGFloat
@_exported import struct Foundation.CGPoint
@_exported import struct Foundation.CGSize
@_exported import struct Foundation.CGRect
@_exported import struct Foundation.AttributedString
@_exported import struct Foundation.Date
@_exported import struct Foundation.Data
@_exported import struct Foundation.URL
@_exported import typealias Foundation.TimeInterval
@_exported import func Foundation.sin
@_exported import func Foundation.cos
@_exported import func Foundation.tan
@_exported import func Foundation.asin
@_exported import func Foundation.acos
@_exported import func Foundation.atan
@_exported import func Foundation.atan2
@_exported import func Foundation.sinh
@_exported import func Foundation.cosh
@_exported import func Foundation.tanh
@_exported import func Foundation.exp
@_exported import func Foundation.exp2
@_exported import func Foundation.log
@_exported import func Foundation.log2
@_exported import func Foundation.log10
@_exported import func Foundation.pow
@_exported import func Foundation.sqrt
@_exported import func Foundation.cbrt
@_exported import func Foundation.hypot
@_exported import func Foundation.fmod
@_exported import func Foundation.remainder
@_exported import func Foundation.floor
@_exported import func Foundation.ceil
@_exported import func Foundation.round
@_exported import func Foundation.trunc
@_exported import func Foundation.copysign
