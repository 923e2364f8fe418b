import CFFmpeg
package import Foundation

/// Decodes PNG and JPEG files with FFmpeg's decoders.
///
/// The file is read by us and handed to the decoder as bytes, so FFmpeg never opens a path or
/// URL: only local files can be read, whatever the name looks like (`http:`, `concat:` ...).
package enum ImageDecoder {
    /// Largest accepted file, to refuse absurd inputs before decoding.
    package static let maximumFileSize = 256 << 20

    /// The widest and tallest picture accepted, in pixels.
    package static let maximumSide = 16384
    /// The most pixels a picture may have (each costs about 9 bytes once decoded and mipmapped).
    package static let maximumPixels = 100_000_000
    /// Bytes a pixel costs at the peak of decoding and drawing a picture: the decoder's frame
    /// (up to 8, for 16-bit PNG), the RGBA copy (4) and the smaller mipmapped levels drawing uses
    /// (a third of the pixels at 16 bytes each).
    static let bytesPerPixel = 18

    /// Width and height from a PNG's IHDR or a JPEG's start-of-frame segment; nil when not found.
    static func headerSize(_ b: [UInt8]) -> (Int, Int)? {
        func be16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        if b.count >= 24, b.starts(with: [0x89, 0x50, 0x4E, 0x47]), b[12...15].elementsEqual("IHDR".utf8) {
            return (be32(16), be32(20))
        }
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            // Start of frame: every SOFn but DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
                return (be16(i + 7), be16(i + 5))
            }
            i += 2 + be16(i + 2)
        }
        return nil
    }

    static func isJPEG(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0xFF, 0xD8, 0xFF]) }

    /// The most halvings (at most three, as JPEG decoders offer) that keep the shorter side of a
    /// `width x height` picture at least `shorterSide`.
    static func reduction(width: Int, height: Int, shorterSide: Int?) -> Int {
        guard let shorterSide, shorterSide > 0 else { return 0 }
        var n = 0
        while n < 3 && min(width, height) >> (n + 1) >= shorterSide { n += 1 }
        return n
    }

    /// The size in the header of the PNG or JPEG file at `url`, checked as decoding would check it
    /// (a local readable file, sides and pixels within bounds, memory for one decode) without
    /// decoding it; nil when the header's size is not within the file's first megabyte.
    package static func size(ofFileAt url: URL, shorterSide: Int? = nil) throws -> (width: Int, height: Int)? {
        let path = url.path
        func fail(_ reason: ImageError.Reason) -> ImageError { ImageError(path: path, reason) }
        let size = try checkedFileSize(url)
        guard size > 0 else { throw fail(.empty) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw fail(.readFailed("cannot open it")) }
        defer { try? handle.close() }
        var bytes: [UInt8] = []
        var found: (Int, Int)?
        while bytes.count < min(size, 1 << 20) {
            let chunk = (try? handle.read(upToCount: bytes.isEmpty ? 4096 : bytes.count)) ?? nil
            guard let chunk, !chunk.isEmpty else { break }
            bytes += chunk
            if let header = headerSize(bytes) { found = header; break }
        }
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) || isJPEG(bytes) else { throw fail(.notPNGOrJPEG) }
        guard let (w, h) = found else { return nil }
        _ = try checkHeader(width: w, height: h, jpeg: isJPEG(bytes), shorterSide: shorterSide, path: path)
        return (w, h)
    }

    /// The size of the local file at `url`, refused when it is no regular local file or too large
    /// (a pipe or device would block or never end: pictures are files).
    static func checkedFileSize(_ url: URL) throws -> Int {
        func fail(_ reason: ImageError.Reason) -> ImageError { ImageError(path: url.path, reason) }
        guard url.isFileURL else { throw fail(.notLocal) }
        if let problem = InputFile.problem(at: url.path) { throw fail(.file(problem)) }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= maximumFileSize else { throw fail(.fileTooLarge(megabytes: maximumFileSize >> 20)) }
        return size
    }

    /// Checks a header's size against the limits and the memory a decode needs; returns the
    /// halvings a JPEG is decoded with.
    static func checkHeader(width w: Int, height h: Int, jpeg: Bool, shorterSide: Int?, path: String) throws -> Int {
        func fail(_ reason: ImageError.Reason) -> ImageError { ImageError(path: path, reason) }
        guard w > 0, h > 0 else { throw fail(.noSizeInHeader(width: w, height: h)) }
        guard w <= maximumSide, h <= maximumSide else { throw fail(.tooWide(width: w, height: h, maximumSide: maximumSide)) }
        guard w * h <= maximumPixels else {
            throw fail(.tooManyPixels(width: w, height: h, maximumMegapixels: maximumPixels / 1_000_000))
        }
        let scale = jpeg ? reduction(width: w, height: h, shorterSide: shorterSide) : 0
        do { try MemoryBudget.check((w >> scale + 1) * (h >> scale + 1) * bytesPerPixel) } catch {
            throw fail(.notEnoughMemory(width: w, height: h, needed: error.needed, available: error.available))
        }
        return scale
    }

    /// Decodes the image at `url` to straight RGBA; with `shorterSide`, a JPEG much larger than
    /// that is decoded at a half, quarter or eighth of its size (its shorter side kept at least
    /// `shorterSide`), which is faster and smaller than decoding it whole to shrink it after.
    package static func decode(contentsOf url: URL, shorterSide: Int? = nil) throws -> DecodedImage {
        let path = url.path
        func fail(_ reason: ImageError.Reason) -> ImageError { ImageError(path: path, reason) }
        // Too large a file is refused before any of it is read.
        _ = try checkedFileSize(url)
        let data: Data
        do { data = try Data(contentsOf: url, options: .mappedIfSafe) } catch { throw fail(.readFailed(error.localizedDescription)) }
        guard data.count <= maximumFileSize else { throw fail(.fileTooLarge(megabytes: maximumFileSize >> 20)) }
        return try decode([UInt8](data), path: path, shorterSide: shorterSide)
    }

    /// Decodes PNG or JPEG bytes; `path` names the source in errors.
    package static func decode(_ bytes: [UInt8], path: String = "<memory>", shorterSide: Int? = nil) throws -> DecodedImage {
        func fail(_ reason: ImageError.Reason) -> ImageError { ImageError(path: path, reason) }
        /// FFmpeg's verdict on `code`, as an image error with `reason` (and FFmpeg's words when `detailed`).
        func check(_ code: Int32, _ reason: String, detailed: Bool = false) throws {
            do { try FFmpegError.check(code, reason) } catch let error as FFmpegError {
                throw fail(.decoderRefused(reason, ffmpeg: detailed ? error.message : nil))
            }
        }
        FFmpegLibrary.setUp()
        // The size is read from the header before anything is decoded.
        var scale = 0
        if let (w, h) = headerSize(bytes) {
            scale = try checkHeader(width: w, height: h, jpeg: isJPEG(bytes), shorterSide: shorterSide, path: path)
        }
        let codecID: AVCodecID
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            codecID = AV_CODEC_ID_PNG
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            codecID = AV_CODEC_ID_MJPEG
        } else {
            throw fail(bytes.isEmpty ? .empty : .notPNGOrJPEG)
        }
        guard let decoder = avcodec_find_decoder(codecID) else { throw fail(.noDecoder) }
        var context = avcodec_alloc_context3(decoder)
        defer { avcodec_free_context(&context) }
        guard let ctx = context else { throw fail(.outOfMemory) }
        ctx.pointee.thread_count = 1
        // JPEG's DCT decodes at 1/2^scale of the size directly.
        if codecID == AV_CODEC_ID_MJPEG { ctx.pointee.lowres = Int32(scale) }
        try check(avcodec_open2(ctx, decoder, nil), "cannot open the decoder")
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        guard let pkt = packet, let frm = frame else { throw fail(.outOfMemory) }
        // The decoder reads up to AV_INPUT_BUFFER_PADDING_SIZE bytes past the end: give it zeroed padding.
        try check(av_new_packet(pkt, Int32(bytes.count)), "out of memory")
        bytes.withUnsafeBufferPointer { pkt.pointee.data.update(from: $0.baseAddress!, count: bytes.count) }
        let corrupt = "the data is corrupt or truncated"
        try check(avcodec_send_packet(ctx, pkt), corrupt, detailed: true)
        try check(avcodec_send_packet(ctx, nil), corrupt, detailed: true)
        try check(avcodec_receive_frame(ctx, frm), corrupt, detailed: true)
        let width = Int(frm.pointee.width), height = Int(frm.pointee.height)
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else { throw fail(.unsupportedSize(width: Int(width), height: Int(height))) }
        var format = AVPixelFormat(rawValue: frm.pointee.format)
        // JPEG decodes to full-range "J" formats; tell swscale the range explicitly instead.
        var sourceRange: Int32 = 0
        switch format {
        case AV_PIX_FMT_YUVJ420P: format = AV_PIX_FMT_YUV420P; sourceRange = 1
        case AV_PIX_FMT_YUVJ422P: format = AV_PIX_FMT_YUV422P; sourceRange = 1
        case AV_PIX_FMT_YUVJ444P: format = AV_PIX_FMT_YUV444P; sourceRange = 1
        case AV_PIX_FMT_YUVJ440P: format = AV_PIX_FMT_YUV440P; sourceRange = 1
        default: break
        }
        guard let sws = sws_getContext(Int32(width), Int32(height), format, Int32(width), Int32(height), AV_PIX_FMT_RGBA,
                                       SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP, nil, nil, nil) else {
            throw fail(.unsupportedPixelFormat(String(cString: av_get_pix_fmt_name(format) ?? av_get_pix_fmt_name(AV_PIX_FMT_NONE))))
        }
        defer { sws_freeContext(sws) }
        if codecID == AV_CODEC_ID_MJPEG {
            // JPEG (JFIF) uses BT.601 coefficients, full range.
            let bt601 = sws_getCoefficients(SWS_CS_ITU601)
            sws_setColorspaceDetails(sws, bt601, sourceRange, bt601, 1, 0, 1 << 16, 1 << 16)
        }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let rows: Int32 = rgba.withUnsafeMutableBufferPointer { out in
            var dst: [UnsafeMutablePointer<UInt8>?] = [out.baseAddress, nil, nil, nil]
            var dstStride: [Int32] = [Int32(width * 4), 0, 0, 0]
            return withPlanes(of: frm) { data, lines in
                sws_scale(sws, UnsafeRawPointer(data).assumingMemoryBound(to: UnsafePointer<UInt8>?.self), lines,
                          0, Int32(height), &dst, &dstStride)
            }
        }
        guard rows == Int32(height) else { throw fail(.conversionFailed) }
        return DecodedImage(rgba: rgba, width: width, height: height)
    }
}
