/// C and C++, with Pygments' C-family token kinds: preprocessor lines as Comment.Preproc (the
/// included file as Comment.PreprocFile), functions named where they are defined or declared at
/// the top level (Name.Function), `struct`/`class` names as Name.Class, `case` labels as
/// Name.Constant, the standard library's and POSIX's type names as Keyword.Type, a leading minus
/// as part of a number.
enum CFamilyLexer {
    static let keywords = WordSet(["asm", "auto", "break", "const", "constexpr", "continue", "countof", "default", "defer", "do", "else",
                                   "enum", "extern", "for", "goto", "if", "register", "restricted", "return", "sizeof", "struct",
                                   "static", "switch", "typedef", "typeof", "typeof_unqual", "volatile", "while", "union",
                                   "thread_local", "alignas", "alignof", "static_assert", "_Pragma", "fortran", "case",
                                   "_Alignas", "_Alignof", "_Noreturn", "_Countof", "_Generic", "_Thread_local", "_Static_assert",
                                   "_Imaginary", "noreturn", "imaginary", "complex"])
    static let cppKeywords = WordSet(["catch", "const_cast", "delete", "dynamic_cast", "explicit", "export", "friend", "mutable", "new",
                                      "operator", "private", "protected", "public", "reinterpret_cast", "class", "__restrict",
                                      "static_cast", "template", "this", "throw", "throws", "try", "typeid", "using", "virtual",
                                      "concept", "decltype", "noexcept", "override", "final", "constinit", "consteval", "co_await",
                                      "co_return", "co_yield", "requires", "import", "module", "typename", "and", "and_eq", "bitand",
                                      "bitor", "compl", "not", "not_eq", "or", "or_eq", "xor", "xor_eq", "contract_assert", "pre",
                                      "post", "namespace"])
    static let reserved = WordSet(["inline", "_inline", "__inline", "naked", "restrict", "thread", "__m128i", "__m128d", "__m128", "__m64",
                                   "__asm", "__based", "__except", "__stdcall", "__cdecl", "__fastcall", "__declspec", "__finally",
                                   "__try", "__leave", "__w64", "__unaligned", "__raise", "__noop", "__identifier", "__forceinline",
                                   "__assume", "__null", "__int8", "__int16", "__int32", "__int64", "__wchar_t"])
    static let types = WordSet(["bool", "int", "long", "float", "short", "double", "char", "unsigned", "signed", "void", "_BitInt",
                                "__int128", "_Bool", "_Complex", "_Atomic", "_Decimal32", "_Decimal64", "_Decimal128"])
    static let cppTypes = WordSet(["char16_t", "char32_t", "char8_t"])
    static let builtins = WordSet(["true", "false", "NULL", "nullptr"])
    /// Library type names Pygments reads as types when they stand as plain names.
    static let libraryTypes = WordSet(spaced: """
        size_t ssize_t off_t wchar_t ptrdiff_t sig_atomic_t fpos_t clock_t time_t va_list jmp_buf FILE DIR div_t ldiv_t \
        mbstate_t wctrans_t wint_t wctype_t byte int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t \
        int_least8_t int_least16_t int_least32_t int_least64_t uint_least8_t uint_least16_t uint_least32_t uint_least64_t \
        int_fast8_t int_fast16_t int_fast32_t int_fast64_t uint_fast8_t uint_fast16_t uint_fast32_t uint_fast64_t intptr_t \
        uintptr_t intmax_t uintmax_t clockid_t cpu_set_t cpumask_t dev_t gid_t id_t ino_t key_t mode_t nfds_t pid_t rlim_t \
        sig_t sighandler_t siginfo_t sigset_t sigval_t socklen_t timer_t uid_t atomic_bool atomic_char atomic_schar \
        atomic_uchar atomic_short atomic_ushort atomic_int atomic_uint atomic_long atomic_ulong atomic_llong atomic_ullong \
        atomic_char16_t atomic_char32_t atomic_wchar_t atomic_int_least8_t atomic_uint_least8_t atomic_int_least16_t \
        atomic_uint_least16_t atomic_int_least32_t atomic_uint_least32_t atomic_int_least64_t atomic_uint_least64_t \
        atomic_int_fast8_t atomic_uint_fast8_t atomic_int_fast16_t atomic_uint_fast16_t atomic_int_fast32_t \
        atomic_uint_fast32_t atomic_int_fast64_t atomic_uint_fast64_t atomic_intptr_t atomic_uintptr_t atomic_size_t \
        atomic_ptrdiff_t atomic_intmax_t atomic_uintmax_t
        """)

