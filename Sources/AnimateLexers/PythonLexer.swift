/// Python 3, with Pygments' Python lexer's token kinds: `def` then Name.Function (magic methods
/// Name.Function.Magic), `class` then Name.Class, import lines as Keyword.Namespace and
/// Name.Namespace, builtins and exceptions, docstrings as String.Doc, string prefixes as
/// String.Affix, f-string fields as String.Interpol around the code inside them, `.` and `=` as
/// operators, `and`/`or`/`not`/`in`/`is` as Operator.Word.
enum PythonLexer {
    static let keywords = WordSet(["assert", "async", "await", "break", "continue", "del", "elif", "else", "except", "finally", "for",
                                   "global", "if", "lambda", "pass", "raise", "nonlocal", "return", "try", "while", "yield", "as",
                                   "with"])
    static let constants = WordSet(["True", "False", "None"])
    static let operatorWords = WordSet(["in", "is", "and", "or", "not"])
    static let builtins = WordSet(spaced: """
        __import__ abs aiter all any bin bool bytearray breakpoint bytes callable chr classmethod compile complex delattr dict \
        dir divmod enumerate eval filter float format frozendict frozenset getattr globals hasattr hash hex id input int \
        isinstance issubclass iter len list locals map max memoryview min next object oct open ord pow print property range \
        repr reversed round sentinel set setattr slice sorted staticmethod str sum super tuple type vars zip
        """)
    static let pseudo = WordSet(["self", "Ellipsis", "NotImplemented", "cls"])
    static let exceptions = WordSet(spaced: """
        ArithmeticError AssertionError AttributeError BaseException BufferError BytesWarning DeprecationWarning EOFError \
        EnvironmentError Exception FloatingPointError FutureWarning GeneratorExit IOError ImportError ImportWarning \
        IndentationError IndexError KeyError KeyboardInterrupt LookupError MemoryError NameError NotImplementedError OSError \
        OverflowError PendingDeprecationWarning ReferenceError ResourceWarning RuntimeError RuntimeWarning StopIteration \
        SyntaxError SyntaxWarning SystemError SystemExit TabError TypeError UnboundLocalError UnicodeDecodeError \
        UnicodeEncodeError UnicodeError UnicodeTranslateError UnicodeWarning UserWarning ValueError VMSError Warning \
        WindowsError ZeroDivisionError BlockingIOError ChildProcessError ConnectionError BrokenPipeError \
        ConnectionAbortedError ConnectionRefusedError ConnectionResetError FileExistsError FileNotFoundError \
        InterruptedError IsADirectoryError NotADirectoryError PermissionError ProcessLookupError TimeoutError \
        StopAsyncIteration ModuleNotFoundError RecursionError EncodingWarning
        """)
    static let magicVariables = WordSet(["__annotations__", "__bases__", "__class__", "__closure__", "__code__", "__defaults__",
                                         "__dict__", "__doc__", "__file__", "__func__", "__globals__", "__kwdefaults__", "__module__",
                                         "__mro__", "__name__", "__objclass__", "__qualname__", "__self__", "__slots__", "__weakref__"])

    /// The data model's special methods: Name.Function.Magic wherever they stand.
    static let magicMethods = WordSet(spaced: """
        __abs__ __add__ __aenter__ __aexit__ __aiter__ __and__ __anext__ __await__ __bool__ __bytes__ __call__ __complex__ \
        __contains__ __del__ __delattr__ __delete__ __delitem__ __dir__ __divmod__ __enter__ __eq__ __exit__ __float__ \
        __floordiv__ __format__ __ge__ __get__ __getattr__ __getattribute__ __getitem__ __gt__ __hash__ __iadd__ __iand__ \
        __ifloordiv__ __ilshift__ __imatmul__ __imod__ __imul__ __index__ __init__ __instancecheck__ __int__ __invert__ \
        __ior__ __ipow__ __irshift__ __isub__ __iter__ __itruediv__ __ixor__ __le__ __len__ __length_hint__ __lshift__ __lt__ \
        __matmul__ __missing__ __mod__ __mul__ __ne__ __neg__ __new__ __next__ __or__ __pos__ __pow__ __prepare__ __radd__ \
        __rand__ __rdivmod__ __repr__ __reversed__ __rfloordiv__ __rlshift__ __rmatmul__ __rmod__ __rmul__ __ror__ __round__ \
        __rpow__ __rrshift__ __rshift__ __rsub__ __rtruediv__ __rxor__ __set__ __setattr__ __setitem__ __str__ __sub__ \
        __subclasscheck__ __truediv__ __xor__
        """)

    typealias Pattern = LexerGrammar.Pattern
    typealias Rule = LexerGrammar.Rule
    typealias Transition = LexerGrammar.Transition

