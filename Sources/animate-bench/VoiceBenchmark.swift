import Animate
import Foundation

/// `animate-bench voice`: a two-minute narration (16 lines of a lesson) spoken by Piper's voice
/// "joe": the wall time of making it, the sound's length, and their ratio (the real-time
/// factor). Run it with an empty `XDG_CACHE_HOME` for the first synthesis, then again with
/// the same one for a render whose narration is kept.
struct VoiceBenchmark {
    static let lines = [
        "Welcome back. Today we are going to find out why the angles of every triangle add up to the same amount.",
        "Start with any triangle you like: tall and thin, short and wide, it does not matter.",
        "Mark its three corners with three colours, red, green and blue, so that we can follow them.",
        "Now draw a line through the top corner, parallel to the bottom side of the triangle.",
        "Look at the red angle in the bottom left corner, and at the angle it makes with the new line at the top.",
        "Those two angles are alternate angles, and alternate angles between parallel lines are always equal.",
        "The same is true on the other side: the blue angle appears again at the top, on the right.",
        "So at the top corner we now see all three colours, sitting side by side along a straight line.",
        "A straight line is a half turn, and a half turn measures one hundred and eighty degrees.",
        "That means the three angles of the triangle add up to one hundred and eighty degrees, whatever its shape.",
        "Let us check this with a few examples, starting with the equilateral triangle, whose angles are all sixty degrees.",
        "Three times sixty is one hundred and eighty, exactly as we expected.",
        "A right triangle has one angle of ninety degrees, so the other two must share the remaining ninety.",
        "And a very flat triangle has one huge angle, close to a straight line, with two tiny angles beside it.",
        "Try it yourself: draw a triangle, tear off its corners, and put them together along a ruler.",
        "Next time, we will use this fact to find the angles of any polygon, from squares to hexagons and beyond.",
    ]

    func run() throws {
        let start = DispatchTime.now().uptimeNanoseconds
        let narration = Narration(voice: .piper(), start: 0, pause: 0.4, Self.lines.map { Narration.Line($0) })
        try narration.prepare()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let words = Self.lines.reduce(0) { $0 + $1.split(separator: " ").count }
        FileHandle.standardError.write(Data(String(format: "%d words, %.1f s of speech made in %.2f s (real-time factor %.3f)\n",
                                                   words, narration.duration, seconds, seconds / narration.duration).utf8))
        let json = try JSONSerialization.data(withJSONObject: ["words": words, "speech_s": (narration.duration * 10).rounded() / 10,
                                                               "made_s": (seconds * 100).rounded() / 100,
                                                               "real_time_factor": (seconds / narration.duration * 1000).rounded() / 1000],
                                              options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }
}
