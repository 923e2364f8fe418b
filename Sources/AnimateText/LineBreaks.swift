import CICU

/// Where lines may end in a paragraph, by UAX #14 with ICU's dictionaries for scripts written
/// without spaces (Thai, Lao, Khmer, Burmese). Offsets count UTF-16 code units.
package struct LineBreaks {
    /// Offsets after which a line may end, ascending; the text's end is the last.
    package let offsets: [Int]
    /// Whether the line must end there (a line separator, or the paragraph's end).
    package let hard: [Bool]

    package init(_ text: UnsafeBufferPointer<UInt16>, locale: String = "") {
        guard !text.isEmpty else { offsets = [0]; hard = [true]; return }
        var found = [Int32](repeating: 0, count: text.count + 1)
        var must = [UInt8](repeating: 0, count: text.count + 1)
        let count = locale.withCString { name in
            found.withUnsafeMutableBufferPointer { o in
                must.withUnsafeMutableBufferPointer { h in
                    animate_line_breaks(text.baseAddress, Int32(text.count), name, o.baseAddress, h.baseAddress, Int32(text.count + 1))
                }
            }
        }
        if count <= 0 {
            // Without ICU's answer, a line may end only where the text does.
            offsets = [text.count]
            hard = [true]
        } else {
            offsets = found[..<Int(count)].map(Int.init)
            hard = must[..<Int(count)].map { $0 != 0 }
        }
    }
}