    static func tokens(_ source: String, cpp: Bool) -> [CodeToken] {
        var s = SourceScanner(source)
        var state = State(cpp: cpp)
        while !s.isAtEnd { state.step(&s) }
        return s.tokens
    }

    static func isIdentByte(_ b: UInt8) -> Bool { SourceScanner.isWordByte(b) || b == 0x24 }

    struct State {
        enum Mode { case root, statement, function, namespaceBody }
        let cpp: Bool
        var stack: [Mode] = [.root]
        /// After `struct`, `class`, `enum`...: the next name is a class.
        var className = false
        /// After `case`: names are constants until the colon.
        var caseValue = false
        /// After `namespace`: names are namespaces until `{` or `;`.
        var namespaceHead = false
        /// A function found at the top level: its name's bytes, and where its body opens or its declaration ends.
        var function: (name: Range<Int>, brace: Int?, semicolon: Int?)?

        init(cpp: Bool) { self.cpp = cpp }

        var mode: Mode { stack.last ?? .root }
        var atTop: Bool { mode == .root || mode == .namespaceBody }

        func atLineStart(_ s: SourceScanner) -> (Bool, Int) {
            var j = s.position - 1
            while j >= 0 && (s.bytes[j] == 0x20 || s.bytes[j] == 0x09) { j -= 1 }
            return (j < 0 || s.bytes[j] == 0x0A, j + 1)
        }

        mutating func step(_ s: inout SourceScanner) {
            let b = s.peek()
            // The function found ahead: its name, and the brace or semicolon that ends its head.
            if let f = function {
                if s.position == f.name.lowerBound {
                    s.position = f.name.upperBound
                    s.emit(.nameFunction, from: f.name.lowerBound)
                    return
                }
                if s.position == f.brace { s.single(.punctuation); function = nil; stack.append(.function); return }
                if s.position == f.semicolon { s.single(.punctuation); function = nil; return }
            }
            // Whitespace, comments, preprocessor lines, labels: everywhere.
            if b == 0x0A || b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0C || b == 0x0B {
                let start = s.position
                s.skip { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0C || $0 == 0x0B || $0 == 0x0A }
                s.emit(.whitespace, from: start)
                return
            }
            if b == 0x5C && s.peek(1) == 0x0A { let a = s.position; s.position += 2; s.emit(.text, from: a); return }
            if s.starts(with: "//") { CFamilyLexer.lineComment(&s); return }
            if s.starts(with: "/*") { s.blockComment(.commentMultiline); return }
            let (lineStart, _) = atLineStart(s)
            if b == 0x23 && lineStart && function == nil { CFamilyLexer.preprocessor(&s); return }
            if lineStart && function == nil, let label = CFamilyLexer.label(s) {
                let a = s.position
                s.position = label.name
                s.emit(.nameLabel, from: a)
                let w = s.position
                s.position = label.colon
                s.emit(.whitespace, from: w)
                s.single(.punctuation)
                return
            }
            if CFamilyLexer.isIdentByte(b) && !SourceScanner.isDigit(b) { word(&s); return }
            if namespaceHead && (b == 0x7B || b == 0x3B) {
                namespaceHead = false
                s.single(.punctuation)
                if b == 0x7B { stack.append(.namespaceBody) }
                return
            }
            // Structure.
            switch b {
            case 0x7B:   // {
                s.single(.punctuation)
                if mode == .function { stack.append(.function) } else if mode == .statement { stack.removeLast() }
                return
            case 0x7D:   // }
                s.single(.punctuation)
                if mode == .function || mode == .namespaceBody { stack.removeLast() }
                if stack.isEmpty { stack = [.root] }
                return
            case 0x3B:   // ;
                s.single(.punctuation)
                if mode == .statement { stack.removeLast() }
                caseValue = false
                return
            default: break
            }
            if atTop && function == nil { stack.append(.statement) }
            statementToken(&s)
        }

