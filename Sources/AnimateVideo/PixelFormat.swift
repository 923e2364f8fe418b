import CFFmpeg

/// How a Y'CbCr video stores its samples: chroma resolution and bits a sample.
public enum PixelFormat: String, Sendable, CaseIterable {
    /// 8-bit 4:2:0: plays everywhere.
    case yuv420p
    /// 8-bit 4:4:4: crisp coloured hairlines; plays in fewer browsers and players.
    case yuv444p
    /// 10-bit 4:2:0: smoother gradients (HEVC Main 10, VP9 profile 2, AV1 Main; H.264 High 10
    /// plays in few players).
    case yuv420p10le
    /// 10-bit 4:4:4.
    case yuv444p10le

    /// Whether chroma has half the width and height.
    public var isSubsampled: Bool { self == .yuv420p || self == .yuv420p10le }
    /// Whether samples take 10 bits (stored in 16).
    public var isTenBit: Bool { self == .yuv420p10le || self == .yuv444p10le }
}

extension PixelFormat {
    /// FFmpeg's name for it.
    var avPixelFormat: AVPixelFormat {
        switch self {
        case .yuv420p: AV_PIX_FMT_YUV420P
        case .yuv444p: AV_PIX_FMT_YUV444P
        case .yuv420p10le: AV_PIX_FMT_YUV420P10LE
        case .yuv444p10le: AV_PIX_FMT_YUV444P10LE
        }
    }
}
