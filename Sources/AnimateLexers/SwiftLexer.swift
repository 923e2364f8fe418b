/// Swift, with Pygments' Swift lexer's token kinds: declarations (`func` then Name.Function,
/// `struct` then Name.Class, `let` then Name.Variable), the standard library's types as
/// Name.Builtin and its free functions as Name.Builtin.Pseudo, nested block comments, string
/// interpolation, `#if` lines as Comment.Preproc.
enum SwiftLexer {
    static let keywords = WordSet(["as", "async", "await", "break", "case", "catch", "continue", "default", "defer", "do", "else",
                                   "fallthrough", "for", "guard", "if", "in", "is", "repeat", "return", "switch", "throw", "try",
                                   "where", "while"])
    static let reserved = WordSet(["associativity", "convenience", "dynamic", "didSet", "final", "get", "indirect", "infix", "inout",
                                   "lazy", "left", "mutating", "none", "nonmutating", "optional", "override", "postfix", "precedence",
                                   "prefix", "Protocol", "required", "rethrows", "right", "set", "throws", "Type", "unowned", "weak",
                                   "willSet"])
    static let reservedAttributes = WordSet(["availability", "autoclosure", "noreturn", "NSApplicationMain", "NSCopying", "NSManaged",
                                             "objc", "UIApplicationMain", "IBAction", "IBDesignable", "IBInspectable", "IBOutlet"])
    static let constants = WordSet(["as", "dynamicType", "false", "is", "nil", "self", "Self", "super", "true", "__COLUMN__",
                                    "__FILE__", "__FUNCTION__", "__LINE__", "_"])
    static let declarations = WordSet(["actor", "associatedtype", "class", "deinit", "enum", "extension", "func", "import", "init",
                                       "internal", "let", "operator", "private", "protocol", "public", "static", "struct", "subscript",
                                       "typealias", "var"])
    /// The standard library's types and protocols of Swift's first years, as Pygments lists them.
    static let types = WordSet(spaced: """
        Array AutoreleasingUnsafeMutablePointer BidirectionalReverseView Bit Bool CFunctionPointer COpaquePointer CVaListPointer \
        Character ClosedInterval CollectionOfOne ContiguousArray Dictionary DictionaryGenerator DictionaryIndex Double \
        EmptyCollection EmptyGenerator EnumerateGenerator EnumerateSequence FilterCollectionView FilterCollectionViewIndex \
        FilterGenerator FilterSequenceView Float Float80 FloatingPointClassification GeneratorOf GeneratorOfOne GeneratorSequence \
        HalfOpenInterval HeapBuffer HeapBufferStorage ImplicitlyUnwrappedOptional IndexingGenerator Int Int16 Int32 Int64 Int8 \
        LazyBidirectionalCollection LazyForwardCollection LazyRandomAccessCollection LazySequence MapCollectionView \
        MapSequenceGenerator MapSequenceView MirrorDisposition ObjectIdentifier OnHeap Optional PermutationGenerator \
        QuickLookObject RandomAccessReverseView Range RangeGenerator RawByte Repeat ReverseBidirectionalIndex \
        ReverseRandomAccessIndex SequenceOf SinkOf Slice StaticString StrideThrough StrideThroughGenerator StrideTo \
        StrideToGenerator String UInt UInt16 UInt32 UInt64 UInt8 UTF16 UTF32 UTF8 UnicodeDecodingResult UnicodeScalar Unmanaged \
        UnsafeBufferPointer UnsafeBufferPointerGenerator UnsafeMutableBufferPointer UnsafeMutablePointer UnsafePointer Zip2 \
        ZipGenerator2 AbsoluteValuable AnyObject ArrayLiteralConvertible BidirectionalIndexType BitwiseOperationsType \
        BooleanLiteralConvertible BooleanType CVarArgType CollectionType Comparable DebugPrintable DictionaryLiteralConvertible \
        Equatable ExtendedGraphemeClusterLiteralConvertible ExtensibleCollectionType FloatLiteralConvertible FloatingPointType \
        ForwardIndexType GeneratorType Hashable IntegerArithmeticType IntegerLiteralConvertible IntegerType IntervalType \
        MirrorType MutableCollectionType MutableSliceable NilLiteralConvertible OutputStreamType Printable RandomAccessIndexType \
        RangeReplaceableCollectionType RawOptionSetType RawRepresentable Reflectable SequenceType SignedIntegerType \
        SignedNumberType SinkType Sliceable Streamable Strideable StringInterpolationConvertible StringLiteralConvertible \
        UnicodeCodecType UnicodeScalarLiteralConvertible UnsignedIntegerType C_ARGC C_ARGV Process Any AnyClass \
        BooleanLiteralType CBool CChar CChar16 CChar32 CDouble CFloat CInt CLong CLongLong CShort CSignedChar CUnsignedInt \
        CUnsignedLong CUnsignedShort CWideChar ExtendedGraphemeClusterType Float32 Float64 FloatLiteralType IntMax \
        IntegerLiteralType StringLiteralType UIntMax UWord UnicodeScalarType Void Word NSErrorPointer NSObjectProtocol Selector
        """)
    static let functions = WordSet(spaced: """
        abs advance alignof alignofValue assert assertionFailure contains count countElements debugPrint debugPrintln distance \
        dropFirst dropLast dump enumerate equal extend fatalError filter find first getVaList indices insert isEmpty join last \
        lazy lexicographicalCompare map max maxElement min minElement numericCast overlaps partition precondition \
        preconditionFailure prefix print println reduce reflect removeAll removeAtIndex removeLast removeRange reverse sizeof \
        sizeofValue sort sorted splice split startsWith stride strideof strideofValue suffix swap toDebugString toString \
        transcode underestimateCount unsafeAddressOf unsafeBitCast unsafeDowncast withExtendedLifetime withUnsafeMutablePointer \
        withUnsafeMutablePointers withUnsafePointer withUnsafePointers withVaList
        """)
    static let preprocessor = WordSet(["if", "elseif", "else", "endif", "available"])
    static let hashConstants = WordSet(["file", "line", "column", "function"])