        mutating func word(_ s: inout SourceScanner) {
            let start = s.position
            var end = start
            while end < s.count && CFamilyLexer.isIdentByte(s.bytes[end]) { end += 1 }
            let w = s.bytes[start..<end]
            func emit(_ kind: TokenKind) { s.position = end; s.emit(kind, from: start) }
            if className { className = false; if !CFamilyLexer.isKeyword(w, cpp: cpp) { emit(.nameClass); return } }
            if namespaceHead {
                if w.elementsEqual("inline".utf8) { emit(.keywordReserved); return }
                emit(.nameNamespace)
                return
            }
            if CFamilyLexer.isKeyword(w, cpp: cpp) {
                emit(.keyword)
                let next = s.spaceCount(at: end)
                if (w.elementsEqual("struct".utf8) || w.elementsEqual("union".utf8)) && next > 0 { className = true }
                if cpp && (w.elementsEqual("class".utf8) || w.elementsEqual("concept".utf8) || w.elementsEqual("typename".utf8)
                           || w.elementsEqual("enum".utf8)) && next > 0 { className = true }
                if w.elementsEqual("case".utf8) { caseValue = true }
                if cpp && w.elementsEqual("namespace".utf8) { namespaceHead = true }
                return
            }
            if CFamilyLexer.reserved.contains(w) { emit(.keywordReserved); return }
            // At the top level, a function's head: its name and body are picked up as they come.
            if atTop && function == nil, let found = CFamilyLexer.functionHead(s, at: start) { function = found }
            if CFamilyLexer.types.contains(w) || (cpp && CFamilyLexer.cppTypes.contains(w)) { emit(.keywordType); return }
            if atTop && function == nil { stack.append(.statement) }
            if caseValue { emit(.nameConstant); return }
            if CFamilyLexer.builtins.contains(w) { emit(.nameBuiltin); return }
            emit(CFamilyLexer.libraryTypes.contains(w) ? .keywordType : .name)
        }

        /// Strings, characters, numbers, operators and punctuation.
        mutating func statementToken(_ s: inout SourceScanner) {
            let b = s.peek()
            if b == 0x22 { CFamilyLexer.string(&s); return }
            if b == 0x27, let n = CFamilyLexer.charLength(s) { let a = s.position; s.position += n; s.emit(.stringChar, from: a); return }
            if SourceScanner.isDigit(b) || (b == 0x2E && SourceScanner.isDigit(s.peek(1)))
                || (b == 0x2D && (SourceScanner.isDigit(s.peek(1)) || (s.peek(1) == 0x2E && SourceScanner.isDigit(s.peek(2))))) {
                CFamilyLexer.number(&s)
                return
            }
            if caseValue && b == 0x3A && s.peek(1) != 0x3A && s.previous != 0x3A { caseValue = false; s.single(.punctuation); return }
            switch b {
            case 0x7E, 0x21, 0x25, 0x5E, 0x26, 0x2A, 0x2B, 0x3D, 0x7C, 0x3F, 0x3A, 0x3C, 0x3E, 0x2F, 0x2D: s.single(.operator)
            case 0x28, 0x29, 0x5B, 0x5D, 0x2C, 0x2E: s.single(.punctuation)
            default: s.single(.error)
            }
        }
    }

    static func isKeyword(_ w: ArraySlice<UInt8>, cpp: Bool) -> Bool { keywords.contains(w) || (cpp && cppKeywords.contains(w)) }

    /// `name :` at a line's start (not `::`, not an access label or `default`): a goto label.
    static func label(_ s: SourceScanner) -> (name: Int, colon: Int)? {
        guard isIdentByte(s.peek()), !SourceScanner.isDigit(s.peek()) else { return nil }
        var j = s.position
        while j < s.count && isIdentByte(s.bytes[j]) { j += 1 }
        let w = s.bytes[s.position..<j]
        for excluded in ["public", "private", "protected", "default"] where w.elementsEqual(excluded.utf8) { return nil }
        var k = j
        while k < s.count && SourceScanner.isSpace(s.bytes[k]) { k += 1 }
        guard k < s.count, s.bytes[k] == 0x3A, k + 1 >= s.count || s.bytes[k + 1] != 0x3A else { return nil }
        return (j, k)
    }

