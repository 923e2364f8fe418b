import Animate
import ArgumentParser
import Foundation

/// `chapters`: a scene's chapters as lines for a YouTube description, checked against YouTube's rules.
struct ChaptersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chapters",
        abstract: "Print the scene's chapters (its sections) as lines for a video's description.",
        discussion: """
        Each line is a chapter's start and title ("0:00 Intro"), as YouTube reads chapters from a \
        description. What breaks YouTube's rules (the first chapter at 0:00, at least three, each at \
        least 10 seconds long) is a warning on stderr; the lines are printed anyway. A render to MP4, \
        MOV, MKV or WebM carries the same chapters, and `render --chapters FILE.vtt` writes them as \
        WebVTT.
        """
    )

    @OptionGroup var options: SceneOptions

    func run() throws {
        let request = try options.request(output: nil, readingImages: false)
        guard !request.scene.sections.isEmpty else {
            try reportingFailures { throw RenderError.chaptersNeedSections(request.scene.name) }
            return
        }
        let (text, problems) = VideoChapter.youTubeDescription(request.chapters)
        try reportingFailures { try Console.output(text + "\n") }
        for problem in problems { Console.warning(problem) }
    }
}
