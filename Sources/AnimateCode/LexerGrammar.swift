/// A language's lexer as Pygments declares one: named states, each an ordered list of rules;
/// at each position the first rule whose pattern matches takes its bytes as its token kind and
/// may enter or leave a state. When none matches, one character is taken as Pygments takes it
/// (a newline as whitespace, anything else as an error). The patterns are the handful lexers
/// need (literals, character classes, word lists, quoted and nested spans, the rest of a line),
/// so a language is a short declaration and lexing stays linear: every rule that matches takes
/// at least one byte.
struct LexerGrammar: Sendable {
    /// The rules of every state, one after another (the first state is the one lexing starts
    /// in; rules refer to others by index).
    private let rules: [Rule]
    /// For each state and first byte, where its candidates start in `candidates`: the rules that
    /// can match there, in order (most rules are never tried at a byte that cannot start them).
    private let candidateStarts: [Int32]
    private let candidates: [Int32]

    init(_ states: [[Rule]]) {
        rules = states.flatMap { $0 }
        var starts: [Int32] = [], list: [Int32] = []
        var offset = 0
        for state in states {
            for byte in 0...255 {
                starts.append(Int32(list.count))
                for (i, rule) in state.enumerated() where rule.pattern.firstBytes.contains(UInt8(byte)) { list.append(Int32(offset + i)) }
            }
            offset += state.count
        }
        starts.append(Int32(list.count))
        candidateStarts = starts
        candidates = list
    }

    /// One grammar rule: what to match, then what it is and where the lexer goes.
    struct Rule: Sendable {
        let pattern: Pattern
        let kind: TokenKind
        let next: Transition

        init(_ pattern: Pattern, _ kind: TokenKind, _ next: Transition = .stay) {
            self.pattern = pattern; self.kind = kind; self.next = next
        }
    }

    /// Where the lexer goes after a rule matched.
    enum Transition: Sendable, Equatable {
        case stay
        case push(Int)
        case pop
    }

    /// How a quoted span treats the characters inside it.
    enum Escape: Sendable, Equatable {
        /// A backslash takes the character after it (`\"`).
        case backslash
        /// The closing quote written twice stands for itself (SQL's `''`).
        case doubled
        case none
    }

    /// What a rule matches at the position.
    indirect enum Pattern: Sendable {
        /// These exact bytes.
        case literal(ByteString)
        /// The first of these byte strings that is there (list longer ones first).
        case anyOf([ByteString])
        /// One character of the set (a non-ASCII character whole).
        case one(ByteSet)
        /// A first byte of `first`, then as many of `rest` as follow.
        case run(first: ByteSet, rest: ByteSet)
        /// A word (a run of `first` then `rest`) that is in `words`, compared in upper case when
        /// `ignoringCase`; with `followedBy`, only when that byte comes right after it.
        case word(WordSet, first: ByteSet, rest: ByteSet, ignoringCase: Bool, followedBy: UInt8?)
        /// From `open` to the `close` byte; `unclosed` says whether a span the line or source
        /// ends before closing still matches (to where it stopped). With `stopsAtNewline`, a
        /// newline ends it unclosed. `followedBy` asks for bytes after it, past whitespace.
        case quoted(open: ByteString, close: UInt8, escape: Escape, stopsAtNewline: Bool, unclosed: Bool, followedBy: ByteString?)
        /// From `open` to its `close`, counting inner `open`s when `nested`; to the end when not closed.
        case delimited(open: ByteString, close: ByteString, nested: Bool)
        /// From `prefix` to the end of the line, the newline too when `includingNewline`.
        case restOfLine(prefix: ByteString, includingNewline: Bool)
        /// A form too particular for the others (a language's numbers, say), as Pygments' lexers
        /// call a function: it starts with a byte of `first` and says where it ends, and what
        /// it is when that is not the rule's kind.
        case custom(first: ByteSet, Scan)
    }

    /// A custom pattern: where the form at the scanner's position ends and its kind (nil: the
    /// rule's), or nil when it is not there.
    typealias Scan = @Sendable (SourceScanner) -> (end: Int, kind: TokenKind?)?

