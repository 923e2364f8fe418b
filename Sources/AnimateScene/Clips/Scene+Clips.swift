public import AnimateStoryboard
public import AnimateDrawing
import AnimateAudio
import AnimateVideo
public import Foundation

extension Scene {
    /// The scene with the sound of `clips` mixed in where they play: trimmed, retimed (the pitch
    /// kept from half to twice the speed; silent beyond, as editors do), backwards with the
    /// picture, looped, at their volume and fades, turned down under the narration if they duck.
    /// Their files are opened (and checked) when a render mixes the sound.
    public func playing(_ clips: [VideoClip]) -> Scene {
        guard !clips.isEmpty else { return self }
        let scene = self
        return sounds {
            clips.compactMap { clip -> SoundCue? in
                guard let buffer = try? ClipSound.samples(of: clip, until: scene.duration, under: scene.narration) else { return nil }
                return SoundCue(Sound(buffer), at: max(0, clip.start))
            }
        }
    }

    /// The scene with the sound of `clips` mixed in (see `playing(_:)`).
    public func playing(_ clips: VideoClip...) -> Scene { playing(clips) }
}

/// A clip's sound as it plays on a scene's timeline.
enum ClipSound {
    /// The samples of `clip` from its start, for as long as it plays within `duration` seconds of
    /// the scene; none when it has no sound or plays too fast or slow to be heard.
    static func samples(of clip: VideoClip, until duration: Double, under narration: Narration?) throws -> AudioBuffer? {
        let source = try clip.source.get()
        guard source.hasSound, clip.frozenAt == nil, abs(clip.speed) >= 0.5, abs(clip.speed) <= 2 else { return nil }
        let whole = try AudioDecoder.decode(path: clip.path)
        let rate = AudioClock.sampleRate
        let first = min(whole.frameCount, AudioClock.sample(at: max(0, clip.from)))
        let last = min(whole.frameCount, clip.to.map { AudioClock.sample(at: $0) } ?? whole.frameCount)
        guard last > first else { return nil }
        var part = Array(whole.samples[(2 * first)..<(2 * last)])
        if clip.reversed {
            var reversed = [Float](repeating: 0, count: part.count)
            let frames = part.count / 2
            for i in 0..<frames { reversed[2 * i] = part[2 * (frames - 1 - i)]; reversed[2 * i + 1] = part[2 * (frames - 1 - i) + 1] }
            part = reversed
        }
        if abs(clip.speed) != 1 { part = try TimeStretch.samples(part, tempo: abs(clip.speed)) }
        // Looped: as many times as the scene has room for.
        let room = max(0, AudioClock.sample(at: duration - clip.start))
        if clip.loops, !part.isEmpty {
            let once = part
            while part.count / 2 < room { part += once }
        }
        let frames = min(part.count / 2, room)
        guard frames > 0 else { return nil }
        part.removeLast(part.count - 2 * frames)
        // Volume and fades.
        let fadeIn = Int(max(0, clip.fadeIn) * Double(rate)), fadeOut = Int(max(0, clip.fadeOut) * Double(rate))
        let gain = Float(max(0, min(clip.volume, 16)))
        let startSample = AudioClock.sample(at: max(0, clip.start))
        let spans = clip.ducksUnderNarration ? (narration?.spokenLines.map { ($0.startSample - startSample)..<($0.startSample + $0.sound.frameCount - startSample) } ?? []) : []
        for i in 0..<frames {
            var g = gain
            if fadeIn > 0, i < fadeIn { g *= Float(i) / Float(fadeIn) }
            if fadeOut > 0, i >= frames - fadeOut { g *= Float(frames - i) / Float(fadeOut) }
            if !spans.isEmpty { g *= duck(i, spans) }
            part[2 * i] *= g
            part[2 * i + 1] *= g
        }
        return AudioBuffer(interleaved: part)
    }

    /// 0.3 under the narration's lines, ramped over a quarter second either side.
    static func duck(_ t: Int, _ spans: [Range<Int>]) -> Float {
        let ramp = 12_000
        var g: Float = 1
        for span in spans where t > span.lowerBound - ramp && t < span.upperBound + ramp {
            let depth: Float = t < span.lowerBound ? Float(t - (span.lowerBound - ramp)) / Float(ramp)
                : t >= span.upperBound ? Float(span.upperBound + ramp - t) / Float(ramp) : 1
            g = min(g, 1 - 0.7 * depth)
        }
        return g
    }
}

extension Storyboard.Builder {
    /// Adds `clip` playing in `rect` from now (its own `start` counts from now): a thing like any
    /// other (fade it, move it, scale it, clip it); its sound plays with it when the scene is
    /// made from this storyboard.
    public mutating func add(_ clip: VideoClip, in rect: CGRect, visible: Bool = true) -> Thing {
        let placed = clip.starting(at: now + clip.start)
        ClipCollector.current?.clips.append(placed)
        return add(visible: visible) { context, values in
            context.draw(placed, at: values.time, in: rect)
        }
    }
}

/// The clips a storyboard adds while it is built, for the scene made from it to play their sound.
final class ClipCollector {
    var clips: [VideoClip] = []
    private static let key = "animate.clipCollector"

    static var current: ClipCollector? { Thread.current.threadDictionary[key] as? ClipCollector }

    /// Runs `body`, collecting the clips it adds.
    static func collecting<R>(_ body: () throws -> R) rethrows -> (R, [VideoClip]) {
        let collector = ClipCollector()
        let thread = Thread.current
        let outer = thread.threadDictionary[key]
        thread.threadDictionary[key] = collector
        defer { thread.threadDictionary[key] = outer }
        return (try body(), collector.clips)
    }
}