    /// Where the lexer is: code at the top level, in an f-string's field, or in brackets inside
    /// one (so the field's closing brace is found), the last two for strings in either quote;
    /// each in a mode: plain code, after `def`, after `class`, on a `from` or `import` line.
    enum Context: Int, CaseIterable { case top, fieldDouble, fieldSingle, bracketsDouble, bracketsSingle }
    enum Mode: Int, CaseIterable { case code, function, className, fromImport, importList }

    /// A string's quotes and what its prefix makes it.
    struct Quote {
        var byte: UInt8
        var triple: Bool
        var raw: Bool
        var formatted: Bool
        var kind: TokenKind { byte == 0x22 ? .stringDouble : .stringSingle }
        var quotes: Pattern { triple ? .literal(ByteString([byte, byte, byte])) : .literal(ByteString([byte])) }
        /// The states of a string's body (16 kinds) come after the code's.
        var state: Int {
            Context.allCases.count * Mode.allCases.count + (byte == 0x22 ? 0 : 8) + (triple ? 4 : 0) + (raw ? 2 : 0) + (formatted ? 1 : 0)
        }
        static let all: [Quote] = [UInt8(0x22), 0x27].flatMap { byte in
            [false, true].flatMap { triple in [false, true].flatMap { raw in [false, true].map { Quote(byte: byte, triple: triple, raw: raw, formatted: $0) } } }
        }
    }

    static func state(_ context: Context, _ mode: Mode) -> Int { context.rawValue * Mode.allCases.count + mode.rawValue }
    static func field(_ byte: UInt8) -> Int { state(byte == 0x22 ? .fieldDouble : .fieldSingle, .code) }
    /// An f-string field's format spec after its colon, up to the closing brace.
    static func formatSpec(_ byte: UInt8) -> Int { Context.allCases.count * Mode.allCases.count + 16 + (byte == 0x22 ? 0 : 1) }

    static let grammar: LexerGrammar = {
        var states: [[Rule]] = []
        for context in Context.allCases {
            for mode in Mode.allCases { states.append(code(context, mode)) }
        }
        for quote in Quote.all { states.append(body(quote)) }
        for byte in [UInt8(0x22), 0x27] {
            let kind: TokenKind = byte == 0x22 ? .stringDouble : .stringSingle
            states.append([
                .init(.many(~ByteSet(bytes: [0x7D, 0x7B, byte, 0x0A])), kind),
                .init(.literal("}"), .stringInterpol, .pop),
                .init(.literal("{"), .stringInterpol, .replace(with: field(byte))),
                .init(.empty, .text, .pop),
            ])
        }
        return LexerGrammar(states)
    }()

    static func tokens(_ source: String) -> [CodeToken] { grammar.tokens(source) }

    static func word(_ words: WordSet) -> Pattern { .word(words) }
    static func word(_ text: String) -> Pattern { .word(WordSet([text])) }
    static let anyWord = Pattern.run(first: .wordStart, rest: .wordBytes)
    static let atLineStart = Pattern.after(ByteSet("\n"), past: ByteSet(" \t\u{0C}\r"), orAtStart: true)
    /// Followed by a space, a tab or a line continuation.
    static let spaced = Pattern.ahead(.one(ByteSet(" \t\\")))

    /// A string's prefix with these flags (one or two of `rftbu`, any case; none when neither),
    /// where a quote follows and no word comes before.
    static func prefix(raw: Bool, formatted: Bool) -> Pattern {
        let letters = ByteSet("rftbuRFTBU")
        let found = Pattern.custom(first: letters) { s in
            guard !SourceScanner.isWordByte(s.previous) else { return nil }
            var n = 0, r = false, f = false
            while n < 2, letters.contains(s.peek(n)) {
                switch s.peek(n) | 0x20 {
                case 0x72: r = true
                case 0x66, 0x74: f = true
                default: break
                }
                n += 1
            }
            return r == raw && f == formatted && (s.peek(n) == 0x22 || s.peek(n) == 0x27) ? (s.position + n, nil) : nil
        }
        return raw || formatted ? found : .optional(found)
    }

