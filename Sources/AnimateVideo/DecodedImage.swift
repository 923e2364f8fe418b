/// A decoded picture: straight RGBA8, rows top to bottom, within `ImageDecoder`'s limits.
package struct DecodedImage: Sendable {
    package let rgba: [UInt8]
    package let width: Int
    package let height: Int
}
