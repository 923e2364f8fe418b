/// A grammar compiled for lexing: its patterns as a flat array of nodes and its rules as plain
/// numbers, so trying a rule reads no reference-counted value (a rule as declared holds arrays,
/// closures and boxed patterns; copying one per candidate cost more than matching it).
struct LexerProgram: Sendable {
    /// What a node does; its operands are indices into the program's tables.
    enum Op: UInt8, Sendable {
        case literal, anyOf, one, run, word, quoted, delimited, restOfLine, custom, sequence, either, optional, repeated, repeatedUntil
        case ahead, notAhead, after, within, upTo, condition, empty
    }

    struct Node: Sendable {
        var op: Op
        var flags: UInt8 = 0
        var a: Int32 = 0, b: Int32 = 0, c: Int32 = 0, d: Int32 = -1
    }

    /// A rule as the lexing loop reads it.
    struct Rule: Sendable {
        var node: Int32
        /// The register value it needs, or -1.
        var condition: Int32
        /// Its kind, or where its parts' kinds start (in `kinds`), and how many parts (0: one kind).
        var kind: Int32
        var parts: Int32
        var pops: Int32
        var pushStart: Int32, pushCount: Int32
        /// The register value it sets, or -1.
        var register: Int32
        /// Its embedded lexer or callback, or -1.
        var embedded: Int32, callback: Int32
        /// The group of word rules it is one of, or -1.
        var group: Int32 = -1
    }

    /// Consecutive rules of a state that each take a word of a list (read with the same byte
    /// sets): the word is read and looked up once, in all their lists together, for the first
    /// rule whose list has it.
    struct WordGroup: Sendable {
        var first: ByteSet, rest: ByteSet
        /// Every rule's words, and for each the index (in `rules`) of the first rule having it.
        var words: WordSet
        var rules: [Int32]
    }

    var nodes: [Node] = []
    var children: [Int32] = []
    var sets: [ByteSet] = []
    var strings: [ByteString] = []
    var words: [WordSet] = []
    var scans: [LexerGrammar.Scan] = []
    var conditions: [@Sendable (LexerGrammar.Indentation, SourceScanner) -> Bool] = []
    var kinds: [TokenKind] = []
    var pushes: [Int] = []
    var rules: [Rule] = []
    var embedded: [@Sendable (String) -> [CodeToken]] = []
    var callbacks: [LexerGrammar.Callback] = []
    /// How many `upTo` memos there are.
    var memos = 0
    var groups: [WordGroup] = []
    /// For each state and first byte, where its candidates start in `candidates`: the rules that
    /// can match there, in order (most rules are never tried at a byte that cannot start them).
    var candidateStarts: [Int32] = []
    var candidates: [Int32] = []
    /// The tables the lexing loop reads, as buffers.
    private(set) var tables: Tables!

