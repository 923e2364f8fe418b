/// Rust, with Pygments' Rust token kinds: `fn` then Name.Function, `struct`/`enum`/`type` and
/// types after `:` or `->` as Name.Class, the prelude's types as Name.Builtin, the standard
/// macros (`println!`) as Name.Function.Magic, doc comments as String.Doc, attributes as
/// Comment.Preproc, lifetimes, raw strings, number suffixes as keywords.
enum RustLexer {
    static let keywords = WordSet(["as", "async", "await", "box", "const", "crate", "dyn", "else", "extern", "for", "if", "impl", "in",
                                   "loop", "match", "move", "mut", "pub", "ref", "return", "static", "super", "trait", "unsafe", "use",
                                   "where", "while", "break", "continue"])
    static let reserved = WordSet(["abstract", "become", "do", "final", "macro", "override", "priv", "typeof", "try", "unsized", "virtual",
                                   "yield"])
    static let types = WordSet(["u8", "u16", "u32", "u64", "u128", "i8", "i16", "i32", "i64", "i128", "usize", "isize", "f32", "f64", "char",
                                "str", "bool"])
    static let prelude = WordSet(spaced: """
        Copy Send Sized Sync Unpin Drop Fn FnMut FnOnce drop Box ToOwned Clone PartialEq PartialOrd Eq Ord AsRef AsMut Into \
        From Default Iterator Extend IntoIterator DoubleEndedIterator ExactSizeIterator Option Some None Result Ok Err String \
        ToString Vec
        """)
    static let macros = WordSet(spaced: """
        asm assert assert_eq assert_ne cfg column compile_error concat concat_idents dbg debug_assert debug_assert_eq \
        debug_assert_ne env eprint eprintln file format format_args format_args_nl global_asm include include_bytes \
        include_str is_aarch64_feature_detected is_arm_feature_detected is_mips64_feature_detected is_mips_feature_detected \
        is_powerpc64_feature_detected is_powerpc_feature_detected is_x86_feature_detected line llvm_asm log_syntax \
        macro_rules matches module_path option_env panic print println stringify thread_local todo trace_macros \
        unimplemented unreachable vec write writeln
        """)

    static let breaking = WordSet(["break", "continue"])
    static let typeDeclarations = WordSet(["struct", "enum", "type", "union"])
    static let lifetimesBuiltin = WordSet(["static", "_"])
    static let suffixes: [ByteString] = ["u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32", "f64"]

    /// Rust's names start with an ASCII letter or underscore.
    static let nameStart = ByteSet.letters + ByteSet("_")
    static func word(_ words: WordSet, followedBy next: UInt8? = nil) -> LexerGrammar.Pattern {
        .word(words, first: nameStart, rest: .wordBytes, ignoringCase: false, followedBy: next)
    }
    static func word(_ text: String) -> LexerGrammar.Pattern { word(WordSet([text])) }
    static let name = LexerGrammar.Pattern.run(first: nameStart, rest: .wordBytes)
    static let restOfLine = LexerGrammar.Pattern.sequence([.any(~ByteSet("\n")), .optional(.literal("\n"))])

    static let root = 0, typeName = 1, function = 2, namespace = 3, numberSuffix = 4, string = 5, attribute = 6

    /// Whitespace and comments, which every state reads the same; a line comment ends a wait
    /// for a name.
    static func comments(_ afterLine: LexerGrammar.Transition) -> [LexerGrammar.Rule] { [
        .init(.spaces, .whitespace),
        .init(.sequence([.either([.literal("//!"), .sequence([.literal("///"), .notAhead(.literal("/"))])]), restOfLine]), .stringDoc, afterLine),
        .init(.sequence([.literal("//"), restOfLine]), .commentSingle, afterLine),
        .init(.sequence([.ahead(.either([.sequence([.literal("/**"), .notAhead(.one(ByteSet("/*")))]), .literal("/*!")])),
                         .delimited(open: "/*", close: "*/", nested: true)]), .stringDoc),
        .init(.delimited(open: "/*", close: "*/", nested: true), .commentMultiline),
    ] }

    /// `'a`, `'static`: the quote as an operator, the name as an attribute (or builtin).
    static let lifetime: [LexerGrammar.Rule] = [
        .init([.literal("'"), word(lifetimesBuiltin)], [.operator, .nameBuiltin]),
        .init([.literal("'"), name], [.operator, .nameAttribute]),
        .init(.literal("'"), .operator),
    ]