    typealias Pattern = LexerGrammar.Pattern
    typealias Rule = LexerGrammar.Rule
    typealias Transition = LexerGrammar.Transition

    static let nameStart = ByteSet.letters + ByteSet("_")
    static let identifier = Pattern.run(first: nameStart, rest: .wordBytes)
    static func word(_ words: WordSet) -> Pattern { .word(words, first: nameStart, rest: .wordBytes, ignoringCase: false, followedBy: nil) }
    static func word(_ text: String) -> Pattern { word(WordSet([text])) }
    static let allKeywords = WordSet(spaced: """
        as async await break case catch continue default defer do else fallthrough for guard if in is repeat return switch throw try where \
        while associativity convenience dynamic didSet final get indirect infix inout lazy left mutating none nonmutating optional override \
        postfix precedence prefix Protocol required rethrows right set throws Type unowned weak willSet dynamicType false nil self Self \
        super true __COLUMN__ __FILE__ __FUNCTION__ __LINE__ _ actor associatedtype class deinit enum extension func import init internal \
        let operator private protocol public static struct subscript typealias var
        """)

    /// Where the lexer is: code at the top level, in a string's `\(...)`, or in parentheses
    /// inside one (so the parenthesis that closes it is found); each on a line of code, an
    /// `import` line (names are modules) or a `#if` line (names are conditions).
    enum Context: Int { case top, interpolation, parentheses }
    enum Line: Int { case code, module, preprocessor }
    static func state(_ context: Context, _ line: Line) -> Int { context.rawValue * 3 + line.rawValue }
    static func string(multiline: Bool, _ line: Line) -> Int { (multiline ? 12 : 9) + line.rawValue }

