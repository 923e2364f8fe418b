import Animate
import AnimateTestSupport
import Foundation
import Testing

/// Pictures are sized from their header before anything is decoded, and odd files get our own one-line reasons.
@Suite struct ImageLimitTests {
    /// A PNG whose header claims `width` x `height` (no pixel data follows).
    func pngHeader(_ width: UInt32, _ height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0] + be(0)
    }

    @Test func oversizedPicturesAreRefusedFromTheirHeader() {
        #expect(throws: ImageError(path: "wide.png", .tooWide(width: 60000, height: 100, maximumSide: 16384))) {
            try ImageDecoder.decode(pngHeader(60000, 100), path: "wide.png")
        }
        #expect(throws: ImageError(path: "big.png", .tooManyPixels(width: 12000, height: 12000, maximumMegapixels: 100))) {
            try ImageDecoder.decode(pngHeader(12000, 12000), path: "big.png")
        }
        // A JPEG's size comes from its start-of-frame segment: a 640x480 JPEG decodes at that size.
        var canvas = Bitmap(width: 8, height: 8)
        canvas.clear(.red)
        let jpeg = try? canvas.withPremultipliedBytes { try JPEGEncoder.encode(premultipliedRGBA: $0, width: 8, height: 8) }
        #expect((try? ImageDecoder.decode(jpeg ?? [])).map { ($0.width, $0.height) } ?? (0, 0) == (8, 8))
        // ... and a JPEG claiming 20000 rows is refused before decoding.
        if var bytes = jpeg, let sof = (0..<(bytes.count - 9)).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) {
            bytes[sof + 5] = UInt8(20000 >> 8); bytes[sof + 6] = UInt8(20000 & 0xFF)
            #expect(throws: ImageError(path: "tall.jpg", .tooWide(width: 8, height: 20000, maximumSide: 16384))) {
                try ImageDecoder.decode(bytes, path: "tall.jpg")
            }
        } else {
            Issue.record("no JPEG start-of-frame found")
        }
    }

    /// Under an address-space limit, a 100-megapixel picture (a few hundred kB of PNG) is
    /// refused with its figures before it is decoded, and a sound at 1 Hz (hours at 48 kHz) is
    /// read only as far as the render needs, or refused with figures: never an abort.
    @Test func largeDecodesArePlannedAgainstTheMemory() async throws {
        let dir = scratchDirectory()
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        // 10000x10000 black RGB, deflated: every row is a filter byte and zeros.
        let python = try #require(which("python3"))
        let made = try await run(python, ["-c", """
            import zlib, struct, sys
            rows = zlib.compressobj(9)
            data = b''.join(rows.compress(bytes(1 + 30000)) for _ in range(10000)) + rows.flush()
            def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
            open(sys.argv[1], 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 10000, 10000, 8, 2, 0, 0, 0)) + chunk(b'IDAT', data) + chunk(b'IEND', b''))
            """, photos.appendingPathComponent("big.png").path])
        #expect(made.status == 0, "\(made.stderr)")
        func limited(_ arguments: String) async throws -> (status: Int32, stdout: String, stderr: String) {
            try await run("/bin/sh", ["-c", "ulimit -v 1500000; exec \"$0\" \(arguments)", animateBinary()], currentDirectory: dir)
        }
        var r = try await limited("carousel --size 160x90 --frames 0..2 --images photos -o c.mp4 --quiet")
        #expect(r.status == 1 && r.stderr.hasPrefix("error: cannot read image \(photos.path)/big.png: it is 10000x10000, which needs about ")
                && r.stderr.contains(" MB to decode and draw, more than the "), "\(r.stderr)")
        // 20000 samples at 1 Hz: 5.5 hours at 48 kHz.
        var wav = Data("RIFF".utf8)
        func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        let samples = (0..<20000).flatMap { le16(UInt16(truncatingIfNeeded: ($0 * 37) % 2000 - 1000)) }
        wav += le32(36 + UInt32(samples.count)) + Array("WAVEfmt ".utf8) + le32(16) + le16(1) + le16(1) + le32(1) + le32(2) + le16(2) + le16(16)
        wav += Array("data".utf8) + le32(UInt32(samples.count)) + samples
        try wav.write(to: dir.appendingPathComponent("slow.wav"))
        r = try await limited("hexagons --size 160x90 --fps 2 --duration 2 --audio slow.wav -o short.mp4 --quiet")
        #expect(r.status == 0, "the first 2 s are read, not the file: \(r.stderr)")
        r = try await limited("hexagons --size 160x90 --duration 30000 --frames 0..9 --audio slow.wav --audio-offset -19000 -o long.mp4 --quiet")
        #expect(r.status == 1 && r.stderr.hasPrefix("error: cannot read sound slow.wav: ") && r.stderr.contains(" MB at 48 kHz, more than the "), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["photos", "short.mp4", "slow.wav"])
    }

    /// A JPEG far larger than the frames is decoded at a half, quarter or eighth of its size by
    /// the JPEG decoder itself, its shorter side kept at least what the frames show.
    @Test func largeJPEGsAreDecodedReduced() throws {
        var canvas = Bitmap(width: 800, height: 600)
        canvas.clear(.orange)
        let jpeg = try canvas.withPremultipliedBytes { try JPEGEncoder.encode(premultipliedRGBA: $0, width: 800, height: 600) }
        let cases: [(Int?, Int, Int)] = [(nil, 800, 600), (1000, 800, 600), (300, 400, 300), (100, 200, 150), (10, 100, 75)]
        for (side, width, height) in cases {
            let image = try ImageDecoder.decode(jpeg, path: "big.jpg", shorterSide: side)
            #expect((image.width, image.height) == (width, height), "shorter side \(side ?? 0)")
            // The colour survives the reduced decode.
            #expect(abs(Int(image.rgba[4 * (image.width * image.height / 2)]) - 255) <= 3)
        }
    }

    @Test func pipesAreRefusedInsteadOfReadForever() throws {
        let dir = scratchDirectory()
        let fifo = dir.appendingPathComponent("photo.png")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: ImageError(path: fifo.path, .file(.notRegular))) { try Image(contentsOf: fifo) }
    }
}