    static let grammar = LexerGrammar([
        // root
        [.init(.sequence([.after(ByteSet(), orAtStart: true), .notAhead(.anyOf(["#![", "#!\r", "#!\n"])), .literal("#!"), .any(~ByteSet("\n"))]), .commentPreproc)]
        + comments(.stay) + [
            .init(.sequence([.literal("$"), .either([name, .sequence([.optional(.one(ByteSet("()"))), .optional(.literal(","))])])]), .commentPreproc),
            .init(.sequence([.literal("r#"), name]), .name),
            .init(.custom(first: ByteSet("br")) { s in rawString(s).map { (s.position + $0, nil) } }, .string),
            .init(.literal("b\""), .string, .push(string)),
            .init(.custom(first: ByteSet("b")) { s in s.peek(1) == 0x27 ? charLength(s, from: 1).map { (s.position + 1 + $0, nil) } : nil }, .stringChar),
            .init([word(breaking), .any(.spaces), .optional(.sequence([.notAhead(.sequence([.literal("'"), .one(.all), .literal("'")])),
                                                                        .literal("'"), name]))],
                  [.keyword, .whitespace, .nameLabel]),
            .init(word(keywords), .keyword),
            .init(word(reserved), .keywordReserved),
            .init(word(WordSet(["true", "false"])), .keywordConstant),
            .init(word(WordSet(["self", "Self"])), .nameBuiltinPseudo),
            .init(word("mod"), .keyword, .push(namespace)),
            .init(word("let"), .keywordDeclaration),
            .init(word("fn"), .keyword, .push(function)),
            .init(word(typeDeclarations), .keyword, .push(typeName)),
            // `default fn` / `default type`: both keywords, and the name after them plain.
            .init([word("default"), .spaces, .either([.literal("type"), .literal("fn")]), .notAhead(.one(.wordBytes))],
                  [.keyword, .whitespace, .keyword, .keyword]),
            .init(word(types), .keywordType),
            .init(word(prelude), .nameBuiltin),
            .init(.sequence([word(macros, followedBy: 0x21), .literal("!")]), .nameFunctionMagic),
            .init(name, .name),
            .init(.sequence([.literal("::"), .ahead(.one(nameStart))]), .punctuation),
            .init(.either([.literal(":"), .literal("->")]), .punctuation, .push(typeName)),
            .init(.custom(first: ByteSet("'")) { s in charLength(s, from: 0).map { (s.position + $0, nil) } }, .stringChar),
        ] + lifetime + [
            .init(.custom(first: .digits, number), .numberInteger, .push(numberSuffix)),
            .init(.literal("\""), .string, .push(string)),
            .init(.anyOf(["..=", ".."]), .operator),
            .init(.one(ByteSet("{}()[],.;")), .punctuation),
            .init(.anyOf(["#![", "#["]), .commentPreproc, .push(attribute)),
            .init(.literal("#"), .punctuation),
            .init(.one(ByteSet("+-*/%&|<>^!~@=?")), .operator),
        ],
        // typeName: after `:`, `->`, `struct`...: references and lifetimes, then the type.
        comments(.pop) + [
            .init(.literal("&"), .keywordPseudo),
        ] + lifetime + [
            .init(word(prelude), .nameBuiltin),
            .init(word(types), .keywordType),
            .init(name, .nameClass, .pop),
            .init(.empty, .text, .pop),
        ],
        // function
        comments(.pop) + [.init(name, .nameFunction, .pop), .init(.empty, .text, .pop)],
        // namespace
        comments(.pop) + [.init(name, .nameNamespace, .pop), .init(.empty, .text, .pop)],
        // numberSuffix
        [.init(.anyOf(suffixes), .keyword, .pop), .init(.empty, .text, .pop)],
        // string
        [
            .init(.custom(first: ByteSet("\\"), escape), .stringEscape),
            .init(.literal("\\"), .string),
            .init(.many(~ByteSet("\"\\")), .string),
            .init(.literal("\""), .string, .pop),
        ],
        // attribute: `#[...]`, brackets nested, strings inside as strings.
        [
            .init(.literal("\""), .string, .push(string)),
            .init(.literal("["), .commentPreproc, .push(attribute)),
            .init(.literal("]"), .commentPreproc, .pop),
            .init(.many(~ByteSet("\"[]")), .commentPreproc),
        ],
    ])

    static func tokens(_ source: String) -> [CodeToken] { grammar.tokens(source) }

