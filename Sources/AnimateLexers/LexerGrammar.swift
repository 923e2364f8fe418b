/// A language's lexer as Pygments declares one: named states, each an ordered list of rules;
/// at each position the first rule whose pattern matches takes its bytes as its token kind (or
/// its parts as theirs) and may enter or leave states. When none matches, one character is
/// taken as Pygments takes it (a newline as whitespace, back in the first state; anything else
/// as an error). Patterns are possessive (a repetition never gives back what it took), so
/// lexing stays linear in the source's length.
struct LexerGrammar: Sendable {
    /// The rules of every state, one after another (the first state is the one lexing starts
    /// in; rules refer to others by index), compiled.
    private let program: LexerProgram

    init(_ states: [[Rule]]) { program = LexerProgram(states) }

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
        /// Whitespace that holds a line break (where a new line starts, for grammars that care).
        static let spacesWithNewline = Pattern.sequence([.any(.spaces & ~ByteSet("\n")), .literal("\n"), .any(.spaces)])
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
        var register: Int32 = 0
        var idle = 0
        var ends: [Int] = []
        let bytes = s.bytes
        let program = program, tables = program.tables!
        let rules = tables.rules, starts = tables.candidateStarts, candidates = tables.candidates, nodes = tables.nodes, children = tables.children
        // Each word group's last reading: where, which rule it gives (or -1), where the word ends.
        var groupAt = [Int](repeating: -1, count: program.groups.count)
        var groupRule = [Int32](repeating: -1, count: program.groups.count), groupEnd = [Int](repeating: 0, count: program.groups.count)
        bytes.withUnsafeBufferPointer { buffer in
            var matcher = LexerProgram.Matcher(bytes: buffer, program: program, scanner: s)
            scan: while s.position < buffer.count {
                let before = s.position
                if idle < 16 {
                    let slot = stack[stack.count - 1] << 8 | Int(buffer[before])
                    scanRules: for k in Int(starts[slot])..<Int(starts[slot + 1]) {
                        let rule = rules[Int(candidates[k])]
                        if rule.condition >= 0 && rule.condition != register { continue }
                        if rule.group >= 0 {
                            let g = Int(rule.group)
                            if groupAt[g] != before {
                                groupAt[g] = before
                                groupRule[g] = -1
                                let group = program.groups[g]
                                if group.first.contains(buffer[before]) {
                                    var j = before + 1
                                    while j < buffer.count && group.rest.contains(buffer[j]) { j += 1 }
                                    let word = UnsafeBufferPointer(rebasing: buffer[before..<j])
                                    if let w = group.words.index(of: word, hash: WordSet.hash(word)) { groupRule[g] = group.rules[w]; groupEnd[g] = j }
                                }
                            }
                            guard groupRule[g] == candidates[k] else { continue }
                            s.position = groupEnd[g]
                            s.emit(program.kinds[Int(rule.kind)], from: before)
                        } else if rule.parts > 0 {
                            // A sequence whose parts are tokens of their own kinds.
                            let node = nodes[Int(rule.node)]
                            ends.removeAll(keepingCapacity: true)
                            var j = before
                            for c in Int(node.a)..<Int(node.a + node.b) {
                                guard let e = matcher.end(of: children[c], at: j) else { continue scanRules }
                                ends.append(e)
                                j = e
                            }
                            var from = before
                            for (p, end) in ends.enumerated() {
                                s.position = end
                                s.emit(program.kinds[Int(rule.kind) + p], from: from)
                                from = end
                            }
                        } else {
                            guard let (end, kind) = matcher.match(rule.node, at: before) else { continue }
                            if rule.callback >= 0 {
                                program.callbacks[Int(rule.callback)](&s, before, end, &matcher.indentation)
                                s.position = end
                            } else if rule.embedded >= 0 {
                                s.embed(program.embedded[Int(rule.embedded)](String(decoding: buffer[before..<end], as: UTF8.self)), at: before)
                            } else {
                                s.position = end
                                s.emit(kind ?? program.kinds[Int(rule.kind)], from: before)
                            }
                        }
                        if rule.pops > 0 { stack.removeLast(min(Int(rule.pops), stack.count - (rule.pushCount == 0 ? 1 : 0))) }
                        for p in Int(rule.pushStart)..<Int(rule.pushStart + rule.pushCount) { stack.append(program.pushes[p]) }
                        if rule.register >= 0 { register = rule.register }
                        idle = s.position == before ? idle + 1 : 0
                        continue scan
                    }
                }
                idle = 0
                if buffer[before] == 0x0A { stack = [0]; s.single(.whitespace) } else { s.single(.error) }
            }
        }
        return s.tokens
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
