/// C and C++, with Pygments' C-family token kinds: preprocessor lines as Comment.Preproc (the
/// included file as Comment.PreprocFile), functions named where they are defined or declared at
/// the top level (Name.Function), `struct`/`class` names as Name.Class, `case` labels as
/// Name.Constant, the standard library's and POSIX's type names as Keyword.Type, a leading minus
/// as part of a number.
enum CFamilyLexer {
    static let keywordList: [String] = ["asm", "auto", "break", "const", "constexpr", "continue", "countof", "default", "defer", "do", "else",
                                   "enum", "extern", "for", "goto", "if", "register", "restricted", "return", "sizeof", "struct",
                                   "static", "switch", "typedef", "typeof", "typeof_unqual", "volatile", "while", "union",
                                   "thread_local", "alignas", "alignof", "static_assert", "_Pragma", "fortran", "case",
                                   "_Alignas", "_Alignof", "_Noreturn", "_Countof", "_Generic", "_Thread_local", "_Static_assert",
                                   "_Imaginary", "noreturn", "imaginary", "complex"]
    static let cppKeywordList: [String] = ["catch", "const_cast", "delete", "dynamic_cast", "explicit", "export", "friend", "mutable", "new",
                                      "operator", "private", "protected", "public", "reinterpret_cast", "class", "__restrict",
                                      "static_cast", "template", "this", "throw", "throws", "try", "typeid", "using", "virtual",
                                      "concept", "decltype", "noexcept", "override", "final", "constinit", "consteval", "co_await",
                                      "co_return", "co_yield", "requires", "import", "module", "typename", "and", "and_eq", "bitand",
                                      "bitor", "compl", "not", "not_eq", "or", "or_eq", "xor", "xor_eq", "contract_assert", "pre",
                                      "post", "namespace"]
    static let reserved = WordSet(["inline", "_inline", "__inline", "naked", "restrict", "thread", "__m128i", "__m128d", "__m128", "__m64",
                                   "__asm", "__based", "__except", "__stdcall", "__cdecl", "__fastcall", "__declspec", "__finally",
                                   "__try", "__leave", "__w64", "__unaligned", "__raise", "__noop", "__identifier", "__forceinline",
                                   "__assume", "__null", "__int8", "__int16", "__int32", "__int64", "__wchar_t"])
    static let typeList: [String] = ["bool", "int", "long", "float", "short", "double", "char", "unsigned", "signed", "void", "_BitInt",
                                "__int128", "_Bool", "_Complex", "_Atomic", "_Decimal32", "_Decimal64", "_Decimal128"]
    static let cppTypeList: [String] = ["char16_t", "char32_t", "char8_t"]
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

    typealias Pattern = LexerGrammar.Pattern
    typealias Rule = LexerGrammar.Rule
    typealias Transition = LexerGrammar.Transition

    static let identifierByte = ByteSet.wordBytes + ByteSet("$")
    static let identifierStart = identifierByte & ~ByteSet.digits
    static let identifier = Pattern.run(first: identifierStart, rest: identifierByte)
    static func word(_ words: WordSet) -> Pattern { .word(words, first: identifierStart, rest: identifierByte, ignoringCase: false, followedBy: nil) }
    static func word(_ list: [String]) -> Pattern { word(WordSet(list)) }
    /// A name with its namespaces (`std::vector`), as Pygments' function pattern reads one.
    static let qualified = Pattern.repeated(.either([.many(identifierByte), .literal("::")]), atLeast: 1)
    static let lineStart = Pattern.after(ByteSet("\n"), past: ByteSet(" \t"), orAtStart: true)
    static let blockComment = Pattern.delimited(open: "/*", close: "*/", nested: false)
    /// Whitespace and comments (line comments without their newline).
    static let gap = Pattern.repeated(.either([.spaces, .restOfLine(prefix: "//", includingNewline: false), blockComment]), atLeast: 0)

    /// A function's head at the top level, as Pygments' pattern reads it: one (namespaced) name
    /// then `&`, `*` or spaces, the function's name, `(` and a signature without `;`, quotes or an
    /// inner `)`, then up to `{` (a definition) or `;` (a declaration).
    static func functionHead(definition: Bool) -> Pattern {
        .within(4096, .sequence([
            qualified, .many(ByteSet("&*") + .spaces), gap, .notAhead(.one(.digits)), qualified, gap,
            .literal("("), .any(~ByteSet(";\"')")), .literal(")"), gap,
            definition ? .sequence([.any(~ByteSet(";{/\"'")), .literal("{")]) : .sequence([.any(~ByteSet(";/\"'")), .literal(";")]),
        ]))
    }