    /// Lexes `source`; the tokens' texts rebuild it exactly.
    func tokens(_ source: String) -> [CodeToken] {
        var s = SourceScanner(source)
        var stack = [0]
        var upper: [UInt8] = []
        var idle = 0
        let bytes = s.bytes
        bytes.withUnsafeBufferPointer { buffer in
            rules.withUnsafeBufferPointer { rules in
                candidateStarts.withUnsafeBufferPointer { starts in
                    candidates.withUnsafeBufferPointer { candidates in
                        scan: while s.position < buffer.count {
                            let before = s.position
                            if idle < 16 {
                                let slot = stack[stack.count - 1] << 8 | Int(buffer[before])
                                for k in Int(starts[slot])..<Int(starts[slot + 1]) {
                                    let rule = rules[Int(candidates[k])]
                                    guard let (end, kind) = Self.match(rule.pattern, in: buffer, at: before, scanner: s, upper: &upper) else { continue }
                                    s.position = end
                                    s.emit(kind ?? rule.kind, from: before)
                                    switch rule.next {
                                    case .stay: break
                                    case .push(let state): stack.append(state)
                                    case .pop: if stack.count > 1 { stack.removeLast() }
                                    }
                                    idle = s.position == before ? idle + 1 : 0
                                    continue scan
                                }
                            }
                            idle = 0
                            if buffer[before] == 0x0A { stack = [0]; s.single(.whitespace) } else { s.single(.error) }
                        }
                    }
                }
            }
        }
        return s.tokens
    }

    /// Where `pattern` ends when it matches at `start` (and its kind, for a custom pattern that
    /// says), or nil.
    static func match(_ pattern: Pattern, in bytes: UnsafeBufferPointer<UInt8>, at start: Int, scanner: SourceScanner,
                      upper: inout [UInt8]) -> (Int, TokenKind?)? {
        if case let .custom(first, scan) = pattern {
            guard first.contains(bytes[start]), let found = scan(scanner), found.end > start else { return nil }
            return (found.end, found.kind)
        }
        return end(of: pattern, in: bytes, at: start, upper: &upper).map { ($0, nil) }
    }

    /// Whether `text` is at `i`.
    @inline(__always) private static func has(_ text: ByteString, in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard i + text.count <= bytes.count else { return false }
        for k in 0..<text.count where bytes[i + k] != text[k] { return false }
        return true
    }

    private static func end(of pattern: Pattern, in bytes: UnsafeBufferPointer<UInt8>, at start: Int, upper: inout [UInt8]) -> Int? {
        let count = bytes.count
        switch pattern {
        case .custom:
            return nil
        case .anyOf(let texts):
            for text in texts where has(text, in: bytes, at: start) { return start + text.count }
            return nil
        case .literal(let text):
            return has(text, in: bytes, at: start) ? start + text.count : nil
        case .one(let set):
            guard set.contains(bytes[start]) else { return nil }
            var j = start + 1
            if bytes[start] >= 0x80 { while j < count && bytes[j] & 0xC0 == 0x80 { j += 1 } }
            return j
        case let .run(first, rest):
            guard first.contains(bytes[start]) else { return nil }
            var j = start + 1
            while j < count && rest.contains(bytes[j]) { j += 1 }
            return j
        case let .word(words, first, rest, ignoringCase, followedBy):
            guard first.contains(bytes[start]) else { return nil }
            var j = start + 1
            while j < count && rest.contains(bytes[j]) { j += 1 }
            if let followedBy, j >= count || bytes[j] != followedBy { return nil }
            if ignoringCase {
                upper.removeAll(keepingCapacity: true)
                for c in bytes[start..<j] { upper.append(c >= 0x61 && c <= 0x7A ? c - 0x20 : c) }
                return words.contains(upper[...]) ? j : nil
            }
            return words.contains(UnsafeBufferPointer(rebasing: bytes[start..<j])) ? j : nil
        case let .quoted(open, close, escape, stopsAtNewline, unclosed, followedBy):
            guard has(open, in: bytes, at: start) else { return nil }
            var j = start + open.count
            var closed = false
            while j < count {
                let c = bytes[j]
                if c == close {
                    if escape == .doubled && j + 1 < count && bytes[j + 1] == close { j += 2; continue }
                    j += 1; closed = true; break
                }
                if stopsAtNewline && c == 0x0A { break }
                if escape == .backslash && c == 0x5C && j + 1 < count { j += 2; continue }
                j += 1
            }
            guard closed || unclosed else { return nil }
            if let followedBy {
                var k = j
                while k < count && SourceScanner.isSpace(bytes[k]) { k += 1 }
                guard has(followedBy, in: bytes, at: k) else { return nil }
            }
            return j
        case let .delimited(open, close, nested):
            guard has(open, in: bytes, at: start) else { return nil }
            var j = start + open.count, depth = 1
            while j < count && depth > 0 {
                if nested && has(open, in: bytes, at: j) { depth += 1; j += open.count } else if has(close, in: bytes, at: j) { depth -= 1; j += close.count } else { j += 1 }
            }
            return j
        case let .restOfLine(prefix, includingNewline):
            guard has(prefix, in: bytes, at: start) else { return nil }
            var j = start + prefix.count
            while j < count && bytes[j] != 0x0A { j += 1 }
            if includingNewline && j < count { j += 1 }
            return j
        }
    }
}