    /// The rules of code in one context and mode.
    static func code(_ context: Context, _ mode: Mode) -> [Rule] {
        func to(_ mode: Mode) -> Transition { .replace(with: state(context, mode)) }
        let quoteByte: UInt8 = context == .fieldDouble || context == .bracketsDouble ? 0x22 : 0x27
        var rules: [Rule] = [
            .init(.literal("\n"), .whitespace, mode == .fromImport || mode == .importList ? to(.code) : .stay),
            .init(.many(ByteSet(" \t\u{0C}\r")), .whitespace),
        ]
        switch context {
        case .top: break
        case .fieldDouble, .fieldSingle:
            // The field's closing brace or format colon ends its code.
            rules += [
                .init(.literal("}"), .stringInterpol, .pop),
                .init(.sequence([.literal("!"), .one(.all), .literal("}")]), .stringInterpol, .pop),
                .init(.literal(":"), .stringInterpol, .replace(with: formatSpec(quoteByte))),
            ]
        case .bracketsDouble, .bracketsSingle:
            rules.append(.init(.one(ByteSet(")]}")), .punctuation, .pop))
        }
        if context != .top {
            let brackets: Context = quoteByte == 0x22 ? .bracketsDouble : .bracketsSingle
            rules.append(.init(.one(ByteSet("([{")), .punctuation, .push(state(brackets, mode))))
        }
        rules += [
            .init(.sequence([.after(ByteSet(), orAtStart: true), .restOfLine(prefix: "#!", includingNewline: false)]), .commentHashbang),
            .init(.restOfLine(prefix: "#", includingNewline: false), .commentSingle),
            .init(.literal("\\"), .text),
        ]
        // A docstring: a triple-quoted string opening a line, whole (not in a field).
        if context == .top {
            for raw in [false, true] {
                for quotes in ["\"\"\"", "'''"] as [ByteString] {
                    rules.append(.init([atLineStart, prefix(raw: raw, formatted: false), .delimited(open: quotes, close: quotes, nested: false)],
                                       [.text, .stringAffix, .stringDoc]))
                }
            }
        }
        for quote in Quote.all.sorted(by: { $0.triple && !$1.triple }) {
            rules.append(.init([prefix(raw: quote.raw, formatted: quote.formatted), quote.quotes], [.stringAffix, quote.kind], .push(quote.state)))
        }
        rules.append(.init(.custom(first: .digits + ByteSet("."), number), .numberInteger))
        switch mode {
        case .function:
            rules += [.init(word(magicMethods), .nameFunctionMagic, to(.code)), .init(anyWord, .nameFunction, to(.code))]
        case .className:
            rules.append(.init(anyWord, .nameClass, to(.code)))
        case .fromImport:
            rules += [.init(word("import"), .keywordNamespace, to(.importList)), .init(word("None"), .keywordConstant), .init(anyWord, .nameNamespace)]
        case .importList:
            rules += [.init(word("as"), .keyword), .init(anyWord, .nameNamespace)]
        case .code:
            let notAfterDot = Pattern.after(~ByteSet("."), orAtStart: true)
            rules += [
                .init(.sequence([word("def"), spaced]), .keyword, to(.function)),
                .init(.sequence([word("class"), spaced]), .keyword, to(.className)),
                .init(.sequence([word("from"), spaced]), .keywordNamespace, to(.fromImport)),
                .init(.sequence([word("import"), spaced]), .keywordNamespace, to(.importList)),
                // `match`/`case` as a statement: followed by something that does not make it a plain name.
                .init(.sequence([atLineStart, word(WordSet(["match", "case"])), .ahead(.sequence([.many(ByteSet(" \t")), .one(~ByteSet(":,;=^&|@~)]}\n"))]))]),
                      .keyword),
                .init(word(keywords), .keyword),
                .init(word(constants), .keywordConstant),
                .init(word(operatorWords), .operatorWord),
                .init(.sequence([notAfterDot, word(builtins)]), .nameBuiltin),
                .init(.sequence([notAfterDot, word(pseudo)]), .nameBuiltinPseudo),
                .init(.sequence([notAfterDot, word(exceptions)]), .nameException),
                .init(word(magicMethods), .nameFunctionMagic),
                .init(word(magicVariables), .nameVariableMagic),
                .init(anyWord, .name),
            ]
        }
        rules += [
            .init(.sequence([.literal("@"), .many(.wordBytes + ByteSet("."))]), .nameDecorator),
            .init(.literal("@"), .operator),
        ]
        if mode == .importList { rules.append(.init(.literal(","), .operator)) }
        if mode == .importList || mode == .fromImport { rules.append(.init(.literal("."), .nameNamespace)) }
        rules += [
            .init(.anyOf(["!=", "==", "<<", ">>", ":="]), .operator),
            .init(.one(ByteSet("-~+/*%=<>&^|.")), .operator),
            .init(.one(ByteSet("]{}:(),;[")), .punctuation),
        ]
        return rules
    }

