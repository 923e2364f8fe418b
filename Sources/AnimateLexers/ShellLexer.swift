/// Shell scripts (bash and sh), with Pygments' Bash token kinds: keywords, builtin commands,
/// assignments' names as Name.Variable, `$name` and `${...}` expansions, `$(...)` and `$((...))`
/// with their code, double-quoted strings with their expansions, here-documents as strings,
/// words as Text.
enum ShellLexer {
    static let keywords = WordSet(["if", "fi", "else", "while", "in", "do", "done", "for", "then", "return", "function", "case", "select",
                                   "break", "continue", "until", "esac", "elif"])
    static let builtins = WordSet(spaced: """
        alias bg bind builtin caller cd command compgen complete declare dirs disown echo enable eval exec exit export false fc \
        fg getopts hash help history jobs kill let local logout popd printf pushd pwd read readonly set shift shopt source \
        suspend test time times trap true type typeset ulimit umask unalias unset wait
        """)

    typealias Pattern = LexerGrammar.Pattern
    typealias Rule = LexerGrammar.Rule

    static let root = 0, string = 1, curly = 2, paren = 3, math = 4, backticks = 5

    /// Not right after a word's byte.
    static let wordStart = Pattern.after(~ByteSet.wordBytes, orAtStart: true)
    static let throughNewline = Pattern.sequence([.any(~ByteSet("\n")), .optional(.literal("\n"))])

    /// `$((`, `$(`, `${`, `$name`, `$1`, `$?`: expansions.
    static let expansions: [Rule] = [
        .init(.literal("$(("), .keyword, .push(math)),
        .init(.literal("$("), .keyword, .push(paren)),
        .init(.sequence([.literal("${"), .optional(.literal("#"))]), .stringInterpol, .push(curly)),
        .init(.sequence([.literal("$"), .run(first: .letters + ByteSet("_"), rest: .wordBytes)]), .nameVariable),
        .init(.sequence([.literal("$"), .many(.digits)]), .nameVariable),
        .init(.sequence([.literal("$"), .one(ByteSet("#$?!_*@-"))]), .nameVariable),
    ]

    static let topLevel: [Rule] = [
        .init(.sequence([.after(ByteSet(), orAtStart: true), .literal("#!"), throughNewline]), .commentHashbang),
        // Keywords and builtins: whole words.
        .init(.sequence([wordStart, .word(keywords, first: .letters, rest: .wordBytes, ignoringCase: false, followedBy: nil),
                         .notAhead(.one(ByteSet("#$?!*@-")))]), .keyword),
        .init(.sequence([wordStart, .word(builtins, first: .letters, rest: .wordBytes, ignoringCase: false, followedBy: nil),
                         .ahead(.one(.spaces + ByteSet(")`")))]), .nameBuiltin),
        // A comment runs through its newline.
        .init(.sequence([.literal("#"), throughNewline]), .commentSingle),
        .init(.sequence([.literal("\\"), .one(.all)]), .stringEscape),
        // name= and name+=
        .init([.sequence([wordStart, .many(.wordBytes)]), .any(.spaces), .anyOf(["+=", "="])], [.nameVariable, .whitespace, .operator]),
        .init(.one(ByteSet("[]{}()=")), .operator),
        .init(.literal("<<<"), .operator),
        .init(.custom(first: ByteSet("<"), hereDocument), .string),
        .init(.anyOf(["&&", "||"]), .operator),
        .init(.literal("`"), .stringBacktick, .push(backticks)),
        // Without expansions, a whole string is one token.
        .init(.custom(first: ByteSet("\"$"), plainString), .stringDouble),
        .init(.literal("\""), .stringDouble, .push(string)),
        .init(.quoted(open: "$'", close: 0x27, escape: .backslash, stopsAtNewline: false, unclosed: false, followedBy: nil), .stringSingle),
        .init(.quoted(open: "'", close: 0x27, escape: .none, stopsAtNewline: false, unclosed: false, followedBy: nil), .stringSingle),
        .init(.one(ByteSet(";&|")), .punctuation),
        .init(.spaces, .whitespace),
        .init(.sequence([.many(.digits), .notAhead(.one(.wordBytes))]), .number),
    ] + expansions + [
        // A word: anything up to a special character.
        .init(.many(~(ByteSet("=[]{}()$\"'`\\<&|;") + .spaces)), .text),
        .init(.one(.all), .text),
    ]

