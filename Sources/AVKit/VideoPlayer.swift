public import AVFoundation
public import Animate
import Foundation

/// SwiftUI's `VideoPlayer` (AVKit): the player's video filling the view's frame, its aspect kept
/// on black, playing from the moment the view appears, each frame exact.
public struct VideoPlayer: View {
    let player: AVPlayer?
    @State private var appeared: Date?

    public init(player: AVPlayer?) { self.player = player }

    /// With an overlay drawn over the video (accepted: the overlay is drawn over it).
    public init<Overlay: View>(player: AVPlayer?, @ViewBuilder videoOverlay: () -> Overlay) { self.player = player }

    public var body: some View {
        TimelineView(.animation) { timeline in
            Canvas { context, size in
                context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.black))
                guard let clip = player?.clip else { return }
                let since = timeline.date.timeIntervalSince(appeared ?? timeline.date)
                let natural = clip.size
                guard natural.width > 0, natural.height > 0 else {
                    // Drawing it reports why it cannot be opened.
                    context.draw(clip, at: since, in: CGRect(origin: .zero, size: size))
                    return
                }
                let scale = min(size.width / natural.width, size.height / natural.height)
                let fitted = CGSize(width: natural.width * scale, height: natural.height * scale)
                context.draw(clip, at: since, in: CGRect(x: (size.width - fitted.width) / 2, y: (size.height - fitted.height) / 2,
                                                         width: fitted.width, height: fitted.height))
            }
        }
        .onAppear { if appeared == nil { appeared = Date() } }
    }
}