    static let grammar: LexerGrammar = {
        var states: [[Rule]] = []
        for context in [Context.top, .interpolation, .parentheses] {
            for line in [Line.code, .module, .preprocessor] { states.append(code(context, line)) }
        }
        for multiline in [false, true] {
            for line in [Line.code, .module, .preprocessor] {
                let close: Pattern = multiline ? .literal("\"\"\"") : .literal("\"")
                states.append([
                    .init(close, .string, .pop),
                    .init(.literal("\\("), .stringInterpol, .push(state(.interpolation, line))),
                    .init(.custom(first: ByteSet("\\")) { s in
                        let n = escapeLength(s)
                        return n > 1 ? (s.position + n, nil) : nil
                    }, .stringEscape),
                    .init(.literal("\\"), .string),
                    .init(.many(~ByteSet(multiline ? "\"\\" : "\"\\\n")), .string),
                    multiline ? .init(.literal("\""), .string) : .init(.ahead(.literal("\n")), .text, .pop),
                ])
            }
        }
        return LexerGrammar(states)
    }()

    static func tokens(_ source: String) -> [CodeToken] { grammar.tokens(source) }

    /// The rules of code in one context, on one kind of line.
    static func code(_ context: Context, _ line: Line) -> [Rule] {
        func on(_ line: Line) -> Transition { .replace(with: state(context, line)) }
        var rules: [Rule] = [
            .init(.spacesWithNewline, .whitespace, on(.code)),
            .init(.spaces, .whitespace),
            .init(.restOfLine(prefix: "//", includingNewline: false), .commentSingle),
            .init(.delimited(open: "/*", close: "*/", nested: true), .commentMultiline),
        ]
        switch context {
        case .top: break
        case .interpolation: rules.append(.init(.literal(")"), .stringInterpol, .pop))
        case .parentheses: rules.append(.init(.literal(")"), .punctuation, .pop))
        }
        if context != .top { rules.append(.init(.literal("("), .punctuation, .push(state(.parentheses, line)))) }
        let hashed = { (words: WordSet) -> Pattern in .sequence([.literal("#"), .word(words, first: .wordBytes, rest: .wordBytes, ignoringCase: false, followedBy: nil)]) }
        rules += [
            .init(hashed(preprocessor), .commentPreproc, on(.preprocessor)),
            .init(hashed(hashConstants), .keywordConstant),
            .init(hashed(WordSet(["selector"])), .keyword),
            .init(.sequence([.literal("@"), .word(reservedAttributes, first: .wordBytes, rest: .wordBytes, ignoringCase: false, followedBy: nil)]), .keywordReserved),
        ]
        switch line {
        case .code: break
        case .module: rules.append(.init(identifier, .nameClass))
        case .preprocessor: rules.append(.init(.sequence([.notAhead(word(allKeywords)), identifier]), .commentPreproc))
        }
        let classLike = WordSet(["class", "enum", "extension", "struct", "protocol"])
        rules += [
            .init(word(keywords), .keyword),
            .init(word(reserved), .keywordReserved),
            .init(word(constants), .keywordConstant),
            .init(word("import"), .keywordDeclaration, on(.module)),
            // A declaration keyword followed by spaces and a name; `class func f` / `class var v`.
            .init([word("class"), .spaces, word("func"), .spaces, identifier], [.keywordDeclaration, .whitespace, .keywordDeclaration, .whitespace, .nameFunction]),
            .init([word("class"), .spaces, word("var"), .spaces, identifier], [.keywordDeclaration, .whitespace, .keywordDeclaration, .whitespace, .nameVariable]),
            .init(.sequence([word("class"), .ahead(.sequence([.spaces, word(WordSet(["func", "var"]))]))]), .keywordDeclaration),
            .init([word(classLike), .spaces, identifier], [.keywordDeclaration, .whitespace, .nameClass]),
            .init([word("func"), .spaces, identifier], [.keywordDeclaration, .whitespace, .nameFunction]),
            .init([word(WordSet(["var", "let"])), .spaces, identifier], [.keywordDeclaration, .whitespace, .nameVariable]),
            .init(word(declarations), .keywordDeclaration),
            .init(word(types), .nameBuiltin),
            .init(word(functions), .nameBuiltinPseudo),
            // Cocoa's classes and protocols, which Pygments marks as builtins: a framework prefix then a capital.
            .init(.sequence([.anyOf(["NS", "UI"]), .one(ByteSet("A"..."Z")), .one(ByteSet("a"..."z")), .any(.wordBytes)]), .nameBuiltinPseudo),
            .init(identifier, .name),
            .init(.sequence([.literal("$"), .many(.digits)]), .nameVariable),
            .init(.custom(first: .digits, number), .numberInteger),
            .init(.literal("\"\"\""), .string, .push(string(multiline: true, line))),
            .init(.literal("\""), .string, .push(string(multiline: false, line))),
            // Punctuation as Pygments' Swift lexer has it (brackets, `.,:;=@#`?`, `->`, `<`, `&`
            // before a word, `>`, `!` after one), else a run of operator characters.
            .init(.one(ByteSet("()[]{}.,:;=@#`?")), .punctuation),
            .init(.literal("->"), .punctuation),
            .init(.sequence([.one(ByteSet("<&")), .ahead(.one(.wordBytes))]), .punctuation),
            .init(.sequence([.after(.wordBytes, orAtStart: false), .one(ByteSet(">!"))]), .punctuation),
            .init(.many(ByteSet("/=-+!*%<>&|^?~")), .operator),
        ]
        return rules
    }