    init(_ states: [[LexerGrammar.Rule]]) {
        for rule in states.flatMap({ $0 }) {
            let node: Int32
            var parts: Int32 = 0
            var kind: Int32
            if rule.kinds.count > 1, case .sequence(let list) = rule.pattern {
                let compiled = list.map { compile($0) }
                let start = Int32(children.count)
                children += compiled
                nodes.append(Node(op: .sequence, a: start, b: Int32(compiled.count)))
                node = Int32(nodes.count - 1)
                parts = Int32(rule.kinds.count)
                kind = Int32(kinds.count)
                kinds += rule.kinds
            } else {
                node = compile(rule.pattern)
                kind = Int32(kinds.count)
                kinds.append(rule.kinds[0])
            }
            var embeddedIndex: Int32 = -1, callbackIndex: Int32 = -1
            if let lexer = rule.embedded { embeddedIndex = Int32(embedded.count); embedded.append(lexer) }
            if let callback = rule.callback { callbackIndex = Int32(callbacks.count); callbacks.append(callback) }
            self.rules.append(Rule(node: node, condition: Int32(rule.condition ?? -1), kind: kind, parts: parts,
                                   pops: Int32(rule.next.pops), pushStart: Int32(pushes.count), pushCount: Int32(rule.next.pushes.count),
                                   register: Int32(rule.next.register ?? -1), embedded: embeddedIndex, callback: callbackIndex))
            pushes += rule.next.pushes
        }
        var offset = 0
        for state in states {
            let starts = state.map(\.pattern.canStart)
            for byte in 0...255 {
                candidateStarts.append(Int32(candidates.count))
                for (i, set) in starts.enumerated() where set.contains(UInt8(byte)) { candidates.append(Int32(offset + i)) }
            }
            offset += state.count
        }
        candidateStarts.append(Int32(candidates.count))
        // Word rules in a row, in each state.
        offset = 0
        for state in states {
            var k = 0
            while k < state.count {
                guard let (first, rest) = Self.plainWord(state[k]) else { k += 1; continue }
                var end = k + 1
                while end < state.count, let next = Self.plainWord(state[end]), next.first == first && next.rest == rest { end += 1 }
                if end - k > 1 {
                    var owner: [String: Int32] = [:]
                    for r in k..<end {
                        guard case let .word(list, _, _, _, _) = state[r].pattern else { continue }
                        for word in list.list where owner[word] == nil { owner[word] = Int32(offset + r) }
                    }
                    let words = WordSet(Array(owner.keys))
                    groups.append(WordGroup(first: first, rest: rest, words: words, rules: words.list.map { owner[$0]! }))
                    for r in k..<end { rules[offset + r].group = Int32(groups.count - 1) }
                }
                k = end
            }
            offset += state.count
        }
        tables = Tables(self)
    }

    /// The tables the lexing loop reads, copied into buffers that live as long as the grammar (a
    /// grammar is made once, as a static), so it reads them through pointers.
    final class Tables: @unchecked Sendable {
        let rules: UnsafeBufferPointer<Rule>
        let nodes: UnsafeBufferPointer<Node>
        let children: UnsafeBufferPointer<Int32>
        let sets: UnsafeBufferPointer<ByteSet>
        let strings: UnsafeBufferPointer<ByteString>
        let words: UnsafeBufferPointer<WordSet>
        let candidateStarts: UnsafeBufferPointer<Int32>
        let candidates: UnsafeBufferPointer<Int32>

