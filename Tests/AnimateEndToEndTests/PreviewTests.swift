import Animate
import AnimateTestSupport
import AnimateScenes
import Foundation
import Testing

/// A running `preview`, stopped (SIGINT) when released.
final class PreviewProcess {
    let process = Process()
    let url: String
    let port: Int
    private let output = Pipe()

    /// With `errors`, what it writes on standard error goes to that file. It is stopped if it does
    /// not say where it listens within `startSeconds`.
    init(_ arguments: [String], executable: String = animateBinary(), currentDirectory: URL? = nil, errors: URL? = nil,
         startSeconds: Double = 60) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments + ["--port", "0"]
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        process.standardOutput = output
        if let errors {
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errors)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        // A preview that never says where it listens is stopped.
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + startSeconds, execute: watchdog)
        defer { watchdog.cancel() }
        // The first line says where it listens: "preview: http://127.0.0.1:PORT/ (Ctrl-C to stop)".
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: #"http://127\.0\.0\.1:(\d+)/"#, options: .regularExpression) else {
            process.terminate()
            throw WebDriver.Failure(description: "preview did not start: \(text)")
        }
        url = String(text[range])
        port = Int(url.split(separator: ":").last!.dropLast())!
    }

    /// Ctrl-C; returns the exit status.
    func stop() -> Int32 {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, SIGINT)
        waitForExit(process, within: 60)
        return process.terminationStatus
    }

    deinit { _ = stop() }
}

@Suite(.serialized) struct PreviewTests {
    /// Over a real socket: the Host check (the routes themselves are tested in process, in
    /// AnimatePreviewTests), a second preview on a taken port, and Ctrl-C.
    @Test func onlyLoopbackHostsOnePortAndCtrlC() async throws {
        let preview = try PreviewProcess(["preview", "hexagons", "--size", "64x36"])
        let frame = "\(preview.url)scenes/hexagons/frames/3.png"
        #expect(try fetch(frame, host: "evil.example").1 == 403)
        #expect(try fetch(frame, host: "evil.example:\(preview.port)").1 == 403)
        #expect(try fetch(frame, host: "127.0.0.1.evil.example").1 == 403)
        #expect(try fetch(frame, host: "localhost:\(preview.port)").1 == 200)
        #expect(try fetch(frame, host: "[::1]:\(preview.port)").1 == 200)
        #expect(try fetch(preview.url, host: "rebind.attacker.test").1 == 403)
        // Loopback at another port (another server's page), or none (port 80): not this preview.
        #expect(try fetch(frame, host: "localhost:\(preview.port == 1 ? 2 : 1)").1 == 403)
        #expect(try fetch(frame, host: "127.0.0.1").1 == 403)
        // A proxy's absolute form names its own host: refused whatever the Host says.
        #expect(try HTTP.request("GET", port: preview.port, path: "http://127.0.0.1:\(preview.port)/scenes/hexagons/frames/3.png",
                                 host: "127.0.0.1:\(preview.port)").1 == 400)

        // A second preview on the same port: one line, exit 1.
        let second = try await run(animateBinary(), ["preview", "hexagons", "--port", String(preview.port)])
        #expect(second.status == 1)
        #expect(second.stderr == "error: preview on 127.0.0.1:\(preview.port): the port is in use; choose another --port (0: any free port)\n")
        #expect(preview.stop() == 0)        // Ctrl-C stops it cleanly
    }

    /// Slow and idle connections are closed, and a flood of frame requests is turned away (503,
    /// Retry-After) past a few waiting draws, instead of every request queuing behind the others.
    @Test func slowConnectionsCloseAndAFloodIsTurnedAway() async throws {
        let preview = try PreviewProcess(["preview", "hexagons"])
        let port = preview.port
        let (closedAfter, statuses) = try await offThePool { () -> (Double, [Int]) in
            // A request whose header never ends.
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { return (-1, []) }
            let partial = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1".utf8)
            _ = partial.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            let start = Date()
            var byte: UInt8 = 0
            while read(fd, &byte, 1) > 0 {}                     // returns 0 once the server closes
            let closedAfter = Date().timeIntervalSince(start)
            // Forty large frames at once.
            final class Statuses: @unchecked Sendable { let lock = NSLock(); var list: [Int] = [] }
            let statuses = Statuses()
            let group = DispatchGroup()
            let url = preview.url
            for i in 0..<40 {
                group.enter()
                Thread {
                    let status = (try? fetch("\(url)scenes/hexagons/frames/\(i).png?size=640x360", host: "127.0.0.1:\(port)").1) ?? 0
                    statuses.lock.lock(); statuses.list.append(status); statuses.lock.unlock()
                    group.leave()
                }.start()
            }
            group.wait()
            return (closedAfter, statuses.list)
        }
        #expect(closedAfter > 0 && closedAfter < 60, "closed after \(closedAfter) s")
        #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 } && statuses.contains(200) && statuses.contains(503), "\(statuses.sorted())")
        #expect(preview.stop() == 0)
    }

    /// Headless Chromium: the page shows a frame, scrubbing and the arrow keys move it, and the
    /// image it shows is the frame's own pixels.
    @Test func thePageScrubsToAFrameAndShowsIt() throws {
        let preview = try PreviewProcess(["preview", "hexagons", "--size", "160x90", "--fps", "30"])
        let browser = try WebDriver()
        try browser.open(preview.url)
        /// The frame on screen, once its exact PNG is (a quick JPEG comes first).
        func shown() throws -> String? {
            try browser.run("const d = document.getElementById('frame').dataset; return d.format === 'png' ? d.frame : null") as? String
        }
        try browser.waitUntil(seconds: 20) { try shown() == "0" }

        try browser.run("const s = document.getElementById('scrubber'); s.value = arguments[0]; s.dispatchEvent(new Event('input'));", [37])
        try browser.waitUntil(seconds: 20) { try shown() == "37" }
        try browser.press("\u{E014}")                                   // right arrow: one frame forward
        try browser.waitUntil(seconds: 20) { try shown() == "38" }
        let position = try browser.run("return document.getElementById('position').textContent") as? String
        #expect(position?.contains("frame 38 / 239") == true, "\(position ?? "")")
        let command = try browser.run("return document.getElementById('command').value") as? String
        #expect(command == "animate hexagons --size 160x90 --fps 30 --frames 38..38 -o hexagons-38.png")

        // The pixels on screen are the frame's: read back through a canvas (the frame is opaque).
        let encoded = try browser.run("""
            const img = document.getElementById('frame');
            const c = document.createElement('canvas'); c.width = img.naturalWidth; c.height = img.naturalHeight;
            const g = c.getContext('2d'); g.drawImage(img, 0, 0);
            const d = g.getImageData(0, 0, c.width, c.height).data;
            let s = ''; for (let i = 0; i < d.length; i++) s += String.fromCharCode(d[i]);
            return [c.width, c.height, btoa(s)];
            """) as? [Any]
        let pixels = try #require(encoded.flatMap { ($0[2] as? String).flatMap { Data(base64Encoded: $0) } })
        #expect(encoded?[0] as? Int == 160 && encoded?[1] as? Int == 90)
        let request = try RenderRequest(scene: BuiltinScenes.named("hexagons")!, size: FrameSize(width: 160, height: 90),
                                        rate: FrameRate(numerator: 30)!, frames: .range(38, 38))
        var canvas = Bitmap(width: 160, height: 90)
        request.render(38, into: &canvas)
        #expect([UInt8](pixels) == canvas.rgba8())

        try browser.press("\u{E011}")                                   // Home
        try browser.waitUntil(seconds: 20) { try shown() == "0" }
        try browser.run("document.getElementById('scene').value = 'starfield'; document.getElementById('scene').dispatchEvent(new Event('change'));")
        try browser.waitUntil(seconds: 20) { (try browser.run("return document.getElementById('frame').dataset.scene") as? String) == "starfield" }
        try browser.run("const s = document.getElementById('scrubber'); s.value = 150; s.dispatchEvent(new Event('input'));")
        try browser.waitUntil(seconds: 20) { try shown() == "150" }
        try browser.screenshot().write(to: artifactDirectory().appendingPathComponent("preview-page.png"))
        #expect(preview.stop() == 0)
    }
}