    /// Numbers as Pygments reads them (a trailing `.` belongs to a float: `0..<n` starts `0.`).
    @Sendable static func number(_ scanner: SourceScanner) -> (end: Int, kind: TokenKind?)? {
        var s = scanner
        if s.peek() == 0x30 && s.peek(1) == 0x62 && (s.peek(2) == 0x30 || s.peek(2) == 0x31 || s.peek(2) == 0x5F) {
            s.position += 2; s.skip { $0 == 0x30 || $0 == 0x31 || $0 == 0x5F }; return (s.position, .numberBin)
        }
        if s.peek() == 0x30 && s.peek(1) == 0x6F && ((s.peek(2) >= 0x30 && s.peek(2) <= 0x37) || s.peek(2) == 0x5F) {
            s.position += 2; s.skip { ($0 >= 0x30 && $0 <= 0x37) || $0 == 0x5F }; return (s.position, .numberOct)
        }
        if s.peek() == 0x30 && s.peek(1) == 0x78 && (SourceScanner.isHexDigit(s.peek(2)) || s.peek(2) == 0x5F) {
            s.position += 2; s.skip { SourceScanner.isHexDigit($0) || $0 == 0x5F }; return (s.position, .numberHex)
        }
        s.skip { SourceScanner.isDigit($0) || $0 == 0x5F }
        // [eE][+-]?[0-9_]+ at offset i from the position
        func exponent(at i: Int) -> Int? { s.exponentEnd(at: i) { SourceScanner.isDigit($0) || $0 == 0x5F } }
        if s.peek() == 0x2E {
            // \.[0-9_]+[eE]..., else \.[0-9_]*
            var j = 1
            while SourceScanner.isDigit(s.peek(j)) || s.peek(j) == 0x5F { j += 1 }
            if j > 1, let e = exponent(at: j) { return (s.position + e, .numberFloat) }
            return (s.position + j, .numberFloat)
        }
        if let e = exponent(at: 0) { return (s.position + e, .numberFloat) }
        return (s.position, .numberInteger)
    }

    /// The length of an escape at a backslash (1 when it is no escape Pygments knows).
    static func escapeLength(_ s: SourceScanner) -> Int {
        let c = s.peek(1)
        if c == 0x27 || c == 0x22 || c == 0x5C || c == 0x6E || c == 0x72 || c == 0x74 { return 2 }
        func hex(_ n: Int, from k: Int) -> Bool { (k..<(k + n)).allSatisfy { SourceScanner.isHexDigit(s.peek($0)) } }
        if c == 0x78 && hex(2, from: 2) { return 4 }
        if c == 0x75 && hex(4, from: 2) { return 6 }
        if c == 0x55 && hex(8, from: 2) { return 10 }
        if c >= 0x30 && c <= 0x37 {
            var n = 2
            while n < 4 && s.peek(n) >= 0x30 && s.peek(n) <= 0x37 { n += 1 }
            return n
        }
        return 1
    }

}