        init(_ program: LexerProgram) {
            func copy<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
                let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: array.count)
                _ = buffer.initialize(from: array)
                return UnsafeBufferPointer(buffer)
            }
            rules = copy(program.rules); nodes = copy(program.nodes); children = copy(program.children); sets = copy(program.sets)
            strings = copy(program.strings); words = copy(program.words)
            candidateStarts = copy(program.candidateStarts); candidates = copy(program.candidates)
        }

        deinit {
            func free<T>(_ buffer: UnsafeBufferPointer<T>) {
                let mutable = UnsafeMutableBufferPointer(mutating: buffer)
                mutable.deinitialize()
                mutable.deallocate()
            }
            free(rules); free(nodes); free(children); free(sets); free(strings); free(words); free(candidateStarts); free(candidates)
        }
    }

    /// The byte sets of a rule that only takes a word of a list, as one token, or nil.
    private static func plainWord(_ rule: LexerGrammar.Rule) -> (first: ByteSet, rest: ByteSet)? {
        guard case let .word(_, first, rest, ignoringCase, followedBy) = rule.pattern, !ignoringCase, followedBy == nil, rule.kinds.count == 1,
              rule.condition == nil, rule.embedded == nil, rule.callback == nil else { return nil }
        return (first, rest)
    }

    private mutating func set(_ set: ByteSet) -> Int32 { sets.append(set); return Int32(sets.count - 1) }
    private mutating func string(_ text: ByteString) -> Int32 { strings.append(text); return Int32(strings.count - 1) }

    /// Appends the nodes of `pattern`; its index.
    private mutating func compile(_ pattern: LexerGrammar.Pattern) -> Int32 {
        var node: Node
        switch pattern {
        case .literal(let text):
            node = Node(op: .literal, a: string(text))
        case .anyOf(let texts):
            node = Node(op: .anyOf, a: Int32(strings.count), b: Int32(texts.count))
            strings += texts
        case .one(let s):
            node = Node(op: .one, a: set(s))
        case let .run(first, rest):
            node = Node(op: .run, a: set(first), b: set(rest))
        case let .word(list, first, rest, ignoringCase, followedBy):
            words.append(list)
            node = Node(op: .word, flags: ignoringCase ? 1 : 0, a: Int32(words.count - 1), b: set(first), c: set(rest), d: followedBy.map(Int32.init) ?? -1)
        case let .quoted(open, close, escape, stopsAtNewline, unclosed, followedBy):
            let escapeCode: Int32 = escape == .backslash ? 0 : escape == .doubled ? 1 : 2
            node = Node(op: .quoted, flags: (stopsAtNewline ? 1 : 0) | (unclosed ? 2 : 0), a: string(open), b: Int32(close), c: escapeCode,
                        d: followedBy.map { string($0) } ?? -1)
        case let .delimited(open, close, nested, unclosed):
            node = Node(op: .delimited, flags: (nested ? 1 : 0) | (unclosed ? 2 : 0), a: string(open), b: string(close))
        case let .restOfLine(prefix, includingNewline):
            node = Node(op: .restOfLine, flags: includingNewline ? 1 : 0, a: string(prefix))
        case let .custom(first, scan):
            scans.append(scan)
            node = Node(op: .custom, a: set(first), b: Int32(scans.count - 1))
        case .sequence(let list), .either(let list):
            let compiled = list.map { compile($0) }
            node = Node(op: { if case .sequence = pattern { return .sequence } else { return .either } }(), a: Int32(children.count), b: Int32(compiled.count))
            children += compiled
        case .optional(let inner):
            node = Node(op: .optional, a: compile(inner))
        case let .repeated(inner, atLeast):
            node = Node(op: .repeated, a: compile(inner), b: Int32(atLeast))
        case let .repeatedUntil(inner, until):
            let a = compile(inner)
            node = Node(op: .repeatedUntil, a: a, b: compile(until))
        case .ahead(let inner):
            node = Node(op: .ahead, a: compile(inner))
        case .notAhead(let inner):
            node = Node(op: .notAhead, a: compile(inner))
        case let .after(s, past, orAtStart):
            node = Node(op: .after, flags: orAtStart ? 1 : 0, a: set(s), b: set(past))
        case let .within(limit, inner):
            node = Node(op: .within, a: Int32(limit), b: compile(inner))
        case let .upTo(inner, memo):
            memos = max(memos, memo + 1)
            node = Node(op: .upTo, a: compile(inner), b: Int32(memo))
        case .condition(let test):
            conditions.append(test)
            node = Node(op: .condition, a: Int32(conditions.count - 1))
        case .empty:
            node = Node(op: .empty)
        }
        nodes.append(node)
        return Int32(nodes.count - 1)
    }
}

extension LexerProgram {
    /// Matches a program's nodes against one source's bytes; every table read through a pointer.
    struct Matcher {
        var bytes: UnsafeBufferPointer<UInt8>
        let program: LexerProgram
        let nodes: UnsafeBufferPointer<Node>
        let children: UnsafeBufferPointer<Int32>
        let sets: UnsafeBufferPointer<ByteSet>
        let strings: UnsafeBufferPointer<ByteString>
        let words: UnsafeBufferPointer<WordSet>
        /// The source, for custom patterns (which read it from a position).
        var scanner: SourceScanner
        /// Scratch for words compared in upper case.
        var upper: [UInt8] = []
        /// For each memo of `upTo`, where a search found nothing to the end.
        var searchedFrom: [Int]
        var indentation = LexerGrammar.Indentation()
        /// The last word read: where it started, the byte sets read with, and where it ended (a
        /// run of word rules at one position reads the word once).
        var wordStart = -1, wordFirst: Int32 = -1, wordRest: Int32 = -1, wordEnd = 0, wordHash = 0