    static let grammar = LexerGrammar([
        topLevel,
        // string: `"...$x..."`
        [.init(.literal("\""), .stringDouble, .pop)] + expansions + [
            .init(.repeated(.either([.sequence([.literal("\\"), .optional(.one(.all))]), .one(~ByteSet("\"$\\"))]), atLeast: 1), .stringDouble),
            .init(.one(.all), .stringDouble),
        ],
        // curly: `${name:-default}`
        [
            .init(.literal("}"), .stringInterpol, .pop),
            .init(.literal(":-"), .keyword),
            .init(.many(.wordBytes), .nameVariable),
            .init(.literal(":"), .punctuation),
            .init(.many(~ByteSet("}:\"'`$\\")), .punctuation),
        ] + topLevel,
        // paren: `$(...)`
        [.init(.literal(")"), .keyword, .pop)] + topLevel,
        // math: `$((...))`
        [
            .init(.literal("))"), .keyword, .pop),
            .init(.anyOf(["**", "||", "<<", ">>"]), .operator),
            .init(.one(ByteSet("-+*/%^|&<>")), .operator),
            .init(.either([.sequence([.literal("0"), .one(ByteSet("xX")), .any(.digits + ByteSet("abcdefABCDEF"))]),
                           .sequence([.many(.digits), .optional(.sequence([.literal("#"), .any(.letters + .digits)]))])]), .number),
            .init(.run(first: .letters + ByteSet("_"), rest: .wordBytes), .nameVariable),
        ] + topLevel,
        // backticks
        [.init(.literal("`"), .stringBacktick, .pop)] + topLevel,
    ])

    static func tokens(_ source: String) -> [CodeToken] { grammar.tokens(source) }

    /// A closed string in double quotes (after `$` or not) with no expansion in it.
    @Sendable static func plainString(_ s: SourceScanner) -> (end: Int, kind: TokenKind?)? {
        guard s.peek() == 0x22 || s.peek(1) == 0x22 else { return nil }
        var j = s.position + (s.peek() == 0x24 ? 2 : 1)
        while j < s.count && s.bytes[j] != 0x22 {
            if s.bytes[j] == 0x5C { j += 2; continue }
            if s.bytes[j] == 0x24 { return nil }
            j += 1
        }
        return j < s.count ? (j + 1, nil) : nil
    }

    /// A here-document at `<<`: `<<-?`, spaces, an optionally quoted word, then everything up to
    /// that word's next appearance (as Pygments reads it); nil when there is none.
    @Sendable static func hereDocument(_ s: SourceScanner) -> (end: Int, kind: TokenKind?)? {
        guard s.starts(with: "<<") else { return nil }
        var j = s.position + 2
        if j < s.count && s.bytes[j] == 0x2D { j += 1 }
        while j < s.count && SourceScanner.isSpace(s.bytes[j]) { j += 1 }
        if j < s.count && s.bytes[j] == 0x27 { j += 1 }
        if j < s.count && s.bytes[j] == 0x5C { j += 1 }
        let wordStart = j
        while j < s.count && SourceScanner.isWordByte(s.bytes[j]) { j += 1 }
        guard j > wordStart else { return nil }
        let word = Array(s.bytes[wordStart..<j])
        // At least one character, then the word again.
        var k = j + 1
        while k + word.count <= s.count {
            if s.bytes[k] == word[0] && Array(s.bytes[k..<(k + word.count)]) == word { return (k + word.count, nil) }
            k += 1
        }
        return nil
    }
}
