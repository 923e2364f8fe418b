public import Animate
public import Foundation

/// A video to play, as AVFoundation's `AVPlayerItem`: a file's URL.
public final class AVPlayerItem: @unchecked Sendable {
    public let url: URL
    public init(url: URL) { self.url = url }
}

/// A player of a video file, as AVFoundation's `AVPlayer`, for SwiftUI's `VideoPlayer`: in a
/// lesson it plays from the moment its view appears, frame-exact (a `VideoClip`); `play()` and
/// `pause()` are accepted, as a lesson's scene time runs on regardless.
public final class AVPlayer: @unchecked Sendable {
    public private(set) var currentItem: AVPlayerItem?
    /// Playback speed: 1 plays at its own pace (what `VideoPlayer` draws).
    public var rate: Float = 1
    /// Whether its sound is off (the clip's picture only).
    public var isMuted = false
    public var volume: Float = 1

    public init() {}
    public init(url: URL) { currentItem = AVPlayerItem(url: url) }
    public init(playerItem: AVPlayerItem?) { currentItem = playerItem }

    public func play() {}
    public func pause() {}
    public func replaceCurrentItem(with item: AVPlayerItem?) { currentItem = item }

    /// The clip its item plays, at its rate, starting at clip time 0.
    package var clip: VideoClip? {
        guard let url = currentItem?.url, url.isFileURL else { return nil }
        return VideoClip(url.path).rate(Double(rate == 0 ? 1 : rate))
    }
}
