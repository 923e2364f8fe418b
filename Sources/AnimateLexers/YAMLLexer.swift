/// YAML, with Pygments' YAML token kinds: keys as Name.Tag, indicators (`-`, `:`, `|`, `[`) as
/// Punctuation.Indicator, plain values as Literal.Scalar.Plain (Name.Variable in flow
/// collections), quoted values as strings, block scalars as Name.Constant, tags as Keyword.Type,
/// anchors as Name.Label. Like Pygments, it follows the indentation to know where a block
/// scalar or a multi-line plain value ends.
enum YAMLLexer {
    static let indicator = TokenKind("Punctuation.Indicator")
    static let plain = TokenKind("Literal.Scalar.Plain")
    static let whitespaceError = TokenKind("Text.Whitespace.Error")

    typealias Pattern = LexerGrammar.Pattern
    typealias Rule = LexerGrammar.Rule
    typealias Indentation = LexerGrammar.Indentation

    enum State: Int {
        case root, ignoredLine, yamlDirective, tagDirective, indentation, blockLine, flowSequence, flowMapping
        case blockScalarContent, blockScalarHeader, singleQuoted, doubleQuoted, plainBlockNewLine, plainBlock, plainFlow
    }

    // Pieces of Pygments' patterns, in MULTILINE mode.
    static let spaces = Pattern.many(ByteSet(" "))
    static let lineEnd = Pattern.either([.ahead(.literal("\n")), .end])
    /// `(?=[ ]|$)`
    static let spaceOrEnd = Pattern.either([.ahead(.literal(" ")), lineEnd])
    /// `\s` (no-break spaces too).
    static let space = Pattern.either([.one(.spaces), .literal("\u{A0}")])
    /// `[ \xa0]+`
    static let valueSpaces = Pattern.repeated(.either([.literal(" "), .literal("\u{A0}")]), atLeast: 1)
    static let word = ByteSet.wordBytes + ByteSet("-")
    static let tagByte = ByteSet.wordBytes + ByteSet("#;/?:@&=+$,.!~*'()[]%-")
    /// `[?:-]` followed by a space or the line's end.
    static let indicatorMark = Pattern.sequence([.one(ByteSet("?:-")), spaceOrEnd])
    static let comment = Rule(.restOfLine(prefix: "#", includingNewline: false), .commentSingle)

    static func push(_ states: State...) -> LexerGrammar.Transition { LexerGrammar.Transition(pops: 0, pushes: states.map(\.rawValue)) }

    /// Emits the match as `kind`, then updates the indentation.
    static func emitting(_ kind: TokenKind, _ update: @escaping @Sendable (inout Indentation, Int) -> Void) -> LexerGrammar.Callback {
        { s, start, end, indentation in
            s.position = end
            s.emit(kind, from: start)
            update(&indentation, end - start)
        }
    }

    /// A block collection indicator or a key's colon starts a deeper level.
    static func setIndent(_ indentation: inout Indentation, length: Int, implicit: Bool) {
        if indentation.level < indentation.next { indentation.levels.append(indentation.level); indentation.level = indentation.next }
        if !implicit { indentation.next += length }
    }

    /// The spaces at the scanner's position.
    static func spaceCount(_ s: SourceScanner) -> Int {
        var j = s.position
        while j < s.count && s.bytes[j] == 0x20 { j += 1 }
        return j - s.position
    }

    /// Tags, anchors and aliases.
    static let descriptors: [Rule] = [
        .init(.sequence([.literal("!<"), .many(tagByte & ~ByteSet(">")), .literal(">")]), .keywordType),
        .init(.sequence([.literal("!"), .optional(.sequence([.many(word), .literal("!")])), .any(tagByte)]), .keywordType),
        .init(.sequence([.literal("&"), .many(word)]), .nameLabel),
        .init(.sequence([.literal("*"), .many(word)]), .nameVariable),
    ]

