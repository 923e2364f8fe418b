/// A decoded picture: straight RGBA8, rows top to bottom, within `ImageDecoder`'s limits.
public struct DecodedImage: Sendable {
    public let rgba: [UInt8]
    public let width: Int
    public let height: Int
}