    /// Skips whitespace and comments from `i`.
    static func skipComments(_ s: SourceScanner, _ i: Int) -> Int {
        var j = i
        while j < s.count {
            if SourceScanner.isSpace(s.bytes[j]) { j += 1; continue }
            if j + 1 < s.count && s.bytes[j] == 0x2F && s.bytes[j + 1] == 0x2F {
                while j < s.count && s.bytes[j] != 0x0A { j += 1 }
                continue
            }
            if j + 1 < s.count && s.bytes[j] == 0x2F && s.bytes[j + 1] == 0x2A {
                j += 2
                while j + 1 < s.count && !(s.bytes[j] == 0x2A && s.bytes[j + 1] == 0x2F) { j += 1 }
                j = min(j + 2, s.count)
                continue
            }
            break
        }
        return j
    }

    /// A function's head at the top level, as Pygments' pattern reads it: one (namespaced) name
    /// then `&`, `*` or spaces, the function's name, `(` and a signature without `;`, quotes or an
    /// inner `)`, then up to `{` (a definition) or `;` (a declaration). Looks at most 4 KB ahead.
    static func functionHead(_ s: SourceScanner, at start: Int) -> (name: Range<Int>, brace: Int?, semicolon: Int?)? {
        let limit = min(s.count, start + 4096)
        func ident(_ i: Int) -> Int {   // end of a namespaced identifier from i (i if none)
            var j = i
            while j < limit {
                if isIdentByte(s.bytes[j]) { j += 1 } else if j + 1 < limit && s.bytes[j] == 0x3A && s.bytes[j + 1] == 0x3A { j += 2 } else { break }
            }
            return j
        }
        var j = ident(start)
        guard j > start else { return nil }
        let afterType = j
        while j < limit && (s.bytes[j] == 0x26 || s.bytes[j] == 0x2A || SourceScanner.isSpace(s.bytes[j])) { j += 1 }
        guard j > afterType else { return nil }
        j = skipComments(s, j)
        guard j < limit, !SourceScanner.isDigit(s.bytes[j]) else { return nil }
        let nameStart = j
        j = ident(j)
        guard j > nameStart else { return nil }
        let nameEnd = j
        j = skipComments(s, j)
        guard j < limit, s.bytes[j] == 0x28 else { return nil }
        j += 1
        while j < limit && ![0x3B, 0x22, 0x27, 0x29].contains(s.bytes[j]) { j += 1 }
        guard j < limit, s.bytes[j] == 0x29 else { return nil }
        j = skipComments(s, j + 1)
        // A definition: up to `{` past anything but ; / " '.
        var k = j
        while k < limit && ![0x3B, 0x7B, 0x2F, 0x22, 0x27].contains(s.bytes[k]) { k += 1 }
        if k < limit && s.bytes[k] == 0x7B { return (nameStart..<nameEnd, k, nil) }
        k = j
        while k < limit && ![0x3B, 0x2F, 0x22, 0x27].contains(s.bytes[k]) { k += 1 }
        if k < limit && s.bytes[k] == 0x3B { return (nameStart..<nameEnd, nil, k) }
        return nil
    }

    static func lineComment(_ s: inout SourceScanner) {
        let start = s.position
        while !s.isAtEnd {
            if s.peek() == 0x0A && s.previous != 0x5C { break }
            s.position += 1
        }
        if !s.isAtEnd { s.position += 1 }   // Pygments' single comments take their newline
        s.emit(.commentSingle, from: start)
    }