    /// A string's contents after its opening quotes (or after an f-string field), through its
    /// closing quotes; in an f-string, its fields' code in states of their own.
    static func body(_ q: Quote) -> [Rule] {
        var rules: [Rule] = [.init(q.quotes, q.kind, .pop)]
        if !q.triple { rules.append(.init(.ahead(.literal("\n")), .text, .pop)) }
        // A raw string keeps its backslashes, but one still shields a quote.
        rules.append(q.raw ? .init(.sequence([.literal("\\"), .optional(.one(.all))]), q.kind)
                           : .init(.custom(first: ByteSet("\\")) { s in (s.position + escapeLength(s), nil) }, .stringEscape))
        var plain = ByteSet(bytes: [q.byte, 0x5C])
        if !q.triple { plain.insert(0x0A) }
        if q.formatted {
            plain = plain + ByteSet("{}")
            rules += [
                .init(.anyOf(["{{", "}}"]), .stringEscape),
                .init(.literal("{"), .stringInterpol, .push(field(q.byte))),
                .init(.literal("}"), .stringInterpol),
            ]
        } else {
            plain.insert(0x25)
            rules.append(.init(.custom(first: ByteSet("%")) { s in percentFormat(s).map { (s.position + $0, nil) } }, .stringInterpol))
        }
        rules += [.init(.many(~plain), q.kind), .init(.one(.all), q.kind)]
        return rules
    }

    static func escapeLength(_ s: SourceScanner) -> Int {
        let c = s.peek(1)
        if c == 0 { return 1 }
        if c == 0x4E && s.peek(2) == 0x7B {   // \N{NAME}
            var j = 3
            while s.peek(j) != 0 && s.peek(j) != 0x7D && s.peek(j) != 0x0A && j < 100 { j += 1 }
            return s.peek(j) == 0x7D ? j + 1 : 2
        }
        func hex(_ n: Int) -> Bool { (2..<(2 + n)).allSatisfy { SourceScanner.isHexDigit(s.peek($0)) } }
        if c == 0x78 && hex(2) { return 4 }
        if c == 0x75 && hex(4) { return 6 }
        if c == 0x55 && hex(8) { return 10 }
        if c >= 0x30 && c <= 0x37 {
            var n = 2
            while n < 4 && s.peek(n) >= 0x30 && s.peek(n) <= 0x37 { n += 1 }
            return n
        }
        // Any other character after the backslash (a multi-byte one whole).
        return 1 + s.characterLength(at: 1)
    }

    /// The length of a %-format at the position (`%s`, `%-5.2f`, `%(name)s`), or nil.
    static func percentFormat(_ s: SourceScanner) -> Int? {
        var j = 1
        if s.peek(j) == 0x28 {
            while s.peek(j) != 0 && s.peek(j) != 0x29 && s.peek(j) != 0x0A && j < 64 { j += 1 }
            guard s.peek(j) == 0x29 else { return nil }
            j += 1
        }
        while [0x23, 0x30, 0x2D, 0x20, 0x2B].contains(s.peek(j)) { j += 1 }
        while SourceScanner.isDigit(s.peek(j)) || s.peek(j) == 0x2A { j += 1 }
        if s.peek(j) == 0x2E { j += 1; while SourceScanner.isDigit(s.peek(j)) || s.peek(j) == 0x2A { j += 1 } }
        if [0x68, 0x6C, 0x4C].contains(s.peek(j)) { j += 1 }
        guard [0x64, 0x69, 0x6F, 0x75, 0x78, 0x58, 0x65, 0x45, 0x66, 0x46, 0x67, 0x47, 0x63, 0x72, 0x73, 0x61, 0x25].contains(s.peek(j)) else { return nil }
        return j + 1
    }

    /// A number and its kind: hex, octal, binary, float (a fraction, an exponent or `j`) or integer.
    @Sendable static func number(_ scanner: SourceScanner) -> (end: Int, kind: TokenKind?)? {
        guard SourceScanner.isDigit(scanner.peek()) || SourceScanner.isDigit(scanner.peek(1)) else { return nil }
        var s = scanner
        func digits(_ test: (UInt8) -> Bool) { while test(s.peek()) || (s.peek() == 0x5F && test(s.peek(1))) { s.position += 1 } }
        let b1 = s.peek(1) | 0x20
        if s.peek() == 0x30 && (b1 == 0x78 || b1 == 0x6F || b1 == 0x62) {
            func isOctal(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x37 }
            func isBinary(_ c: UInt8) -> Bool { c == 0x30 || c == 0x31 }
            let test: (UInt8) -> Bool
            switch b1 {
            case 0x78: test = SourceScanner.isHexDigit
            case 0x6F: test = isOctal
            default: test = isBinary
            }
            if test(s.peek(2)) || (s.peek(2) == 0x5F && test(s.peek(3))) {
                s.position += 2
                digits(test)
                return (s.position, b1 == 0x78 ? .numberHex : b1 == 0x6F ? .numberOct : .numberBin)
            }
        }
        digits(SourceScanner.isDigit)
        var float = false
        if s.peek() == 0x2E { float = true; s.position += 1; digits(SourceScanner.isDigit) }
        if let j = s.exponentDigits(at: 0) { float = true; s.position += j; digits(SourceScanner.isDigit) }
        if s.peek() | 0x20 == 0x6A { float = true; s.position += 1 }
        return (s.position, float ? .numberFloat : .numberInteger)
    }

}
