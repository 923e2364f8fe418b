/// A language's lexer as Pygments declares one: named states, each an ordered list of rules;
/// at each position the first rule whose pattern matches takes its bytes as its token kind (or
/// its parts as theirs) and may enter or leave states. When none matches, one character is
/// taken as Pygments takes it (a newline as whitespace, back in the first state; anything else
/// as an error). Patterns are possessive (a repetition never gives back what it took), so
/// lexing stays linear in the source's length.
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
            let sets = state.map(\.pattern.canStart)
            for byte in 0...255 {
                starts.append(Int32(list.count))
                for (i, set) in sets.enumerated() where set.contains(UInt8(byte)) { list.append(Int32(offset + i)) }
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
        /// The kind of the whole match, or of each part of a sequence (Pygments' `bygroups`).
        let kinds: [TokenKind]
        let next: Transition
        /// The value the grammar's register must hold for the rule to apply (any when nil).
        var condition: Int? = nil
        /// Another language's lexer for what the pattern matched (Pygments' `using`): HTML's
        /// scripts and styles.
        let embedded: (@Sendable (String) -> [CodeToken])?
        /// A function that emits the tokens of what the pattern matched and updates the
        /// indentation (Pygments' callbacks, for YAML).
        var callback: Callback? = nil

        init(_ pattern: Pattern, _ kind: TokenKind, _ next: Transition = .stay) {
            self.pattern = pattern; kinds = [kind]; self.next = next; embedded = nil
        }

        /// What the pattern matches, lexed by `lexer`.
        init(_ pattern: Pattern, using lexer: @escaping @Sendable (String) -> [CodeToken], _ next: Transition = .stay) {
            self.pattern = pattern; kinds = [.text]; self.next = next; embedded = lexer
        }

        /// A sequence whose parts are tokens of their own kinds.
        init(_ parts: [Pattern], _ kinds: [TokenKind], _ next: Transition = .stay) {
            precondition(parts.count == kinds.count && parts.count > 1, "a rule of parts gives each part a kind")
            pattern = .sequence(parts); self.kinds = kinds; self.next = next; embedded = nil
        }

        /// What the pattern matches, emitted by `callback`.
        init(_ pattern: Pattern, callback: @escaping Callback, _ next: Transition = .stay) {
            self.pattern = pattern; kinds = [.text]; self.next = next; embedded = nil; self.callback = callback
        }

        /// The rule, applying only while the register holds `value`.
        func when(_ value: Int) -> Rule {
            var rule = self
            rule.condition = value
            return rule
        }
    }

    /// Where the lexer goes after a rule matched: it leaves `pops` states (never the last one
    /// unless it enters another), then enters `pushes` in order; with `register`, it sets the
    /// grammar's one register (what the next words are, say: state that outlives the stack's).
    struct Transition: Sendable, Equatable {
        let pops: Int
        let pushes: [Int]
        var register: Int? = nil

        static let stay = Transition(pops: 0, pushes: [])
        static let pop = Transition(pops: 1, pushes: [])
        static func popping(_ n: Int) -> Transition { Transition(pops: n, pushes: []) }
        static func push(_ states: Int...) -> Transition { Transition(pops: 0, pushes: states) }
        /// Leaves the current state for `state` (Pygments' `('#pop', 'state')`).
        static func replace(with state: Int) -> Transition { Transition(pops: 1, pushes: [state]) }
        /// Stays, setting the register.
        static func set(_ value: Int) -> Transition { Transition(pops: 0, pushes: [], register: value) }
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
        /// From `open` to its `close`, counting inner `open`s when `nested`; to the end when not
        /// closed, or not at all when not `unclosed`.
        case delimited(open: ByteString, close: ByteString, nested: Bool, unclosed: Bool = true)
        /// From `prefix` to the end of the line, the newline too when `includingNewline`.
        case restOfLine(prefix: ByteString, includingNewline: Bool)
        /// A form too particular for the others (a language's numbers, say), as Pygments' lexers
        /// call a function: it starts with a byte of `first` and says where it ends, and what
        /// it is when that is not the rule's kind.
        case custom(first: ByteSet, Scan)
        /// Each pattern in turn.
        case sequence([Pattern])
        /// The first of these that matches.
        case either([Pattern])
        /// The pattern, or nothing.
        case optional(Pattern)
        /// The pattern `atLeast` times or more, as often as it matches.
        case repeated(Pattern, atLeast: Int)
        /// The pattern as few times as it takes for `until` to match after it (`until` itself
        /// is not taken).
        case repeatedUntil(Pattern, until: Pattern)
        /// Nothing, where the pattern matches next (a lookahead).
        case ahead(Pattern)
        /// Nothing, where the pattern does not match next.
        case notAhead(Pattern)
        /// Nothing, where the byte before (past any bytes of `past`) is in the set, or at the
        /// source's start when `orAtStart`.
        case after(ByteSet, past: ByteSet = ByteSet(), orAtStart: Bool)
        /// The pattern, reading no further than `limit` bytes ahead (a lookahead that would
        /// otherwise scan far at every word).
        case within(Int, Pattern)
        /// Everything before the first place the pattern matches (not that match), at least one
        /// byte; nothing when it never does. Searches with the same `memo` remember where one
        /// found nothing, so a source of unclosed spans is still read in linear time.
        case upTo(Pattern, memo: Int)
        /// Nothing, where the test holds of the indentation and the scanner (at the position).
        case condition(@Sendable (Indentation, SourceScanner) -> Bool)
        /// Nothing, always (a rule that only changes state).
        case empty

        /// At a line's start.
        static let lineStart = Pattern.after(ByteSet("\n"), orAtStart: true)
        /// `text` in any case (ASCII letters).
        static func caseless(_ text: String) -> Pattern {
            let word = Array(text.utf8)
            return .custom(first: ByteSet(bytes: word.prefix(1).flatMap { [$0 | 0x20, $0 & ~0x20] })) { s in
                for (k, c) in word.enumerated() where s.peek(k) | 0x20 != c | 0x20 { return nil }
                return (s.position + word.count, nil)
            }
        }
        /// Nothing, at the source's end.
        static let end = Pattern.notAhead(.one(.all))
        /// One or more whitespace bytes, newlines too.
        static let spaces = Pattern.run(first: .spaces, rest: .spaces)
        /// One or more of the bytes.
        static func many(_ set: ByteSet) -> Pattern { .run(first: set, rest: set) }
        /// Any number of the bytes (none too).
        static func any(_ set: ByteSet) -> Pattern { .optional(.run(first: set, rest: set)) }
        /// A word of `words` (letters, digits, underscores and any non-ASCII byte), optionally
        /// only when `next` comes right after it.
        static func word(_ words: WordSet, followedBy next: UInt8? = nil) -> Pattern {
            .word(words, first: .wordStart, rest: .wordBytes, ignoringCase: false, followedBy: next)
        }
    }

    /// A custom pattern: where the form at the scanner's position ends and its kind (nil: the
    /// rule's), or nil when it is not there.
    typealias Scan = @Sendable (SourceScanner) -> (end: Int, kind: TokenKind?)?
    /// A rule's callback: emits tokens for the bytes from `start` to `end` and updates the
    /// indentation.
    typealias Callback = @Sendable (_ scanner: inout SourceScanner, _ start: Int, _ end: Int, _ indentation: inout Indentation) -> Void

    /// The indentation an indentation-sensitive grammar tracks as it reads blocks (Pygments'
    /// YAML context): the current level, the levels it closes back to, the next line's level,
    /// and a block scalar's.
    struct Indentation: Sendable {
        var level = -1
        var levels: [Int] = []
        var next = 0
        var blockScalar: Int?
    }

    /// Lexes `source`; the tokens' texts rebuild it exactly.
    func tokens(_ source: String) -> [CodeToken] {
        var s = SourceScanner(source)
        var stack = [0]
        var register = 0
        var idle = 0
        var ends: [Int] = []
        let bytes = s.bytes
        bytes.withUnsafeBufferPointer { buffer in
            rules.withUnsafeBufferPointer { rules in
                candidateStarts.withUnsafeBufferPointer { starts in
                    candidates.withUnsafeBufferPointer { candidates in
                        var matcher = Matcher(bytes: buffer, scanner: s)
                        scan: while s.position < buffer.count {
                            let before = s.position
                            if idle < 16 {
                                let slot = stack[stack.count - 1] << 8 | Int(buffer[before])
                                for k in Int(starts[slot])..<Int(starts[slot + 1]) {
                                    let rule = rules[Int(candidates[k])]
                                    if let condition = rule.condition, condition != register { continue }
                                    if let callback = rule.callback {
                                        guard let (end, _) = matcher.match(rule.pattern, at: before) else { continue }
                                        callback(&s, before, end, &matcher.indentation)
                                        s.position = end
                                    } else if let lexer = rule.embedded {
                                        guard let (end, _) = matcher.match(rule.pattern, at: before) else { continue }
                                        s.embed(lexer(String(decoding: buffer[before..<end], as: UTF8.self)), at: before)
                                    } else if rule.kinds.count == 1 {
                                        guard let (end, kind) = matcher.match(rule.pattern, at: before) else { continue }
                                        s.position = end
                                        s.emit(kind ?? rule.kinds[0], from: before)
                                    } else {
                                        guard case .sequence(let parts) = rule.pattern, matcher.parts(parts, at: before, ends: &ends) else { continue }
                                        var from = before
                                        for (end, kind) in zip(ends, rule.kinds) {
                                            s.position = end
                                            s.emit(kind, from: from)
                                            from = end
                                        }
                                    }
                                    let next = rule.next
                                    if next.pops > 0 { stack.removeLast(min(next.pops, stack.count - (next.pushes.isEmpty ? 1 : 0))) }
                                    stack.append(contentsOf: next.pushes)
                                    if let value = next.register { register = value }
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
}

extension LexerGrammar {
    /// Matches patterns against one source's bytes.
    struct Matcher {
        var bytes: UnsafeBufferPointer<UInt8>
        /// The source, for custom patterns (which read it from a position).
        var scanner: SourceScanner
        /// Scratch for words compared in upper case.
        var upper: [UInt8] = []
        /// For each memo of `upTo`, where a search found nothing to the end.
        var searchedFrom: [Int] = []
        var indentation = Indentation()

        /// Where `pattern` ends when it matches at `start` (and its kind, for a custom pattern
        /// that says), or nil.
        mutating func match(_ pattern: Pattern, at start: Int) -> (Int, TokenKind?)? {
            if case let .custom(first, scan) = pattern {
                guard start < bytes.count, first.contains(bytes[start]) else { return nil }
                scanner.position = start
                guard let found = scan(scanner), found.end > start else { return nil }
                return (found.end, found.kind)
            }
            return end(of: pattern, at: start).map { ($0, nil) }
        }

        /// Matches `parts` one after another from `start`, writing where each ends.
        mutating func parts(_ parts: [Pattern], at start: Int, ends: inout [Int]) -> Bool {
            ends.removeAll(keepingCapacity: true)
            var j = start
            for part in parts {
                guard let e = end(of: part, at: j) else { return false }
                ends.append(e)
                j = e
            }
            return true
        }

        /// Whether `text` is at `i`.
        @inline(__always) func has(_ text: ByteString, at i: Int) -> Bool {
            guard i + text.count <= bytes.count else { return false }
            for k in 0..<text.count where bytes[i + k] != text[k] { return false }
            return true
        }

        mutating func end(of pattern: Pattern, at start: Int) -> Int? {
            let count = bytes.count
            switch pattern {
            case .empty:
                return start
            case .condition(let test):
                scanner.position = start
                return test(indentation, scanner) ? start : nil
            case let .after(set, past, orAtStart):
                var j = start
                while j > 0 && past.contains(bytes[j - 1]) { j -= 1 }
                return j == 0 ? (orAtStart ? start : nil) : set.contains(bytes[j - 1]) ? start : nil
            case let .within(limit, inner):
                let all = bytes
                bytes = UnsafeBufferPointer(rebasing: all[..<min(all.count, start + limit)])
                defer { bytes = all }
                return end(of: inner, at: start)
            case .ahead(let inner):
                return end(of: inner, at: start) != nil ? start : nil
            case .notAhead(let inner):
                return end(of: inner, at: start) == nil ? start : nil
            case .sequence(let parts):
                var j = start
                for part in parts {
                    guard let e = end(of: part, at: j) else { return nil }
                    j = e
                }
                return j
            case .either(let choices):
                for choice in choices { if let e = end(of: choice, at: start) { return e } }
                return nil
            case .optional(let inner):
                return end(of: inner, at: start) ?? start
            case let .repeated(inner, atLeast):
                var j = start, n = 0
                while let e = end(of: inner, at: j), e > j { j = e; n += 1 }
                return n >= atLeast ? j : nil
            case let .repeatedUntil(inner, until):
                var j = start
                while true {
                    if end(of: until, at: j) != nil { return j }
                    guard let e = end(of: inner, at: j), e > j else { return nil }
                    j = e
                }
            case .custom:
                return match(pattern, at: start)?.0
            case let .upTo(inner, memo):
                while searchedFrom.count <= memo { searchedFrom.append(.max) }
                var j = start + 1
                let limit = min(count, searchedFrom[memo])
                while j < limit {
                    if end(of: inner, at: j) != nil { return j }
                    j += 1
                }
                searchedFrom[memo] = min(searchedFrom[memo], start + 1)
                return nil
            default:
                break
            }
            guard start < count else { return nil }
            switch pattern {
            case .anyOf(let texts):
                for text in texts where has(text, at: start) { return start + text.count }
                return nil
            case .literal(let text):
                return has(text, at: start) ? start + text.count : nil
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
                guard has(open, at: start) else { return nil }
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
                    guard has(followedBy, at: k) else { return nil }
                }
                return j
            case let .delimited(open, close, nested, unclosed):
                guard has(open, at: start) else { return nil }
                var j = start + open.count, depth = 1
                while j < count && depth > 0 {
                    if nested && has(open, at: j) { depth += 1; j += open.count } else if has(close, at: j) { depth -= 1; j += close.count } else { j += 1 }
                }
                return depth == 0 || unclosed ? j : nil
            case let .restOfLine(prefix, includingNewline):
                guard has(prefix, at: start) else { return nil }
                var j = start + prefix.count
                while j < count && bytes[j] != 0x0A { j += 1 }
                if includingNewline && j < count { j += 1 }
                return j
            default:
                return nil
            }
        }
    }
}

extension LexerGrammar.Pattern {
    /// The bytes at which a match can start (a superset: what the candidate lists try).
    var canStart: ByteSet {
        switch self {
        case .literal(let text): return ByteSet(bytes: [text[0]])
        case .anyOf(let texts): return ByteSet(bytes: texts.map { $0[0] })
        case .one(let set): return set
        case .run(let first, _): return first
        case .word(_, let first, _, _, _): return first
        case .quoted(let open, _, _, _, _, _): return ByteSet(bytes: [open[0]])
        case .delimited(let open, _, _, _): return ByteSet(bytes: [open[0]])
        case .restOfLine(let prefix, _): return ByteSet(bytes: [prefix[0]])
        case .custom(let first, _): return first
        case .either(let choices): return choices.reduce(ByteSet()) { $0 + $1.canStart }
        case .ahead(let inner), .within(_, let inner): return inner.canStart
        case .optional, .repeatedUntil, .notAhead, .after, .empty, .upTo, .condition: return .all
        case let .repeated(inner, atLeast): return atLeast > 0 ? inner.canStart : .all
        case .sequence(let parts):
            // A lookahead before anything is taken narrows where it can start; after a part
            // that may take nothing, it adds its bytes as that part does (the next part's count
            // too); other zero-width parts leave it.
            var union = ByteSet(), constraint = ByteSet.all, taking = false
            for part in parts {
                switch part {
                case .ahead(let inner):
                    if taking { union = union + inner.canStart } else { constraint = constraint & inner.canStart }
                    continue
                case .notAhead, .after, .empty, .condition: continue
                default: break
                }
                union = union + part.canStart
                taking = true
                if !part.isNullable { return union & constraint }
            }
            return constraint
        }
    }

    /// Whether it can match taking nothing.
    var isNullable: Bool {
        switch self {
        case .optional, .repeatedUntil, .notAhead, .after, .empty, .ahead, .condition: return true
        case let .repeated(inner, atLeast): return atLeast == 0 || inner.isNullable
        case .within(_, let inner): return inner.isNullable
        case .sequence(let parts): return parts.allSatisfy(\.isNullable)
        case .either(let choices): return choices.contains { $0.isNullable }
        default: return false
        }
    }
}