    /// An escape in a string: `\n`, `\x7F`, `\u{1F600}`.
    @Sendable static func escape(_ s: SourceScanner) -> (end: Int, kind: TokenKind?)? {
        let c = s.peek(1)
        if [0x27, 0x22, 0x5C, 0x6E, 0x72, 0x74, 0x30].contains(c) { return (s.position + 2, nil) }
        if c == 0x78 && SourceScanner.isHexDigit(s.peek(2)) && SourceScanner.isHexDigit(s.peek(3)) { return (s.position + 4, nil) }
        if c == 0x75 && s.peek(2) == 0x7B {
            var j = 3
            while SourceScanner.isHexDigit(s.peek(j)) && j < 9 { j += 1 }
            if s.peek(j) == 0x7D { return (s.position + j + 1, nil) }
        }
        return nil
    }

    /// A character literal at `offset` from the position (the quote): its length, or nil.
    static func charLength(_ s: SourceScanner, from offset: Int) -> Int? {
        let c = s.peek(offset + 1)
        if c == 0x5C {
            let e = s.peek(offset + 2)
            var n = 0
            if [0x27, 0x22, 0x5C, 0x6E, 0x72, 0x74, 0x30].contains(e) { n = 2 }
            else if e == 0x78 && s.peek(offset + 3) >= 0x30 && s.peek(offset + 3) <= 0x37 && SourceScanner.isHexDigit(s.peek(offset + 4)) { n = 4 }
            else if e == 0x75 && s.peek(offset + 3) == 0x7B {
                var j = offset + 4
                while SourceScanner.isHexDigit(s.peek(j)) && j < offset + 10 { j += 1 }
                if s.peek(j) == 0x7D && j > offset + 4 { n = j - offset }
            }
            guard n > 0, s.peek(offset + 1 + n) == 0x27 else { return nil }
            return n + 2
        }
        guard c != 0, c != 0x0A else { return nil }
        let j = offset + 1 + s.characterLength(at: offset + 1)
        return s.peek(j) == 0x27 ? j - offset + 1 : nil
    }

    /// `r"..."`, `r#"..."#`, `br"..."`: the length, or nil.
    static func rawString(_ s: SourceScanner) -> Int? {
        var j = 0
        if s.peek() == 0x62 { j = 1 }
        guard s.peek(j) == 0x72 else { return nil }
        j += 1
        var hashes = 0
        while s.peek(j) == 0x23 { hashes += 1; j += 1 }
        guard s.peek(j) == 0x22 else { return nil }
        j += 1
        while s.position + j < s.count {
            if s.peek(j) == 0x22 && (1...max(hashes, 1)).allSatisfy({ hashes == 0 || s.peek(j + $0) == 0x23 }) {
                return j + 1 + hashes
            }
            j += 1
        }
        return nil
    }

    /// A number and its kind: binary, octal, hex, float (a fraction not starting a range, or an
    /// exponent) or integer.
    @Sendable static func number(_ scanner: SourceScanner) -> (end: Int, kind: TokenKind?)? {
        var s = scanner
        if s.starts(with: "0b") { s.position += 2; s.skip { $0 == 0x30 || $0 == 0x31 || $0 == 0x5F }; return (s.position, .numberBin) }
        if s.starts(with: "0o") { s.position += 2; s.skip { ($0 >= 0x30 && $0 <= 0x37) || $0 == 0x5F }; return (s.position, .numberOct) }
        if s.peek() == 0x30 && s.peek(1) | 0x20 == 0x78 { s.position += 2; s.skip { SourceScanner.isHexDigit($0) || $0 == 0x5F }; return (s.position, .numberHex) }
        s.skip { SourceScanner.isDigit($0) || $0 == 0x5F }
        func exponent(at i: Int) -> Int? { s.exponentEnd(at: i) { SourceScanner.isDigit($0) || $0 == 0x5F } }
        if s.peek() == 0x2E {
            var j = 1
            while SourceScanner.isDigit(s.peek(j)) || s.peek(j) == 0x5F { j += 1 }
            if j > 1, let e = exponent(at: j) { return (s.position + e, .numberFloat) }
            // `\.[0-9_]*(?!\.)`: not the first dot of a range.
            if s.peek(j) != 0x2E && !(j == 1 && s.peek(1) == 0x2E) { return (s.position + j, .numberFloat) }
        }
        if let e = exponent(at: 0) { return (s.position + e, .numberFloat) }
        return (s.position, .numberInteger)
    }
}