    /// A preprocessor line: `#` and the directive as Comment.Preproc, an included file as
    /// Comment.PreprocFile, comments as comments, continued lines included; `#if 0` blocks as comments.
    static func preprocessor(_ s: inout SourceScanner) {
        let start = s.position
        // #if 0 ... #endif (or #else): the whole block.
        var j = s.position + 1
        while j < s.count && (s.bytes[j] == 0x20 || s.bytes[j] == 0x09) { j += 1 }
        if s.bytes[j..<min(j + 2, s.count)].elementsEqual("if".utf8) {
            var k = j + 2
            while k < s.count && (s.bytes[k] == 0x20 || s.bytes[k] == 0x09) { k += 1 }
            if k > j + 2 && k < s.count && s.bytes[k] == 0x30 && (k + 1 >= s.count || !isIdentByte(s.bytes[k + 1])) {
                ifZero(&s)
                return
            }
        }
        s.position += 1
        s.emit(.commentPreproc, from: start)
        var k = s.position
        while k < s.count && (s.bytes[k] == 0x20 || s.bytes[k] == 0x09) { k += 1 }
        if s.bytes[k..<min(k + 7, s.count)].elementsEqual("include".utf8) {
            let directive = s.position
            s.position = k + 7
            s.emit(.commentPreproc, from: directive)
            let ws = s.position
            s.skip { $0 == 0x20 || $0 == 0x09 }
            s.emit(.whitespace, from: ws)
            let open = s.peek()
            if open == 0x22 || open == 0x3C {
                let close: UInt8 = open == 0x22 ? 0x22 : 0x3E
                let f = s.position
                s.position += 1
                while !s.isAtEnd && s.peek() != close && s.peek() != 0x0A { s.position += 1 }
                if s.peek() == close { s.position += 1; s.emit(.commentPreprocFile, from: f) } else { s.emit(.commentPreproc, from: f) }
                let rest = s.position
                while !s.isAtEnd && s.peek() != 0x0A { s.position += 1 }
                if s.position > rest {
                    let text = s.bytes[rest..<s.position]
                    s.emit(text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) ? .whitespace : .commentSingle, from: rest)
                }
                return
            }
        }
        var run = s.position
        while !s.isAtEnd {
            if s.starts(with: "/*") {
                s.emit(.commentPreproc, from: run)
                s.blockComment(.commentMultiline)
                run = s.position
                continue
            }
            if s.starts(with: "//") {
                s.emit(.commentPreproc, from: run)
                let c = s.position
                while !s.isAtEnd && s.peek() != 0x0A { s.position += 1 }
                if !s.isAtEnd { s.position += 1 }
                s.emit(.commentSingle, from: c)
                return
            }
            if s.peek() == 0x0A {
                if s.previous == 0x5C { s.position += 1; continue }
                s.position += 1
                s.emit(.commentPreproc, from: run)
                return
            }
            s.position += 1
        }
        s.emit(.commentPreproc, from: run)
    }

    /// `#if 0` to its matching `#endif` or `#else`, nested `#if`s counted.
    static func ifZero(_ s: inout SourceScanner) {
        let start = s.position
        var depth = 0
        while !s.isAtEnd {
            // At a line's start: a directive?
            var j = s.position
            while j < s.count && (s.bytes[j] == 0x20 || s.bytes[j] == 0x09) { j += 1 }
            let directive = j < s.count && s.bytes[j] == 0x23
            var word = ArraySlice<UInt8>()
            if directive {
                var k = j + 1
                while k < s.count && (s.bytes[k] == 0x20 || s.bytes[k] == 0x09) { k += 1 }
                var e = k
                while e < s.count && SourceScanner.isLetter(s.bytes[e]) { e += 1 }
                word = s.bytes[k..<e]
            }
            while !s.isAtEnd && s.peek() != 0x0A { s.position += 1 }
            if !s.isAtEnd { s.position += 1 }
            if directive && s.position > start {
                if word.starts(with: "if".utf8) { depth += 1 }
                if word.elementsEqual("endif".utf8) { depth -= 1; if depth <= 0 { break } }
                if (word.elementsEqual("else".utf8) || word.elementsEqual("elif".utf8)) && depth <= 1 { break }
            }
        }
        s.emit(.commentPreproc, from: start)
    }

    static func string(_ s: inout SourceScanner) {
        let start = s.position
        s.position += 1
        var run = start
        while !s.isAtEnd && s.peek() != 0x22 && s.peek() != 0x0A {
            if s.peek() == 0x5C {
                s.emit(.string, from: run)
                let e = s.position
                let n = CFamilyLexer.escapeLength(s)
                if n > 1 { s.position += n } else { s.skipEscapedCharacter() }
                s.emit(.stringEscape, from: e)
                run = s.position
                continue
            }
            s.position += 1
        }
        if s.peek() == 0x22 { s.position += 1 }
        s.emit(.string, from: run)
    }

    /// The length of an escape at a backslash, as C spells them (1 when it is none).
    static func escapeLength(_ s: SourceScanner) -> Int {
        let c = s.peek(1)
        if [0x5C, 0x61, 0x62, 0x66, 0x6E, 0x72, 0x74, 0x76, 0x22, 0x27].contains(c) { return 2 }
        func hex(_ from: Int, _ most: Int) -> Int {
            var n = 0
            while n < most && SourceScanner.isHexDigit(s.peek(from + n)) { n += 1 }
            return n
        }
        if c == 0x78 { let n = hex(2, 4); return n >= 2 ? 2 + n : 1 }
        if c == 0x75 { return hex(2, 4) == 4 ? 6 : 1 }
        if c == 0x55 { return hex(2, 8) == 8 ? 10 : 1 }
        if c >= 0x30 && c <= 0x37 {
            var n = 2
            while n < 4 && s.peek(n) >= 0x30 && s.peek(n) <= 0x37 { n += 1 }
            return n
        }
        return 1
    }

    static func charLength(_ s: SourceScanner) -> Int? {
        if s.peek(1) == 0x5C {
            var j = 3
            while j < 8 && s.peek(j) != 0x27 && s.peek(j) != 0 && s.peek(j) != 0x0A { j += 1 }
            return s.peek(j) == 0x27 ? j + 1 : nil
        }
        let j = 1 + s.characterLength(at: 1)
        return s.peek(j) == 0x27 && s.peek(1) != 0x0A && s.peek(1) != 0x27 ? j + 1 : nil
    }

    static func number(_ s: inout SourceScanner) {
        let start = s.position
        if s.peek() == 0x2D { s.position += 1 }
        func digits(_ test: (UInt8) -> Bool) { while test(s.peek()) || (s.peek() == 0x27 && test(s.peek(1))) { s.position += 1 } }
        func intSuffix() { while [0x75, 0x55, 0x6C, 0x4C, 0x7A, 0x5A].contains(s.peek()) { s.position += 1 } }
        if s.peek() == 0x30 && s.peek(1) | 0x20 == 0x78 && SourceScanner.isHexDigit(s.peek(2)) {
            s.position += 2; digits(SourceScanner.isHexDigit)
            if s.peek() == 0x2E || s.peek() | 0x20 == 0x70 {   // a hexadecimal float
                if s.peek() == 0x2E { s.position += 1; digits(SourceScanner.isHexDigit) }
                if s.peek() | 0x20 == 0x70 { s.position += 1; if s.peek() == 0x2B || s.peek() == 0x2D { s.position += 1 }; digits(SourceScanner.isHexDigit) }
                if s.peek() | 0x20 == 0x6C { s.position += 1 }
                s.emit(.numberFloat, from: start); return
            }
            intSuffix(); s.emit(.numberHex, from: start); return
        }
        if s.peek() == 0x30 && s.peek(1) | 0x20 == 0x62 && (s.peek(2) == 0x30 || s.peek(2) == 0x31) {
            s.position += 2; digits { $0 == 0x30 || $0 == 0x31 }; intSuffix(); s.emit(.numberBin, from: start); return
        }
        digits(SourceScanner.isDigit)
        var float = false
        if s.peek() == 0x2E { float = true; s.position += 1; digits(SourceScanner.isDigit) }
        if let j = s.exponentDigits(at: 0) { float = true; s.position += j; digits(SourceScanner.isDigit) }
        if float || [0x66, 0x46].contains(s.peek()) {
            if [0x66, 0x46, 0x6C, 0x4C].contains(s.peek()) { s.position += 1; float = true }
        }
        if float { s.emit(.numberFloat, from: start); return }
        intSuffix()
        let text = s.bytes[(s.bytes[start] == 0x2D ? start + 1 : start)..<s.position]
        let octal = text.count > 1 && text.first == 0x30 && text.dropFirst().allSatisfy { ($0 >= 0x30 && $0 <= 0x37) || $0 == 0x27 || [0x75, 0x55, 0x6C, 0x4C, 0x7A, 0x5A].contains($0) }
        s.emit(octal ? .numberOct : .numberInteger, from: start)
    }
}
