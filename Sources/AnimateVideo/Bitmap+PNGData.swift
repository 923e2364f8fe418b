package import AnimateDrawing
package import Foundation

extension Bitmap {
    /// The bitmap as PNG bytes (straight alpha).
    package func pngData() throws -> Data {
        let bytes = rgba8()
        return Data(try bytes.withUnsafeBufferPointer { try PNGEncoder.encode(rgba: $0, width: width, height: height) })
    }
}
