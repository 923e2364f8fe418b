// As on Apple platforms, AVKit brings AVFoundation (`AVPlayer`) with it.
@_exported import AVFoundation
