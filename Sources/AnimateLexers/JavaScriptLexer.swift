/// JavaScript and TypeScript, with Pygments' token kinds: identifiers as Name.Other, the
/// language's globals as Name.Builtin, `typeof`/`new`/`in` as Operator.Word, regular expressions
/// where an expression may start, template literals with `${}` fields as String.Interpol; for
/// TypeScript also type keywords, decorators, and the name after `name:` as Keyword.Type.
enum JavaScriptLexer {
    static let keywords = WordSet(["for", "in", "while", "do", "break", "return", "continue", "switch", "case", "default", "if", "else",
                                   "throw", "try", "catch", "finally", "yield", "await", "async", "this", "of", "static", "export",
                                   "import", "debugger", "extends", "super"])
    static let declarations = WordSet(["var", "let", "const", "with", "function", "class"])
    static let reserved = WordSet(["abstract", "boolean", "byte", "char", "double", "enum", "final", "float", "goto", "implements", "int",
                                   "interface", "long", "native", "package", "private", "protected", "public", "short", "synchronized",
                                   "throws", "transient", "volatile"])
    static let reservedWords = WordSet(["constructor", "from", "as"])
    static let operatorWords = WordSet(["typeof", "instanceof", "in", "void", "delete", "new"])
    static let constants = WordSet(["true", "false", "null", "NaN", "Infinity", "undefined"])
    static let builtins = WordSet(spaced: """
        Array Boolean Date BigInt Function Math ArrayBuffer Number Object RegExp String Promise Proxy decodeURI \
        decodeURIComponent encodeURI encodeURIComponent eval isFinite isNaN parseFloat parseInt DataView document window \
        globalThis global arguments Symbol Intl WeakSet WeakMap Set Map Reflect JSON Atomics Int8Array Int16Array Int32Array \
        BigInt64Array Float32Array Float64Array Uint8ClampedArray Uint8Array Uint16Array Uint32Array BigUint64Array
        """)
    static let exceptions = WordSet(["Error", "EvalError", "InternalError", "RangeError", "ReferenceError", "SyntaxError", "TypeError", "URIError"])
    // TypeScript's own.
    static let tsKeywords = WordSet(["abstract", "implements", "private", "protected", "public", "readonly"])
    static let tsDeclarations = WordSet(["enum", "interface", "override"])
    static let tsReserved = WordSet(["declare", "type"])
    static let tsTypes = WordSet(["string", "boolean", "number"])

    typealias Pattern = LexerGrammar.Pattern
    typealias Rule = LexerGrammar.Rule
    typealias Transition = LexerGrammar.Transition

    static let identifierStart = ByteSet.letters + ByteSet("_$", nonASCII: true)
    static let identifierPart = identifierStart + .digits
    static func word(_ words: WordSet) -> Pattern { .word(words, first: identifierStart, rest: identifierPart, ignoringCase: false, followedBy: nil) }

    /// Where the lexer is: at the top level, in a template's `${}` field, in braces inside one;
    /// each twice, as a `/` there may start a regular expression (after an operator, an opening
    /// bracket, a keyword, or at a line's start) or not. Templates' text is a state of its own.
    enum Context: Int { case top, field, braces }
    static func state(_ context: Context, regex: Bool) -> Int { context.rawValue * 2 + (regex ? 0 : 1) }
    static let template = 6

    static let grammars = (javaScript: grammar(typeScript: false), typeScript: grammar(typeScript: true))

    static func tokens(_ source: String, typeScript: Bool) -> [CodeToken] {
        (typeScript ? grammars.typeScript : grammars.javaScript).tokens(source)
    }

    static func grammar(typeScript: Bool) -> LexerGrammar {
        var states: [[Rule]] = []
        for context in [Context.top, .field, .braces] {
            for regex in [true, false] { states.append(rules(context, regex: regex, typeScript: typeScript)) }
        }
        states.append([
            .init(.literal("`"), .stringBacktick, .pop),
            .init(.literal("${"), .stringInterpol, .push(state(.field, regex: true))),
            .init(.repeated(.either([.sequence([.literal("\\"), .optional(.one(.all))]), .sequence([.literal("$"), .notAhead(.literal("{"))]),
                                     .one(~ByteSet("`$\\"))]), atLeast: 1), .stringBacktick),
        ])
        return LexerGrammar(states)
    }

