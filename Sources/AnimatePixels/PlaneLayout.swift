/// How an encoder stores a frame's samples, which says which conversion fills its planes.
package enum PlaneLayout {
    /// BT.709 limited-range Y'CbCr, 8- or 10-bit (stored in 16), 4:2:0 or 4:4:4.
    case yuv(subsampled: Bool, tenBit: Bool)
    /// Straight-alpha Y'CbCr with an alpha plane: 8-bit 4:2:0 (VP9) or 10-bit 4:4:4 (ProRes 4444).
    case yuva(subsampled: Bool)
    /// Straight-alpha RGBA (APNG) or BGRA (WebP), one packed plane.
    case straight(bgra: Bool)
    /// Indices into a GIF palette, with the palette itself as the second plane.
    case palette(GIFPalette)
}