    /// Where the lexer is: at the top level or in a namespace's body (where statements and
    /// functions start), in a statement, in a function's body, or in a function's head found
    /// ahead (before its name, in its signature, after it; of a definition or a declaration).
    enum Mode: Int, CaseIterable {
        case root, namespaceBody, statement, function, beforeName, signature, afterSignature, beforeNameOfDeclaration, signatureOfDeclaration,
             afterSignatureOfDeclaration
        var atTop: Bool { self == .root || self == .namespaceBody }
        var inHead: Bool { rawValue >= Mode.beforeName.rawValue }
    }
    static let string = Mode.allCases.count, preprocessor = string + 1, directive = string + 2

    /// What the next words are (the grammar's register): a class's name (after `struct`,
    /// `class`), a `case` label's constants (up to its colon), a namespace's names (up to `{`
    /// or `;`).
    enum Next: Int { case plain, className, caseValue, namespace }

    static let grammars = (c: grammar(cpp: false), cpp: grammar(cpp: true))

    static func tokens(_ source: String, cpp: Bool) -> [CodeToken] { (cpp ? grammars.cpp : grammars.c).tokens(source) }

    static func grammar(cpp: Bool) -> LexerGrammar {
        var states = Mode.allCases.map { rules($0, cpp: cpp) }
        states.append([
            .init(.literal("\""), .string, .pop),
            .init(.ahead(.literal("\n")), .text, .pop),
            .init(.custom(first: ByteSet("\\")) { s in
                let n = escapeLength(s)
                return (n > 1 ? s.position + n : s.position + 1 + (s.position + 1 < s.count ? s.characterLength(at: 1) : 0), nil)
            }, .stringEscape),
            .init(.many(~ByteSet("\"\\\n")), .string),
        ])
        // A preprocessor line after its `#`: an included file, comments, continued lines.
        let restOfLine = Pattern.any(~ByteSet("\n"))
        let spaces = Pattern.any(ByteSet(" \t"))
        let include = Pattern.sequence([spaces, .literal("include")])
        let onlySpaces = Pattern.sequence([spaces, .either([.ahead(.literal("\n")), .end])])
        var files: [Rule] = []
        for (file, kind) in [(Pattern.either([.sequence([.literal("\""), .any(~ByteSet("\"\n")), .literal("\"")]),
                                              .sequence([.literal("<"), .any(~ByteSet(">\n")), .literal(">")])]), TokenKind.commentPreprocFile),
                             (.either([.sequence([.literal("\""), .any(~ByteSet("\"\n"))]), .sequence([.literal("<"), .any(~ByteSet(">\n"))])]), .commentPreproc)] {
            files.append(.init([include, spaces, file, onlySpaces], [.commentPreproc, .whitespace, kind, .whitespace], .pop))
            files.append(.init([include, spaces, file, restOfLine], [.commentPreproc, .whitespace, kind, .commentSingle], .pop))
        }
        states.append(files + [
            .init([include, spaces], [.commentPreproc, .whitespace], .replace(with: directive)),
            .init(.empty, .text, .replace(with: directive)),
        ])
        states.append([
            .init(blockComment, .commentMultiline),
            .init(.sequence([.literal("//"), restOfLine, .optional(.literal("\n"))]), .commentSingle, .pop),
            .init(.literal("\\\n"), .commentPreproc),
            .init(.literal("\n"), .commentPreproc, .pop),
            .init(.many(~ByteSet("/\\\n")), .commentPreproc),
            .init(.one(ByteSet("/\\")), .commentPreproc),
        ])
        return LexerGrammar(states)
    }