    /// The rules of one context, where a `/` starts a regular expression or not.
    static func rules(_ context: Context, regex: Bool, typeScript: Bool) -> [Rule] {
        /// Stays in the context; a `/` next starts a regular expression or not.
        let allowing = Transition.replace(with: state(context, regex: true))
        let dividing = Transition.replace(with: state(context, regex: false))
        var rules: [Rule] = [
            .init(.sequence([.after(ByteSet(), orAtStart: true), .restOfLine(prefix: "#!", includingNewline: false)]), .commentHashbang),
            .init(.spacesWithNewline, .whitespace, allowing),
            .init(.spaces, .whitespace),
            .init(.literal("<!--"), .comment),
            .init(.restOfLine(prefix: "//", includingNewline: false), .commentSingle),
            .init(.delimited(open: "/*", close: "*/", nested: false), .commentMultiline),
        ]
        switch context {
        case .top: break
        case .field: rules.append(.init(.literal("}"), .stringInterpol, .pop))
        case .braces: rules.append(.init(.literal("}"), .punctuation, .pop))
        }
        if regex { rules.append(.init(.custom(first: ByteSet("/")) { s in regexLength(s).map { (s.position + $0, nil) } }, .stringRegex, dividing)) }
        rules += [
            .init(.custom(first: .digits + ByteSet("."), number), .numberFloat, dividing),
            .init(.quoted(open: "\"", close: 0x22, escape: .backslash, stopsAtNewline: false, unclosed: true, followedBy: nil), .stringDouble, dividing),
            .init(.quoted(open: "'", close: 0x27, escape: .backslash, stopsAtNewline: false, unclosed: true, followedBy: nil), .stringSingle, dividing),
            // A template's text comes back to this context where a `/` divides.
            .init(.literal("`"), .stringBacktick, Transition(pops: 1, pushes: [state(context, regex: false), template])),
            .init(.sequence([.literal("#"), .one(.letters + ByteSet("_")), .any(.wordBytes)]), .name, dividing),
        ]
        if typeScript {
            let ownWords = WordSet(["abstract", "implements", "private", "protected", "public", "readonly", "enum", "interface", "override",
                                    "declare", "type", "string", "boolean", "number"])
            let nameBytes = ByteSet.wordBytes + ByteSet("?.$")
            rules += [
                .init(.sequence([.literal("@"), .one(identifierStart), .any(identifierPart)]), .keywordDeclaration, dividing),
                // `name: Type` (a property, a parameter, and its type; the name may carry `?`, dots and `$`).
                .init([.sequence([.notAhead(.word(ownWords, first: identifierPart, rest: identifierPart, ignoringCase: false, followedBy: nil)),
                                  .ahead(.within(4096, .sequence([.many(nameBytes), .any(.spaces), .literal(":"), .notAhead(.literal(":")), .any(.spaces),
                                                                  .one(nameBytes)]))),
                                  .many(nameBytes)]),
                       .any(.spaces), .literal(":"), .any(.spaces), .many(nameBytes)],
                      [.nameOther, .whitespace, .operator, .whitespace, .keywordType], dividing),
                .init(word(tsKeywords), .keyword, allowing),
                .init(word(tsDeclarations), .keywordDeclaration, allowing),
                .init(word(tsReserved), .keywordReserved, dividing),
                .init(word(tsTypes), .keywordType, dividing),
            ]
        }
        rules += [
            .init(word(operatorWords), .operatorWord, allowing),
            .init(word(reservedWords), .keywordReserved, dividing),
            .init(word(keywords), .keyword, allowing),
            .init(word(declarations), .keywordDeclaration, allowing),
            .init(word(reserved), .keywordReserved, dividing),
            .init(word(constants), .keywordConstant, dividing),
            .init(word(builtins), .nameBuiltin, dividing),
            .init(word(exceptions), .nameException, dividing),
            .init(.run(first: identifierStart, rest: identifierPart), .nameOther, dividing),
            .init(.anyOf(["...", "=>"]), .punctuation, dividing),
            .init(.custom(first: ByteSet("+-?~:<>=!*|&%^/")) { s in operatorLength(s).map { (s.position + $0, nil) } }, .operator, allowing),
            // Braces in a field are counted, so its closing brace is found.
            .init(.literal("{"), .punctuation, context == .top ? allowing
                  : Transition(pops: 1, pushes: [state(context, regex: false), state(.braces, regex: true)])),
            .init(.one(ByteSet("([;,")), .punctuation, allowing),
            .init(.one(ByteSet("})].")), .punctuation, dividing),
            .init(.sequence([.literal("\\"), .ahead(.literal("\n"))]), .operator, dividing),
            .init(.one(.all), .error, dividing),
        ]
        return rules
    }

