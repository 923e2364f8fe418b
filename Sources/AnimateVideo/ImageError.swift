/// A picture, or a folder of pictures, that cannot be read. `description` is the one line a user
/// reads: "cannot read image PATH: REASON".
public struct ImageError: Error, CustomStringConvertible, Sendable, Equatable {
    public let path: String
    public let reason: Reason

    /// Why.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        case notLocal
        case file(InputFileProblem)
        case fileTooLarge(megabytes: Int)
        /// Foundation's description of the failed read.
        case readFailed(String)
        case empty
        case notPNGOrJPEG
        case noSizeInHeader(width: Int, height: Int)
        case tooWide(width: Int, height: Int, maximumSide: Int)
        case tooManyPixels(width: Int, height: Int, maximumMegapixels: Int)
        case unsupportedSize(width: Int, height: Int)
        case unsupportedPixelFormat(String)
        case noDecoder
        case outOfMemory
        /// FFmpeg refused the data: what we were doing, and FFmpeg's own words when they help.
        case decoderRefused(String, ffmpeg: String?)
        case conversionFailed
        case tooLargeToDraw(width: Int, height: Int)
        /// A picture that would not fit in the memory this process may use, with the figures.
        case notEnoughMemory(width: Int, height: Int, needed: Int, available: Int)
        case notAFolder
        case folderWithoutPictures

        public var description: String {
            switch self {
            case .notLocal: "only local files can be read"
            case .file(let problem): problem.description
            case .fileTooLarge(let megabytes): "file is larger than \(megabytes) MB"
            case .readFailed(let text): text
            case .empty: "the file is empty"
            case .notPNGOrJPEG: "not a PNG or JPEG file"
            case let .noSizeInHeader(w, h): "the header gives no size (\(w)x\(h))"
            case let .tooWide(w, h, side): "it is \(w)x\(h); pictures may be at most \(side) pixels a side"
            case let .tooManyPixels(w, h, most): "it is \(w)x\(h), \(w * h / 1_000_000) megapixels; pictures may have at most \(most)"
            case let .unsupportedSize(w, h): "unsupported size \(w)x\(h)"
            case .unsupportedPixelFormat(let name): "unsupported pixel format \(name)"
            case .noDecoder: "FFmpeg has no decoder for it"
            case .outOfMemory: "out of memory"
            case let .decoderRefused(what, ffmpeg): ffmpeg.map { "\(what) (\($0))" } ?? what
            case .conversionFailed: "conversion to RGBA failed"
            case let .tooLargeToDraw(w, h): "\(w)x\(h) is larger than an image can be drawn"
            case let .notEnoughMemory(w, h, needed, available):
                "it is \(w)x\(h), which needs about \(needed >> 20) MB to decode and draw, more than the \(available >> 20) MB this process may use"
            case .notAFolder: "--images needs a folder of PNG or JPEG files, and this is not a folder"
            case .folderWithoutPictures: "the folder has no .png, .jpg or .jpeg files"
            }
        }
    }

    public var description: String { "cannot read image \(path): \(reason)" }

    /// An error about the image file at `path`.
    public init(path: String, _ reason: Reason) { self.path = path; self.reason = reason }
}