    /// The rules in one mode.
    static func rules(_ mode: Mode, cpp: Bool) -> [Rule] {
        let plain = Next.plain.rawValue, className = Next.className.rawValue, caseValue = Next.caseValue.rawValue
        let namespace = Next.namespace.rawValue
        /// A token of a statement: at the top level, it starts one.
        let statement = mode.atTop ? Transition.push(Mode.statement.rawValue) : .stay
        func statementSetting(_ next: Int) -> Transition { Transition(pops: 0, pushes: statement.pushes, register: next) }
        var rules: [Rule] = []
        switch mode {
        case .beforeName, .beforeNameOfDeclaration:
            rules.append(.init(.sequence([.notAhead(.one(.digits)), qualified, .ahead(.sequence([gap, .literal("(")]))]), .nameFunction,
                               .replace(with: (mode == .beforeName ? Mode.signature : .signatureOfDeclaration).rawValue)))
        case .afterSignature:
            rules.append(.init(.literal("{"), .punctuation, .replace(with: Mode.function.rawValue)))
        case .afterSignatureOfDeclaration:
            rules.append(.init(.literal(";"), .punctuation, .pop))
        default: break
        }
        rules += [
            .init(.spaces, .whitespace),
            .init(.literal("\\\n"), .text),
            .init(.sequence([.literal("//"), .repeated(.either([.literal("\\\n"), .one(~ByteSet("\n"))]), atLeast: 0), .optional(.literal("\n"))]), .commentSingle),
            .init(blockComment, .commentMultiline),
        ]
        if !mode.inHead {
            rules += [
                .init(.sequence([lineStart, .custom(first: ByteSet("#"), ifZero)]), .commentPreproc),
                .init(.sequence([lineStart, .literal("#")]), .commentPreproc, .push(preprocessor)),
                .init([.sequence([lineStart, .notAhead(word(["public", "private", "protected", "default"])), identifier]), .any(.spaces),
                       .sequence([.literal(":"), .notAhead(.literal(":"))])], [.nameLabel, .whitespace, .punctuation]),
            ]
        }
        // Words. After `struct` (or `class`), the next word is the class's name, or else a keyword.
        let keywords = cpp ? WordSet(keywordList + cppKeywordList) : WordSet(keywordList)
        rules += [
            .init(.sequence([.notAhead(word(keywords)), identifier]), .nameClass, .set(plain)).when(className),
            .init(word(["inline"]), .keywordReserved).when(namespace),
            .init(identifier, .nameNamespace).when(namespace),
            .init(.sequence([word(cpp ? ["struct", "union", "class", "concept", "typename", "enum"] : ["struct", "union"]), .ahead(.one(.spaces))]),
                  .keyword, .set(className)),
            .init(word(["case"]), .keyword, .set(caseValue)),
        ]
        if cpp { rules.append(.init(word(["namespace"]), .keyword, .set(namespace))) }
        rules += [
            .init(word(keywords), .keyword, .set(plain)).when(className),
            .init(word(keywords), .keyword),
            .init(word(reserved), .keywordReserved, .set(plain)).when(className),
            .init(word(reserved), .keywordReserved),
        ]
        if mode.atTop {
            rules += [
                .init(.sequence([.ahead(.one(identifierStart)), .ahead(functionHead(definition: true))]), .text, .push(Mode.beforeName.rawValue)),
                .init(.sequence([.ahead(.one(identifierStart)), .ahead(functionHead(definition: false))]), .text,
                      .push(Mode.beforeNameOfDeclaration.rawValue)),
            ]
        }
        rules += [
            .init(word(cpp ? WordSet(typeList + cppTypeList) : WordSet(typeList)), .keywordType),
            .init(identifier, .nameConstant, statement).when(caseValue),
            .init(word(builtins), .nameBuiltin, statement),
            .init(word(libraryTypes), .keywordType, statement),
            .init(identifier, .name, statement),
        ]
        // Structure.
        rules += [
            .init(.literal("{"), .punctuation, Transition(pops: 0, pushes: [Mode.namespaceBody.rawValue], register: plain)).when(namespace),
            .init(.literal(";"), .punctuation, .set(plain)).when(namespace),
        ]
        switch mode {
        case .function: rules.append(.init(.literal("{"), .punctuation, .push(Mode.function.rawValue)))
        case .statement: rules.append(.init(.literal("{"), .punctuation, .pop))
        default: rules.append(.init(.literal("{"), .punctuation))
        }
        rules += [
            .init(.literal("}"), .punctuation, mode == .function || mode == .namespaceBody ? .pop : .stay),
            .init(.literal(";"), .punctuation, Transition(pops: mode == .statement ? 1 : 0, pushes: [])).when(className),
            .init(.literal(";"), .punctuation, Transition(pops: mode == .statement ? 1 : 0, pushes: [], register: plain)),
        ]
        // The tokens of statements.
        rules += [
            .init(.literal("\""), .string, Transition(pops: 0, pushes: statement.pushes + [string])),
            .init(.custom(first: ByteSet("'")) { s in charLength(s).map { (s.position + $0, nil) } }, .stringChar, statement),
            .init(.custom(first: .digits + ByteSet(".-"), number), .numberInteger, statement),
            .init(.sequence([.after(~ByteSet(":"), orAtStart: true), .literal(":"), .notAhead(.literal(":"))]), .punctuation,
                  statementSetting(plain)).when(caseValue),
            .init(.one(ByteSet("~!%^&*+=|?:<>/-")), .operator, statement),
        ]
        if mode == .signature || mode == .signatureOfDeclaration {
            // The signature's closing parenthesis.
            rules.append(.init(.literal(")"), .punctuation, .replace(with: (mode == .signature ? Mode.afterSignature : .afterSignatureOfDeclaration).rawValue)))
        }
        rules += [
            .init(.one(ByteSet("()[],.")), .punctuation, statement),
            .init(.one(.all), .error, statement),
        ]
        return rules
    }