    /// The length of an operator at the position, or nil.
    static func operatorLength(_ s: SourceScanner) -> Int? {
        for op: StaticString in ["++", "--", "??=", "??"] where s.starts(with: op) { return op.utf8CodeUnitCount }
        let b = s.peek()
        if b == 0x7E || b == 0x3F || b == 0x3A { return 1 }
        var n: Int
        if s.starts(with: ">>>") { n = 3 } else if s.starts(with: "<<") || s.starts(with: ">>") || s.starts(with: "==") || s.starts(with: "!=")
            || s.starts(with: "**") || s.starts(with: "||") || s.starts(with: "&&") { n = 2 } else if [0x3D, 0x21, 0x2D, 0x3C, 0x3E, 0x2B, 0x2A, 0x25, 0x26, 0x7C, 0x5E, 0x2F].contains(b) { n = 1 } else { return nil }
        if s.peek(n) == 0x3D { n += 1 }
        return n
    }

    /// The length of a regular expression literal at a `/`, or nil when it is none.
    static func regexLength(_ s: SourceScanner) -> Int? {
        guard s.peek(1) != 0x2F && s.peek(1) != 0x2A else { return nil }
        var i = 1
        var inClass = false
        while true {
            let c = s.peek(i)
            if c == 0 || c == 0x0A { return nil }
            if c == 0x5C { i += 2; continue }
            if c == 0x5B { inClass = true } else if c == 0x5D { inClass = false } else if c == 0x2F && !inClass { break }
            i += 1
        }
        i += 1
        while SourceScanner.isLetter(s.peek(i)) { i += 1 }
        return i
    }

    /// A number and its kind: binary, hex, octal (with BigInt's `n`), integer with `n`, or float.
    @Sendable static func number(_ scanner: SourceScanner) -> (end: Int, kind: TokenKind?)? {
        guard SourceScanner.isDigit(scanner.peek()) || SourceScanner.isDigit(scanner.peek(1)) else { return nil }
        var s = scanner
        let start = s.position
        let b1 = s.peek(1) | 0x20
        if s.peek() == 0x30 && b1 == 0x62 && (s.peek(2) == 0x30 || s.peek(2) == 0x31) {
            s.position += 2; s.skip { $0 == 0x30 || $0 == 0x31 }; if s.peek() == 0x6E { s.position += 1 }; return (s.position, .numberBin)
        }
        if s.peek() == 0x30 && b1 == 0x78 && SourceScanner.isHexDigit(s.peek(2)) {
            s.position += 2; s.skip(while: SourceScanner.isHexDigit); if s.peek() == 0x6E { s.position += 1 }; return (s.position, .numberHex)
        }
        if s.peek() == 0x30 && ((b1 == 0x6F && s.peek(2) >= 0x30 && s.peek(2) <= 0x37) || (s.peek(1) >= 0x30 && s.peek(1) <= 0x37)) {
            s.position += b1 == 0x6F ? 2 : 1; s.skip { $0 >= 0x30 && $0 <= 0x37 }; if s.peek() == 0x6E { s.position += 1 }; return (s.position, .numberOct)
        }
        s.skip(while: SourceScanner.isDigit)
        if s.peek() == 0x6E && s.position > start { return (s.position + 1, .numberInteger) }
        if s.peek() == 0x2E { s.position += 1; s.skip(while: SourceScanner.isDigit) }
        if let j = s.exponentDigits(at: 0) { s.position += j; s.skip(while: SourceScanner.isDigit) }
        return (s.position, .numberFloat)
    }

}