    static let flowNodes: [Rule] = [
        .init(.literal("["), indicator, push(.flowSequence)),
        .init(.literal("{"), indicator, push(.flowMapping)),
        .init(.literal("'"), .string, push(.singleQuoted)),
        .init(.literal("\""), .string, push(.doubleQuoted)),
    ]

    /// Spaces and line breaks inside quotes: ignored at the ends of lines, a part of the value between words.
    static let quotedSpaces: [Rule] = [
        .init(.sequence([.lineStart, spaces]), .whitespace),
        .init(.sequence([spaces, lineEnd]), .whitespace),
        .init(.many(ByteSet("\n")), .whitespace),
        .init(valueSpaces, .nameVariable),
    ]

    static let plainSpecials = ByteSet("?:,[]{}#&*!|>'\"%@`")

    /// Whether a plain value starts here.
    static func startsPlain(inFlow: Bool) -> Pattern {
        if inFlow { return .ahead(.sequence([.notAhead(space), .notAhead(.one(plainSpecials)), .one(.all)])) }
        return .ahead(.either([.sequence([.one(ByteSet("?:-")), .notAhead(space), .one(.all)]),
                               .sequence([.notAhead(space), .notAhead(.one(plainSpecials + ByteSet("-"))), .one(.all)])]))
    }

