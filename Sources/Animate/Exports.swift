// `import Animate` gives a scene author everything: drawing, timeline, scenes and video output.
@_exported import AnimateDrawing
@_exported import AnimateScenes
@_exported import AnimateText
@_exported import AnimateTimeline
@_exported import AnimateVideo
@_exported import Foundation