extension LexerGrammar.Pattern {
    /// The bytes a match can start with.
    var firstBytes: ByteSet {
        switch self {
        case .literal(let text): return ByteSet(bytes: [text[0]])
        case .anyOf(let texts): return ByteSet(bytes: texts.map { $0[0] })
        case .one(let set): return set
        case .run(let first, _): return first
        case .word(_, let first, _, _, _): return first
        case .quoted(let open, _, _, _, _, _): return ByteSet(bytes: [open[0]])
        case .delimited(let open, _, _): return ByteSet(bytes: [open[0]])
        case .restOfLine(let prefix, _): return ByteSet(bytes: [prefix[0]])
        case .custom(let first, _): return first
        }
    }
}

/// A few bytes (one to eight) held in place, for the literals of a grammar: matching one reads
/// no array.
struct ByteString: Sendable, ExpressibleByStringLiteral {
    private let packed: UInt64
    let count: Int

    init(_ bytes: [UInt8]) {
        precondition((1...8).contains(bytes.count), "a grammar's literal is one to eight bytes")
        var packed: UInt64 = 0
        for (k, b) in bytes.enumerated() { packed |= UInt64(b) << (8 * k) }
        self.packed = packed
        count = bytes.count
    }

    init(stringLiteral text: String) { self.init(Array(text.utf8)) }

    @inline(__always) subscript(k: Int) -> UInt8 { UInt8(truncatingIfNeeded: packed >> (8 * k)) }
}

/// A set of bytes, for character classes; a non-ASCII byte stands for the character it starts
/// or continues.
struct ByteSet: Sendable {
    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The bytes of `characters` (ASCII), with every non-ASCII byte when `nonASCII`.
    init(_ characters: String = "", nonASCII: Bool = false) {
        for b in characters.utf8 { insert(b) }
        if nonASCII { for b in UInt8(0x80)...UInt8(0xFF) { insert(b) } }
    }

    /// These bytes.
    init(bytes: some Sequence<UInt8>) {
        for b in bytes { insert(b) }
    }

    /// The bytes from `low` to `high`.
    init(_ range: ClosedRange<Character>) {
        for b in range.lowerBound.asciiValue!...range.upperBound.asciiValue! { insert(b) }
    }

    mutating func insert(_ b: UInt8) {
        let bit = UInt64(1) << (b & 63)
        switch b >> 6 {
        case 0: bits.0 |= bit
        case 1: bits.1 |= bit
        case 2: bits.2 |= bit
        default: bits.3 |= bit
        }
    }

    @inline(__always) func contains(_ b: UInt8) -> Bool {
        let word: UInt64
        switch b >> 6 {
        case 0: word = bits.0
        case 1: word = bits.1
        case 2: word = bits.2
        default: word = bits.3
        }
        return word & (UInt64(1) << (b & 63)) != 0
    }

    /// The bytes of both sets.
    static func + (a: ByteSet, b: ByteSet) -> ByteSet {
        var c = a
        c.bits = (a.bits.0 | b.bits.0, a.bits.1 | b.bits.1, a.bits.2 | b.bits.2, a.bits.3 | b.bits.3)
        return c
    }

    static let digits = ByteSet("0"..."9")
    static let letters = ByteSet("a"..."z") + ByteSet("A"..."Z")
    /// Letters, digits, underscore and any non-ASCII byte (identifiers in any script).
    static let wordBytes = letters + digits + ByteSet("_", nonASCII: true)
    /// What starts a word: a letter, underscore or non-ASCII byte.
    static let wordStart = letters + ByteSet("_", nonASCII: true)
    static let spaces = ByteSet(" \t\n\r\u{0C}\u{0B}")
}