@Suite(.serialized) struct PreviewSoundTests {
    /// The sound endpoint serves the render's own mix; the page loads it and plays the picture in
    /// step with it.
    @Test func thePagePlaysTheScenesSoundInStep() throws {
        let preview = try PreviewProcess(["preview", "angles", "--size", "160x90", "--fps", "30"])
        let (wav, status) = try fetch("\(preview.url)scenes/angles/sound.wav?fps=30")
        #expect(status == 200)
        let request = try RenderRequest(scene: BuiltinScenes.named("angles")!, rate: FrameRate(numerator: 30)!)
        #expect([UInt8](wav) == WAVFile.bytes(pcm: try #require(try request.audioMix()).pcm()))
        #expect(try fetch("\(preview.url)scenes/hexagons/sound.wav").1 == 204)
        #expect(try fetch("\(preview.url)scenes/angles/sound.wav?fps=0").1 == 400)

        let browser = try WebDriver()
        try browser.open(preview.url)
        try browser.waitUntil(seconds: 20) {
            try browser.run("const a = document.getElementById('sound'); return a.readyState >= 1 ? a.duration : null") as? Double != nil
        }
        let duration = try #require(try browser.run("return document.getElementById('sound').duration") as? Double)
        #expect(abs(duration - BuiltinScenes.named("angles")!.duration) < 0.05)
        #expect(try browser.run("return getComputedStyle(document.getElementById('mute')).display") as? String != "none")
        // Play: the sound runs and the frame on screen follows its clock.
        try browser.press(" ")
        try browser.waitUntil(seconds: 20) {
            (try browser.run("return document.getElementById('sound').currentTime") as? Double ?? 0) > 1
        }
        let step = try #require(try browser.run("""
            const a = document.getElementById('sound');
            return [a.paused, a.currentTime, parseInt(document.getElementById('scrubber').value, 10)];
            """) as? [Any])
        #expect(step[0] as? Bool == false)
        let time = try #require(step[1] as? Double), frame = try #require(step[2] as? Int)
        #expect(abs(Double(frame) / 30 - time) < 0.2, "frame \(frame) at \(time) s of sound")
        try browser.screenshot().write(to: artifactDirectory().appendingPathComponent("preview-sound.png"))
        // Pause stops the sound.
        try browser.press(" ")
        try browser.waitUntil(seconds: 5) { try browser.run("return document.getElementById('sound').paused") as? Bool == true }
        #expect(preview.stop() == 0)
    }
}

@Suite(.serialized) struct PreviewHostilePageTests {
    /// The peak memory of a process, in bytes (VmHWM).
    static func peakMemory(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return kb * 1024
    }

    /// A page on another site, opened in headless Chromium while a preview runs: its `<audio>`,
    /// `<img>`, `fetch` and `EventSource` requests (a day-long frame's sound, the largest frame,
    /// forty event streams) are all refused, the preview draws and mixes nothing for them, and it
    /// keeps serving its own page. The page is loaded both from a file (origin `null`) and from
    /// another port of localhost (same site, another origin).
    @Test func aPageOnAnotherSiteCannotMakeThePreviewWork() throws {
        let preview = try PreviewProcess(["preview", "angles", "--size", "160x90", "--fps", "30"])
        let target = "http://127.0.0.1:\(preview.port)"
        let folder = scratchDirectory()
        let page = folder.appendingPathComponent("hostile.html")
        try """
            <!doctype html><title>hostile</title><body><script>
            window.results = {};
            const target = \(String(reflecting: target));
            function probe(name, element, src) {
              const e = document.createElement(element);
              e.onerror = () => { results[name] = "error"; };
              e.onload = e.oncanplay = e.onloadeddata = () => { results[name] = "load"; };
              if (element === "audio") { e.preload = "auto"; e.autoplay = true; }
              e.src = src;
              document.body.appendChild(e);
            }
            probe("day-long sound", "audio", target + "/scenes/angles/sound.wav?fps=1/86400");
            probe("hours of sound", "audio", target + "/scenes/angles/sound.wav?fps=1/20000");
            probe("plain sound", "audio", target + "/scenes/angles/sound.wav?fps=30");
            probe("largest frame", "img", target + "/scenes/angles/frames/3.png?size=8192x8192");
            probe("plain frame", "img", target + "/scenes/angles/frames/3.png");
            fetch(target + "/scenes/angles/sound.wav?fps=1/86400", {mode: "no-cors"}).then(() => { results["fetch"] = "answered"; }, () => { results["fetch"] = "error"; });
            fetch(target + "/scenes").then((r) => { results["cors"] = "load " + r.status; }, () => { results["cors"] = "error"; });
            for (let i = 0; i < 40; i++) {
              const events = new EventSource(target + "/events");
              events.onopen = () => { results["events " + i] = "load"; events.close(); };
              events.onerror = () => { results["events " + i] = "error"; events.close(); };
            }
            </script></body>
            """.write(to: page, atomically: true, encoding: .utf8)
        // The same page from another origin on this machine (another port of localhost), for 60 s at most.
        let port = try freePort()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: try #require(which("python3")))
        server.arguments = ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", folder.path]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { kill(server.processIdentifier, SIGKILL) }
        let limit = DispatchWorkItem { kill(server.processIdentifier, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: limit)
        defer { limit.cancel() }

        let browser = try WebDriver()
        let probes = ["day-long sound", "hours of sound", "plain sound", "largest frame", "plain frame", "fetch", "cors"]
            + (0..<40).map { "events \($0)" }
        for url in [page.absoluteString, "http://localhost:\(port)/hostile.html"] {
            try browser.waitUntil(seconds: 20) { (try? fetch("http://localhost:\(port)/hostile.html").1) == 200 }
            try browser.open(url)
            var results: [String: String] = [:]
            try browser.waitUntil(seconds: 30) {
                results = (try browser.run("return window.results || {}") as? [String: String]) ?? [:]
                return probes.allSatisfy { results[$0] != nil }
            }
            for probe in probes where probe != "fetch" {
                #expect(results[probe] == "error", "\(url): \(probe) was \(results[probe] ?? "not answered")")
            }
            #expect(results["fetch"] != nil)                    // opaque: the page cannot tell, the server refused it
        }
        // Nothing was drawn or mixed for them: the preview's peak memory stayed that of a small
        // preview (a day of sound is 33 GB; the largest frame 256 MB), and it still serves its page.
        let peak = try #require(Self.peakMemory(of: preview.process.processIdentifier))
        #expect(peak < 200 << 20, "peak \(peak >> 20) MB")
        #expect(try fetch("\(preview.url)scenes/angles/frames/3.png").1 == 200)
        #expect(try fetch("\(preview.url)scenes/angles/sound.wav?fps=30").1 == 200)
        #expect(preview.stop() == 0)
    }
}
