/// Where a converted frame goes: the first byte and the bytes per row of each plane an encoder's
/// frame holds, in its order (Y, Cb, Cr, alpha; or one packed plane; or indices and palette).
package struct Planes {
    package var base: [UnsafeMutablePointer<UInt8>]
    package var strides: [Int]

    package init(base: [UnsafeMutablePointer<UInt8>], strides: [Int]) {
        self.base = base
        self.strides = strides
    }
}
