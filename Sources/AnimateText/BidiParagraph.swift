import CFriBidi

/// A paragraph's embedding levels by the Unicode Bidirectional Algorithm (FriBidi's): even levels
/// run left to right, odd ones right to left. Offsets count UTF-16 code units; both units of a
/// surrogate pair share their character's level.
package final class BidiParagraph {
    /// The number of code units.
    package let count: Int
    /// The paragraph's own level: 0 left to right, 1 right to left.
    package let level: UInt8
    private let scalars: [FriBidiChar]
    private let types: [FriBidiCharType]
    private let levels: [FriBidiLevel]
    /// The first code unit of each character, and the character of each code unit.
    private let unitOfScalar: [Int]
    private let scalarOfUnit: [Int]

    /// Resolves `text`, in `direction` or (nil) the direction of its first strong character.
    package init(_ text: UnsafeBufferPointer<UInt16>, direction: LayoutDirection?) {
        count = text.count
        var scalars: [FriBidiChar] = []
        var unitOfScalar: [Int] = []
        var scalarOfUnit = [Int](repeating: 0, count: text.count)
        scalars.reserveCapacity(text.count)
        var i = 0
        while i < text.count {
            var (value, width) = text.scalar(at: i)
            if (0xD800...0xDFFF).contains(value) { value = 0xFFFD }
            for k in 0..<width { scalarOfUnit[i + k] = scalars.count }
            unitOfScalar.append(i)
            scalars.append(value)
            i += width
        }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        var base: FriBidiParType
        switch direction {
        case nil: base = cfribidi_par_on()
        case .leftToRight?: base = cfribidi_par_ltr()
        case .rightToLeft?: base = cfribidi_par_rtl()
        }
        var resolved = false
        if !scalars.isEmpty {
            let n = FriBidiStrIndex(scalars.count)
            scalars.withUnsafeBufferPointer { s in
                types.withUnsafeMutableBufferPointer { t in
                    brackets.withUnsafeMutableBufferPointer { b in
                        levels.withUnsafeMutableBufferPointer { l in
                            fribidi_get_bidi_types(s.baseAddress, n, t.baseAddress)
                            fribidi_get_bracket_types(s.baseAddress, n, t.baseAddress, b.baseAddress)
                            resolved = fribidi_get_par_embedding_levels_ex(t.baseAddress, b.baseAddress, n, &base, l.baseAddress) != 0
                        }
                    }
                }
            }
        }
        let rtl = resolved ? base == cfribidi_par_rtl() : direction == .rightToLeft
        level = rtl ? 1 : 0
        if !resolved { levels = [FriBidiLevel](repeating: FriBidiLevel(level), count: scalars.count) }
        self.scalars = scalars
        self.types = types
        self.levels = levels
        self.unitOfScalar = unitOfScalar
        self.scalarOfUnit = scalarOfUnit
    }

    /// Levels of the code units in `range` laid out as one line (rule L1: whitespace and isolate
    /// controls at its end take the paragraph's level). `range` must start and end on characters.
    package func lineLevels(_ range: Range<Int>) -> [UInt8] {
        guard !range.isEmpty, range.upperBound <= count else { return [] }
        let first = scalarOfUnit[range.lowerBound]
        let end = range.upperBound == count ? scalars.count : scalarOfUnit[range.upperBound]
        // Only the line's own levels are copied and reset: the cost is the line's, not the paragraph's.
        var line = Array(levels[first..<end])
        let base = level == 1 ? cfribidi_par_rtl() : cfribidi_par_ltr()
        let ok = types.withUnsafeBufferPointer { t in
            line.withUnsafeMutableBufferPointer { l in
                fribidi_reorder_line(0, t.baseAddress! + first, FriBidiStrIndex(end - first), 0, base,
                                     l.baseAddress, nil, nil) != 0
            }
        }
        var result = [UInt8](repeating: level, count: range.count)
        guard ok else { return result }
        for u in range { result[u - range.lowerBound] = UInt8(clamping: line[scalarOfUnit[u] - first]) }
        return result
    }

    /// The visual order of items at `levels` (rule L2): from the highest level down to the lowest
    /// odd one, every maximal sequence at that level or above is reversed.
    package static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowest = levels.min() else { return order }
        let lowestOdd = lowest | 1
        guard highest >= lowestOdd else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var end = i
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[i..<end].reverse()
                i = end
            }
            level -= 1
        }
        return order
    }

    /// Whether rule X9 removes `scalar` from display (embeddings, overrides, PDF, boundary neutrals).
    package static func isRemovedByX9(_ scalar: Unicode.Scalar) -> Bool {
        cfribidi_is_removed_by_x9(fribidi_get_bidi_type(scalar.value)) != 0
    }
}

/// The direction a paragraph runs, as SwiftUI's `LayoutDirection`.
public enum LayoutDirection: Sendable, Hashable {
    case leftToRight, rightToLeft
}