        init(bytes: UnsafeBufferPointer<UInt8>, program: LexerProgram, scanner: SourceScanner) {
            self.bytes = bytes
            self.program = program
            nodes = program.tables.nodes; children = program.tables.children; sets = program.tables.sets
            strings = program.tables.strings; words = program.tables.words
            self.scanner = scanner
            searchedFrom = Array(repeating: .max, count: program.memos)
        }

        /// Where the node ends when it matches at `start` (and its kind, for a custom pattern
        /// that says), or nil.
        mutating func match(_ index: Int32, at start: Int) -> (Int, TokenKind?)? {
            let node = nodes[Int(index)]
            if node.op == .custom {
                guard start < bytes.count, sets[Int(node.a)].contains(bytes[start]) else { return nil }
                scanner.position = start
                guard let found = program.scans[Int(node.b)](scanner), found.end > start else { return nil }
                return (min(found.end, bytes.count), found.kind)
            }
            return end(of: index, at: start).map { ($0, nil) }
        }

        /// Whether `text` is at `i`.
        @inline(__always) func has(_ text: ByteString, at i: Int) -> Bool {
            guard i + text.count <= bytes.count else { return false }
            for k in 0..<text.count where bytes[i + k] != text[k] { return false }
            return true
        }

        mutating func end(of index: Int32, at start: Int) -> Int? {
            let node = nodes[Int(index)]
            let count = bytes.count
            switch node.op {
            case .empty:
                return start
            case .condition:
                scanner.position = start
                return program.conditions[Int(node.a)](indentation, scanner) ? start : nil
            case .after:
                var j = start
                let past = sets[Int(node.b)]
                while j > 0 && past.contains(bytes[j - 1]) { j -= 1 }
                return j == 0 ? (node.flags & 1 != 0 ? start : nil) : sets[Int(node.a)].contains(bytes[j - 1]) ? start : nil
            case .within:
                let all = bytes
                bytes = UnsafeBufferPointer(rebasing: all[..<min(all.count, start + Int(node.a))])
                defer { bytes = all }
                return end(of: node.b, at: start)
            case .ahead:
                return end(of: node.a, at: start) != nil ? start : nil
            case .notAhead:
                return end(of: node.a, at: start) == nil ? start : nil
            case .sequence:
                var j = start
                for k in Int(node.a)..<Int(node.a + node.b) {
                    guard let e = end(of: children[k], at: j) else { return nil }
                    j = e
                }
                return j
            case .either:
                for k in Int(node.a)..<Int(node.a + node.b) { if let e = end(of: children[k], at: start) { return e } }
                return nil
            case .optional:
                return end(of: node.a, at: start) ?? start
            case .repeated:
                var j = start, n = 0
                while let e = end(of: node.a, at: j), e > j { j = e; n += 1 }
                return n >= Int(node.b) ? j : nil
            case .repeatedUntil:
                var j = start
                while true {
                    if end(of: node.b, at: j) != nil { return j }
                    guard let e = end(of: node.a, at: j), e > j else { return nil }
                    j = e
                }
            case .custom:
                return match(index, at: start)?.0
            case .upTo:
                let memo = Int(node.b)
                var j = start + 1
                let limit = min(count, searchedFrom[memo])
                while j < limit {
                    if end(of: node.a, at: j) != nil { return j }
                    j += 1
                }
                searchedFrom[memo] = min(searchedFrom[memo], start + 1)
                return nil
            default:
                break
            }
            guard start < count else { return nil }
            switch node.op {
            case .anyOf:
                for k in Int(node.a)..<Int(node.a + node.b) where has(strings[k], at: start) { return start + strings[k].count }
                return nil
            case .literal:
                let text = strings[Int(node.a)]
                return has(text, at: start) ? start + text.count : nil
            case .one:
                guard sets[Int(node.a)].contains(bytes[start]) else { return nil }
                var j = start + 1
                if bytes[start] >= 0x80 { while j < count && bytes[j] & 0xC0 == 0x80 { j += 1 } }
                return j
            case .run:
                guard sets[Int(node.a)].contains(bytes[start]) else { return nil }
                let rest = sets[Int(node.b)]
                var j = start + 1
                while j < count && rest.contains(bytes[j]) { j += 1 }
                return j
            case .word:
                var j: Int
                let memoized = wordStart == start && wordFirst == node.b && wordRest == node.c && bytes.count == scanner.count
                if memoized {
                    guard wordEnd > start else { return nil }
                    j = wordEnd
                } else {
                    j = start
                    if sets[Int(node.b)].contains(bytes[start]) {
                        let rest = sets[Int(node.c)]
                        j = start + 1
                        while j < count && rest.contains(bytes[j]) { j += 1 }
                    }
                    if bytes.count == scanner.count { wordStart = start; wordFirst = node.b; wordRest = node.c; wordEnd = j }
                    guard j > start else { return nil }
                }
                if node.d >= 0, j >= count || bytes[j] != UInt8(node.d) { return nil }
                if node.flags & 1 != 0 {
                    upper.removeAll(keepingCapacity: true)
                    for c in bytes[start..<j] { upper.append(c >= 0x61 && c <= 0x7A ? c - 0x20 : c) }
                    return words[Int(node.a)].contains(upper[...]) ? j : nil
                }
                let word = UnsafeBufferPointer(rebasing: bytes[start..<j])
                if !memoized {
                    wordHash = WordSet.hash(word)
                    if bytes.count != scanner.count { return words[Int(node.a)].contains(word, hash: wordHash) ? j : nil }
                }
                return words[Int(node.a)].contains(word, hash: wordHash) ? j : nil
            case .quoted:
                let open = strings[Int(node.a)], close = UInt8(node.b)
                guard has(open, at: start) else { return nil }
                var j = start + open.count
                var closed = false
                while j < count {
                    let c = bytes[j]
                    if c == close {
                        if node.c == 1 && j + 1 < count && bytes[j + 1] == close { j += 2; continue }
                        j += 1; closed = true; break
                    }
                    if node.flags & 1 != 0 && c == 0x0A { break }
                    if node.c == 0 && c == 0x5C && j + 1 < count { j += 2; continue }
                    j += 1
                }
                guard closed || node.flags & 2 != 0 else { return nil }
                if node.d >= 0 {
                    var k = j
                    while k < count && SourceScanner.isSpace(bytes[k]) { k += 1 }
                    guard has(strings[Int(node.d)], at: k) else { return nil }
                }
                return j
            case .delimited:
                let open = strings[Int(node.a)], close = strings[Int(node.b)]
                guard has(open, at: start) else { return nil }
                let nested = node.flags & 1 != 0
                var j = start + open.count, depth = 1
                while j < count && depth > 0 {
                    if nested && has(open, at: j) { depth += 1; j += open.count } else if has(close, at: j) { depth -= 1; j += close.count } else { j += 1 }
                }
                return depth == 0 || node.flags & 2 != 0 ? j : nil
            case .restOfLine:
                let prefix = strings[Int(node.a)]
                guard has(prefix, at: start) else { return nil }
                var j = start + prefix.count
                while j < count && bytes[j] != 0x0A { j += 1 }
                if node.flags & 1 != 0 && j < count { j += 1 }
                return j
            default:
                return nil
            }
        }
    }
}
