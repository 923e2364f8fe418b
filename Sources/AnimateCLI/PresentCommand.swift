import Animate
import ArgumentParser
import Foundation

/// `present`: the lesson as a presentation, one HTML file that plays each slide and stops.
struct PresentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "present",
        abstract: "Make the lesson a presentation (one offline HTML file) and open it.",
        discussion: """
        The page plays each slide (a storyboard's sections and `slide()` marks; a scene drawn by a \
        closure is one slide) and stops at its end, looping the slides marked so, until you go on: \
        → ↓ PageDown Space or N for the next slide (clickers send these), ← ↑ PageUp or P for the \
        previous, Home and End, a slide's number then Enter to jump, T for the transcript, C for \
        captions, D for descriptions (shown, and read by screen readers), F for full screen; #3 or \
        #name in its address opens a slide. Everything is inside the file: the slides' video and \
        sound, captions, descriptions, chapters and the transcript. It opens from disk with no \
        server and makes no network request.

        --handout also writes a PDF with a page per slide: its last frame, its narration and descriptions.
        """
    )

    @OptionGroup var options: SceneOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The presentation's file (default: <scene>.html).", valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("Also write a PDF handout: a page per slide.", valueName: "path"))
    var handout: String?

    @Flag(inversion: .prefixedNo, help: "Open the presentation in the web browser when it is written (default: when there is a display).")
    var open: Bool?

    @Flag(help: "No progress or summary on stderr.")
    var quiet = false

    func validate() throws {
        guard (output ?? "x.html").lowercased().hasSuffix(".html") || (output ?? "").lowercased().hasSuffix(".htm") else {
            throw ValidationError("-o names the presentation's page: give it a .html name.")
        }
    }

    func run() throws {
        let request = try options.request(output: nil, readingImages: true, quiet: quiet)
        let path = output ?? "\(request.scene.name).html"
        Interruption.arm()
        try reportingFailures {
            try Presentation.write(request: request, slides: path, handout: handout, quiet: quiet)
        }
        let display = ProcessInfo.processInfo.environment["DISPLAY"] != nil || ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] != nil
        if open ?? display { Presentation.open(path) }
    }
}

/// Writing a presentation and its handout together, for `present`.
enum Presentation {
    static func write(request: RenderRequest, slides path: String, handout: String?, quiet: Bool) throws {
        let isCancelled = { Interruption.received != 0 }
        let deck = try PresentationFile(path: path, kind: .slides, request: request)
        let pdf = try handout.map { path throws(RenderError) in try PresentationFile(path: path, kind: .handout, request: request) }
        let slides = try deck.stage(isCancelled: isCancelled)
        let pages = try pdf?.stage(isCancelled: isCancelled)
        try Interruption.check()
        // Both, or neither.
        try OutputFile.commit([slides.file] + (pages.map { [$0.file] } ?? []))
        if !quiet {
            Console.report("slides: \(slides.count) → \(path)")
            if let handout, let pages { Console.report("handout: \(pages.count) pages → \(handout)") }
        }
    }

    /// Opens `path` in the desktop's browser, if it has one.
    static func open(_ path: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", URL(fileURLWithPath: path).absoluteString]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        if (try? process.run()) == nil { Console.note("open \(path) in a web browser to present") }
    }
}