    /// `#if 0` to its matching `#endif` or `#else`, nested `#if`s counted.
    @Sendable static func ifZero(_ scanner: SourceScanner) -> (end: Int, kind: TokenKind?)? {
        var j = scanner.position + 1
        while j < scanner.count && (scanner.bytes[j] == 0x20 || scanner.bytes[j] == 0x09) { j += 1 }
        guard scanner.bytes[j..<min(j + 2, scanner.count)].elementsEqual("if".utf8) else { return nil }
        var k = j + 2
        while k < scanner.count && (scanner.bytes[k] == 0x20 || scanner.bytes[k] == 0x09) { k += 1 }
        guard k > j + 2 && k < scanner.count && scanner.bytes[k] == 0x30 && (k + 1 >= scanner.count || !identifierByte.contains(scanner.bytes[k + 1])) else { return nil }
        var s = scanner
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
        return (s.position, nil)
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

    /// A number (a leading minus its part) and its kind: hex (or a hexadecimal float), binary,
    /// float, octal or integer, with C's suffixes and digit separators.
    @Sendable static func number(_ scanner: SourceScanner) -> (end: Int, kind: TokenKind?)? {
        var s = scanner
        let b = s.peek()
        guard SourceScanner.isDigit(b) || (b == 0x2E && SourceScanner.isDigit(s.peek(1)))
            || (b == 0x2D && (SourceScanner.isDigit(s.peek(1)) || (s.peek(1) == 0x2E && SourceScanner.isDigit(s.peek(2))))) else { return nil }
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
                return (s.position, .numberFloat)
            }
            intSuffix(); return (s.position, .numberHex)
        }
        if s.peek() == 0x30 && s.peek(1) | 0x20 == 0x62 && (s.peek(2) == 0x30 || s.peek(2) == 0x31) {
            s.position += 2; digits { $0 == 0x30 || $0 == 0x31 }; intSuffix(); return (s.position, .numberBin)
        }
        digits(SourceScanner.isDigit)
        var float = false
        if s.peek() == 0x2E { float = true; s.position += 1; digits(SourceScanner.isDigit) }
        if let j = s.exponentDigits(at: 0) { float = true; s.position += j; digits(SourceScanner.isDigit) }
        if float || [0x66, 0x46].contains(s.peek()) {
            if [0x66, 0x46, 0x6C, 0x4C].contains(s.peek()) { s.position += 1; float = true }
        }
        if float { return (s.position, .numberFloat) }
        intSuffix()
        let text = s.bytes[(s.bytes[start] == 0x2D ? start + 1 : start)..<s.position]
        let octal = text.count > 1 && text.first == 0x30 && text.dropFirst().allSatisfy { ($0 >= 0x30 && $0 <= 0x37) || $0 == 0x27 || [0x75, 0x55, 0x6C, 0x4C, 0x7A, 0x5A].contains($0) }
        return (s.position, octal ? .numberOct : .numberInteger)
    }
}