    static let grammar = LexerGrammar([
        // root
        [
            .init(.sequence([spaces, .either([lineEnd, .ahead(.literal("#"))])]), .whitespace),
            .init(.many(ByteSet("\n")), .whitespace),
            comment,
            .init(.sequence([.lineStart, .literal("%YAML"), spaceOrEnd]), callback: emitting(.nameTag) { i, _ in i = Indentation() }, push(.yamlDirective)),
            .init(.sequence([.lineStart, .literal("%TAG"), spaceOrEnd]), callback: emitting(.nameTag) { i, _ in i = Indentation() }, push(.tagDirective)),
            .init(.sequence([.lineStart, .anyOf(["---", "..."]), spaceOrEnd]), callback: emitting(.nameNamespace) { i, _ in i = Indentation() },
                  push(.blockLine)),
            // Indentation: a shallower line closes levels; spaces beyond the level it lands on are an error.
            .init(.sequence([.any(ByteSet(" ")), .notAhead(.either([space, .end]))]), callback: { s, start, end, indentation in
                let count = end - start
                indentation.next = count
                var text = count, extra = 0
                if indentation.next < indentation.level {
                    while indentation.next < indentation.level { indentation.level = indentation.levels.popLast() ?? -1 }
                    // (Back at no level, Pygments' slice `text[-1:]` marks the last space.)
                    if indentation.next > indentation.level { text = indentation.level >= 0 ? indentation.level : max(count - 1, 0); extra = count - text }
                }
                s.position = start + text
                s.emit(.whitespace, from: start)
                s.position = end
                s.emit(whitespaceError, from: start + text)
            }, push(.blockLine, .indentation)),
        ],
        // ignoredLine
        [
            .init(.sequence([spaces, .either([lineEnd, .ahead(.literal("#"))])]), .whitespace),
            comment,
            .init(.literal("\n"), .whitespace, .popping(2)),
        ],
        // yamlDirective
        [.init([spaces, .sequence([.many(.digits), .literal("."), .many(.digits)])], [.whitespace, .number], push(.ignoredLine))],
        // tagDirective
        [.init([spaces, .sequence([.literal("!"), .optional(.sequence([.any(word), .literal("!")]))]), spaces,
                .either([.sequence([.optional(.literal("!")), .many(tagByte)]), .literal("!")])],
               [.whitespace, .keywordType, .whitespace, .keywordType], push(.ignoredLine))],
        // indentation
        [
            .init(.sequence([.any(ByteSet(" ")), lineEnd]), .whitespace, .popping(2)),
            .init(.sequence([spaces, .ahead(indicatorMark)]), callback: emitting(.whitespace) { i, n in i.next += n }),
            .init(.sequence([.one(ByteSet("?:-")), spaceOrEnd]), callback: emitting(indicator) { i, _ in setIndent(&i, length: 1, implicit: false) }),
            .init(.any(ByteSet(" ")), callback: emitting(.whitespace) { i, n in i.next += n }, .pop),
        ],
        // blockLine
        [
            .init(.sequence([.any(ByteSet(" ")), .either([lineEnd, .ahead(.literal("#"))])]), .whitespace, .pop),
            .init(spaces, .whitespace),
            .init(.custom(first: ~ByteSet("#,?[]{}\"'\n"), keyColon), callback: { s, start, end, indentation in
                s.position = end - 1
                s.emit(.nameTag, from: start)
                setIndent(&indentation, length: 1, implicit: true)
                s.position = end
                s.emit(.punctuation, from: end - 1)
            }),
        ] + descriptors + [
            .init(.sequence([.literal(":"), spaceOrEnd]), callback: emitting(indicator) { i, _ in setIndent(&i, length: 1, implicit: true) }),
            .init(.one(ByteSet("|>")), indicator, push(.blockScalarContent, .blockScalarHeader)),
        ] + flowNodes + [
            .init(startsPlain(inFlow: false), .text, push(.plainBlock)),
        ],
        flow(mapping: false),
        flow(mapping: true),
        // blockScalarContent
        [
            .init(.literal("\n"), .whitespace),
            .init(.sequence([.lineStart, spaces, lineEnd]), callback: { s, start, end, indentation in
                if let n = indentation.blockScalar, end - start > n {
                    s.position = start + n
                    s.emit(.whitespace, from: start)
                    s.position = end
                    s.emit(.nameConstant, from: start + n)
                } else {
                    s.position = end
                    s.emit(.whitespace, from: start)
                }
            }),
            .init(.sequence([.lineStart, .condition { indentation, s in
                let count = spaceCount(s)
                if let n = indentation.blockScalar { return count < n }
                return count <= max(indentation.level, 0)
            }]), .text, .popping(2)),
            .init(.sequence([.lineStart, spaces]), callback: emitting(.whitespace) { i, n in if i.blockScalar == nil { i.blockScalar = n } }),
            .init(.many(~ByteSet("\n\r\u{0C}\u{0B}")), .nameConstant),
        ],
        // blockScalarHeader: `([1-9])?[+-]?` or `[+-]?([1-9])?`, then a space or the line's end.
        [
            .init(.either([.sequence([.one(ByteSet("1"..."9")), .one(ByteSet("+-")), spaceOrEnd]),
                           .sequence([.one(ByteSet("1"..."9")), spaceOrEnd]),
                           .sequence([.one(ByteSet("+-")), .one(ByteSet("1"..."9")), spaceOrEnd]),
                           .sequence([.one(ByteSet("+-")), spaceOrEnd]),
                           spaceOrEnd]), callback: { s, start, end, indentation in
                let digit = s.bytes[start..<end].first { $0 >= 0x31 && $0 <= 0x39 }
                indentation.blockScalar = digit.map { max(indentation.level, 0) + Int($0 - 0x30) }
                s.position = end
                s.emit(indicator, from: start)
            }, push(.ignoredLine)),
        ],
        // singleQuoted
        quotedSpaces + [
            .init(.literal("''"), .stringEscape),
            .init(.literal("'"), .string, .pop),
            .init(.repeated(.sequence([.notAhead(space), .one(~ByteSet("'"))]), atLeast: 1), .string),
        ],
        // doubleQuoted
        quotedSpaces + [
            .init(.sequence([.literal("\\"), .one(ByteSet("0abt\tn\nvfre \"\\N_LP"))]), .string),
            .init(.sequence([.literal("\\x"), .one(hexDigit), .one(hexDigit)]), .stringEscape),
            .init(.sequence([.literal("\\u")] + Array(repeating: .one(hexDigit), count: 4)), .stringEscape),
            .init(.sequence([.literal("\\U")] + Array(repeating: .one(hexDigit), count: 8)), .stringEscape),
            .init(.literal("\""), .string, .pop),
            .init(.repeated(.sequence([.notAhead(space), .one(~ByteSet("\"\\"))]), atLeast: 1), .string),
        ],
        // plainBlockNewLine
        [
            .init(.sequence([.lineStart, spaces, lineEnd]), .whitespace),
            .init(.many(ByteSet("\n")), .whitespace),
            .init(.sequence([.lineStart, .ahead(.anyOf(["---", "..."]))]), .text, .popping(3)),
            .init(.sequence([.lineStart, .condition { indentation, s in spaceCount(s) <= indentation.level }]), .text, .popping(3)),
            .init(.sequence([.lineStart, .any(ByteSet(" "))]), .whitespace, .pop),
        ],
        // plainBlock
        [
            .init(.sequence([.any(ByteSet(" ")), .ahead(.sequence([.literal(":"), spaceOrEnd]))]), .whitespace, .pop),
            .init(.sequence([spaces, .ahead(.literal("#"))]), .whitespace, .pop),
            .init(.sequence([spaces, lineEnd]), .whitespace),
            .init(.many(ByteSet("\n")), .whitespace, push(.plainBlockNewLine)),
            .init(valueSpaces, plain),
            .init(.repeated(.either([.sequence([.literal(":"), .notAhead(space)]), .sequence([.notAhead(space), .one(~ByteSet(":"))])]), atLeast: 1), plain),
        ],
        // plainFlow
        [
            .init(.sequence([.any(ByteSet(" ")), .ahead(.one(ByteSet(",:?[]{}")))]), .whitespace, .pop),
            .init(.sequence([spaces, .ahead(.literal("#"))]), .whitespace, .pop),
            .init(.sequence([.lineStart, spaces]), .whitespace),
            .init(.sequence([spaces, lineEnd]), .whitespace),
            .init(.many(ByteSet("\n")), .whitespace),
            .init(valueSpaces, .nameVariable),
            .init(.repeated(.sequence([.notAhead(space), .one(~ByteSet(",:?[]{}"))]), atLeast: 1), .nameVariable),
        ],
    ])