/// Pictures are kept at the size the render's frames can show, in render and preview alike.
@Suite(.serialized) struct ImageFittingTests {
    @Test func picturesAreBroughtDownToWhatAFrameShows() throws {
        var canvas = Bitmap(width: 800, height: 600)
        canvas.clear(Color(red: 0.2, green: 0.5, blue: 0.8))
        let photo = try #require(Image(rgba: canvas.rgba8(), width: 800, height: 600))
        let fitted = photo.fitting(frameSide: 320)
        #expect(fitted.width == 427 && fitted.height == 320)
        #expect(Array(fitted.rgba[0..<4]) == Array(photo.rgba[0..<4]))   // a flat colour stays the same colour
        #expect(photo.fitting(frameSide: 1920).width == 800)             // never brought up
        let dir = scratchDirectory()
        try canvas.writePNG(to: dir.appendingPathComponent("a.png"))
        let inputs = try SceneInputs(imagesIn: dir, frameSide: 320)
        #expect(inputs.images.map(\.width) == [427])
    }

    /// A folder is read on every core, but the pictures come in name order, a failure names the
    /// first bad file in that order, progress counts every picture, and a cancel stops the reading.
    @Test func aFolderIsReadInNameOrderWithProgress() throws {
        let dir = scratchDirectory()
        var expected: [Image] = []
        for k in 0..<24 {
            var canvas = Bitmap(width: 40 + k, height: 30)
            canvas.clear(Color(red: Double(k) / 24, green: 0.5, blue: 1 - Double(k) / 24))
            let name = String(format: "p%02d.png", k)
            try canvas.writePNG(to: dir.appendingPathComponent(name))
            expected.append(try Image(contentsOf: dir.appendingPathComponent(name)))
        }
        final class Counter: RenderProgress, @unchecked Sendable {
            var total = 0, done: [Int] = [], ended = false
            func started(total: Int) { self.total = total }
            func advanced(done: Int, total: Int) { self.done.append(done) }
            func finished() { ended = true }
        }
        let counter = Counter()
        let inputs = try SceneInputs(imagesIn: dir, fitting: nil, progress: counter)
        #expect(inputs.images == expected)
        #expect(counter.total == 24 && counter.done == Array(1...24) && counter.ended)
        try Data("not a picture".utf8).write(to: dir.appendingPathComponent("p19.png"))
        try Data().write(to: dir.appendingPathComponent("p07.png"))
        for _ in 0..<5 {
            #expect { try SceneInputs(imagesIn: dir, fitting: nil) } throws: { error in
                "\(error)".contains("p07.png")
            }
        }
        #expect(throws: CancellationError.self) { try SceneInputs(imagesIn: dir, fitting: nil, isCancelled: { true }) }
    }

    @Test func previewFramesWithPicturesAreRendersBytes() async throws {
        let dir = scratchDirectory()
        let pictures = dir.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        for (k, color) in [Color.orange, .teal].enumerated() {
            var canvas = Bitmap(width: 900, height: 700)
            canvas.draw { c, size in
                c.fill(Path(CGRect(origin: .zero, size: size)), with: .color(color))
                c.fill(Path(ellipseIn: CGRect(x: 200, y: 150, width: 500, height: 400)), with: .color(.white))
            }
            try canvas.writePNG(to: pictures.appendingPathComponent("p\(k).png"))
        }
        let preview = try PreviewProcess(["preview", "carousel", "--images", pictures.path])
        let (png, status) = try fetch("\(preview.url)scenes/carousel/frames/40.png?size=160x90&fps=30")
        #expect(status == 200)
        let r = try await run(animateBinary(), ["carousel", "--images", pictures.path, "--size", "160x90", "--fps", "30", "--frames", "40..40",
                                          "-o", "x.png", "--quiet"], currentDirectory: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(png == (try Data(contentsOf: dir.appendingPathComponent("x.png"))))
        #expect(preview.stop() == 0)
    }
}
