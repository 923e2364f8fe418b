// `import Animate` gives a scene author everything: drawing, text, timeline, sound, the render pipeline and video output.
@_exported import AnimateAudio
@_exported import AnimateDrawing
@_exported import AnimateMath
@_exported import AnimatePixels
@_exported import AnimateSpeech
@_exported import AnimateText
@_exported import AnimateTimeline
@_exported import AnimateVideo
@_exported import Foundation