    static let hexDigit = ByteSet.digits + ByteSet("abcdefABCDEF")

    /// A flow sequence (`[...]`) or mapping (`{...}`).
    static func flow(mapping: Bool) -> [Rule] {
        var rules: [Rule] = []
        if mapping {
            rules.append(.init([.many(~ByteSet(",:?[]{}\"'\n")), .sequence([.literal(":"), spaceOrEnd])], [.nameTag, .punctuation]))
        }
        rules += [
            .init(spaces, .whitespace),
            .init(.many(ByteSet("\n")), .whitespace),
            comment,
            .init(.one(ByteSet("?:,")), indicator),
        ] + descriptors + flowNodes + [
            .init(startsPlain(inFlow: true), .text, push(.plainFlow)),
            .init(.literal(mapping ? "}" : "]"), indicator, .pop),
        ]
        return rules
    }

    static func tokens(_ source: String) -> [CodeToken] { grammar.tokens(source) }

    /// A block key's colon: the last `:` followed by a space or the line's end in the run of
    /// key characters from the position (Pygments' greedy pattern backtracks to it); where the
    /// colon ends.
    @Sendable static func keyColon(_ s: SourceScanner) -> (end: Int, kind: TokenKind?)? {
        let i = s.position
        var end = i
        while end < s.count && ![0x23, 0x2C, 0x3F, 0x5B, 0x5D, 0x7B, 0x7D, 0x22, 0x27, 0x0A].contains(s.bytes[end]) { end += 1 }
        var j = end - 1
        while j > i {
            if s.bytes[j] == 0x3A && (j + 1 >= s.count || s.bytes[j + 1] == 0x20 || s.bytes[j + 1] == 0x0A) { return (j + 1, nil) }
            j -= 1
        }
        return nil
    }
}
