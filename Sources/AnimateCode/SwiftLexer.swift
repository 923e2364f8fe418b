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

    static func tokens(_ source: String) -> [CodeToken] {
        var s = SourceScanner(source)
        var lexer = SwiftLexer.State()
        while !s.isAtEnd { lexer.step(&s) }
        return s.tokens
    }

    struct State {
        /// Inside an `import` line: names are Name.Class. Inside `#if` lines: names are Comment.Preproc.
        var line: LineMode = .code
        /// Open `\(` interpolations: the parentheses open in each, and the string kind to return to.
        var interpolations: [(depth: Int, multiline: Bool)] = []

        enum LineMode { case code, module, preproc }

        mutating func step(_ s: inout SourceScanner) {
            let b = s.peek()
            if b == 0x0A { line = .code }
            // Inside an interpolation, parentheses count until the one that closes it.
            if !interpolations.isEmpty {
                if b == 0x28 { interpolations[interpolations.count - 1].depth += 1 }
                if b == 0x29 {
                    if interpolations[interpolations.count - 1].depth == 0 {
                        let multiline = interpolations.removeLast().multiline
                        s.single(.stringInterpol)
                        SwiftLexer.string(&s, multiline: multiline, state: &self)
                        return
                    }
                    interpolations[interpolations.count - 1].depth -= 1
                }
            }
            let before = s.position
            if s.whitespace() {
                if s.bytes[before..<s.position].contains(0x0A) { line = .code }
                return
            }
            if s.starts(with: "//") { s.rest(ofLineAs: .commentSingle); return }
            if s.starts(with: "/*") { s.blockComment(.commentMultiline, nested: true); return }
            if b == 0x23 {   // #
                let w = s.word(at: 1)
                if SwiftLexer.preprocessor.contains(w) {
                    let start = s.position
                    s.position += 1 + w.count
                    s.emit(.commentPreproc, from: start)
                    line = .preproc
                    return
                }
                if SwiftLexer.hashConstants.contains(w) { let start = s.position; s.position += 1 + w.count; s.emit(.keywordConstant, from: start); return }
                if w.elementsEqual("selector".utf8) { let start = s.position; s.position += 1 + w.count; s.emit(.keyword, from: start); return }
            }
            if b == 0x40 {   // @
                let w = s.word(at: 1)
                if SwiftLexer.reservedAttributes.contains(w) { let start = s.position; s.position += 1 + w.count; s.emit(.keywordReserved, from: start); return }
            }
            if SourceScanner.isLetter(b) || b == 0x5F {
                word(&s)
                return
            }
            if b == 0x24 && SourceScanner.isDigit(s.peek(1)) {   // $0
                let start = s.position
                s.position += 1
                s.skip(while: SourceScanner.isDigit)
                s.emit(.nameVariable, from: start)
                return
            }
            if SourceScanner.isDigit(b) { SwiftLexer.number(&s); return }
            if s.starts(with: "\"\"\"") {
                let start = s.position; s.position += 3; s.emit(.string, from: start)
                SwiftLexer.string(&s, multiline: true, state: &self)
                return
            }
            if b == 0x22 {
                s.single(.string)
                SwiftLexer.string(&s, multiline: false, state: &self)
                return
            }
            SwiftLexer.punctuationOrOperator(&s)
        }

        /// A word: keyword, declaration (with the name it declares), type, function or name.
        mutating func word(_ s: inout SourceScanner) {
            let w = s.word()
            let start = s.position
            func emitWord(_ kind: TokenKind) { s.position = start + w.count; s.emit(kind, from: start) }
            switch line {
            case .preproc:
                if SwiftLexer.keywords.contains(w) || SwiftLexer.reserved.contains(w) || SwiftLexer.constants.contains(w) || SwiftLexer.declarations.contains(w) {
                    break
                }
                emitWord(.commentPreproc)
                return
            case .module:
                emitWord(.nameClass)
                return
            case .code: break
            }
            if SwiftLexer.keywords.contains(w) { emitWord(.keyword); return }
            if SwiftLexer.reserved.contains(w) { emitWord(.keywordReserved); return }
            if SwiftLexer.constants.contains(w) { emitWord(.keywordConstant); return }
            if w.elementsEqual("import".utf8) { emitWord(.keywordDeclaration); line = .module; return }
            // A declaration keyword followed by spaces and a name.
            if let (declared, kind) = SwiftLexer.declaration(w, in: s, at: start) {
                emitWord(.keywordDeclaration)
                let ws = s.position
                s.position += s.spaceCount(at: s.position)
                s.emit(.whitespace, from: ws)
                if let declared {
                    // `class func f` / `class var v`: the second keyword, then the name.
                    let second = s.position
                    s.position += declared
                    s.emit(.keywordDeclaration, from: second)
                    let ws2 = s.position
                    s.position += s.spaceCount(at: s.position)
                    s.emit(.whitespace, from: ws2)
                }
                let nameStart = s.position
                s.position += SwiftLexer.identifierLength(in: s, at: s.position)
                s.emit(kind, from: nameStart)
                return
            }
            if SwiftLexer.declarations.contains(w) { emitWord(.keywordDeclaration); return }
            if SwiftLexer.types.contains(w) { emitWord(.nameBuiltin); return }
            if SwiftLexer.functions.contains(w) { emitWord(.nameBuiltinPseudo); return }
            emitWord(SwiftLexer.isCocoa(w) ? .nameBuiltinPseudo : .name)
        }
    }

    /// Spaces (and newlines) at `i`.
    /// The length of an identifier `[a-zA-Z_]\w*` at `i` (0 if none).
    static func identifierLength(in s: SourceScanner, at i: Int) -> Int {
        guard i < s.count, SourceScanner.isLetter(s.bytes[i]) || s.bytes[i] == 0x5F else { return 0 }
        var j = i + 1
        while j < s.count && SourceScanner.isWordByte(s.bytes[j]) { j += 1 }
        return j - i
    }

    /// For a declaring keyword followed by a name: the length of a second keyword in between
    /// (`class func`), and the kind of the name; nil when this is not such a declaration.
    static func declaration(_ w: ArraySlice<UInt8>, in s: SourceScanner, at start: Int) -> (Int?, TokenKind)? {
        let after = start + w.count
        let gap = s.spaceCount(at: after)
        guard gap > 0 else { return nil }
        let next = after + gap, length = identifierLength(in: s, at: next)
        guard length > 0 else { return nil }
        let nextWord = s.bytes[next..<(next + length)]
        if w.elementsEqual("class".utf8), nextWord.elementsEqual("func".utf8) || nextWord.elementsEqual("var".utf8) {
            let gap2 = s.spaceCount(at: next + length)
            guard gap2 > 0, identifierLength(in: s, at: next + length + gap2) > 0 else { return nil }
            return (length, nextWord.elementsEqual("func".utf8) ? .nameFunction : .nameVariable)
        }
        if ["class", "enum", "extension", "struct", "protocol"].contains(where: { w.elementsEqual($0.utf8) }) { return (nil, .nameClass) }
        if w.elementsEqual("func".utf8) { return (nil, .nameFunction) }
        if w.elementsEqual("var".utf8) || w.elementsEqual("let".utf8) { return (nil, .nameVariable) }
        return nil
    }

    /// Cocoa's classes and protocols, which Pygments marks as builtins: a framework prefix then a capital.
    static func isCocoa(_ w: ArraySlice<UInt8>) -> Bool {
        guard w.count > 3 else { return false }
        let a = w[w.startIndex], b = w[w.startIndex + 1], c = w[w.startIndex + 2]
        let prefix = (a == 0x4E && b == 0x53) || (a == 0x55 && b == 0x49)   // NS, UI
        return prefix && c >= 0x41 && c <= 0x5A && w[w.startIndex + 3] >= 0x61 && w[w.startIndex + 3] <= 0x7A
    }

    /// Numbers as Pygments reads them (a trailing `.` belongs to a float: `0..<n` starts `0.`).
    static func number(_ s: inout SourceScanner) {
        let start = s.position
        if s.peek() == 0x30 && s.peek(1) == 0x62 && (s.peek(2) == 0x30 || s.peek(2) == 0x31 || s.peek(2) == 0x5F) {
            s.position += 2; s.skip { $0 == 0x30 || $0 == 0x31 || $0 == 0x5F }; s.emit(.numberBin, from: start); return
        }
        if s.peek() == 0x30 && s.peek(1) == 0x6F && ((s.peek(2) >= 0x30 && s.peek(2) <= 0x37) || s.peek(2) == 0x5F) {
            s.position += 2; s.skip { ($0 >= 0x30 && $0 <= 0x37) || $0 == 0x5F }; s.emit(.numberOct, from: start); return
        }
        if s.peek() == 0x30 && s.peek(1) == 0x78 && (SourceScanner.isHexDigit(s.peek(2)) || s.peek(2) == 0x5F) {
            s.position += 2; s.skip { SourceScanner.isHexDigit($0) || $0 == 0x5F }; s.emit(.numberHex, from: start); return
        }
        s.skip { SourceScanner.isDigit($0) || $0 == 0x5F }
        // [eE][+-]?[0-9_]+ at offset i from the position
        func exponent(at i: Int) -> Int? { s.exponentEnd(at: i) { SourceScanner.isDigit($0) || $0 == 0x5F } }
        if s.peek() == 0x2E {
            // \.[0-9_]+[eE]..., else \.[0-9_]*
            var j = 1
            while SourceScanner.isDigit(s.peek(j)) || s.peek(j) == 0x5F { j += 1 }
            if j > 1, let e = exponent(at: j) { s.position += e } else { s.position += j }
            s.emit(.numberFloat, from: start)
            return
        }
        if let e = exponent(at: 0) { s.position += e; s.emit(.numberFloat, from: start); return }
        s.emit(.numberInteger, from: start)
    }

    /// The body of a string after its opening quote, up to and including its closing one, or up
    /// to an interpolation (which the state then lexes as code).
    static func string(_ s: inout SourceScanner, multiline: Bool, state: inout State) {
        var start = s.position
        while !s.isAtEnd {
            if multiline ? s.starts(with: "\"\"\"") : s.peek() == 0x22 {
                s.emit(.string, from: start)
                let close = s.position
                s.position += multiline ? 3 : 1
                s.emit(.string, from: close)
                return
            }
            if !multiline && s.peek() == 0x0A { s.emit(.string, from: start); return }
            if s.peek() == 0x5C {   // backslash
                s.emit(.string, from: start)
                let e = s.position
                if s.peek(1) == 0x28 {
                    s.position += 2
                    s.emit(.stringInterpol, from: e)
                    state.interpolations.append((0, multiline))
                    return
                }
                let n = escapeLength(s)
                s.position += n
                s.emit(n > 1 ? .stringEscape : .string, from: e)
                start = s.position
                continue
            }
            s.position += 1
        }
        s.emit(.string, from: start)
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

    /// Punctuation as Pygments' Swift lexer has it (brackets, `.,:;=@#`?`, `->`, `<`, `&`, `?`
    /// before a word, `>`, `!`, `?` after one), else a run of operator characters.
    static func punctuationOrOperator(_ s: inout SourceScanner) {
        let b = s.peek()
        let start = s.position
        switch b {
        case 0x28, 0x29, 0x7B, 0x7D, 0x5B, 0x5D, 0x2E, 0x2C, 0x3A, 0x3B, 0x3D, 0x40, 0x23, 0x60:
            s.position += 1; s.emit(.punctuation, from: start); return
        default: break
        }
        if b == 0x3F { s.position += 1; s.emit(.punctuation, from: start); return }   // ? is in the class
        if s.starts(with: "->") { s.position += 2; s.emit(.punctuation, from: start); return }
        if (b == 0x3C || b == 0x26) && SourceScanner.isWordByte(s.peek(1)) { s.position += 1; s.emit(.punctuation, from: start); return }
        if (b == 0x3E || b == 0x21) && SourceScanner.isWordByte(s.previous) { s.position += 1; s.emit(.punctuation, from: start); return }
        func isOperator(_ c: UInt8) -> Bool {
            c == 0x2F || c == 0x3D || c == 0x2D || c == 0x2B || c == 0x21 || c == 0x2A || c == 0x25 || c == 0x3C || c == 0x3E
                || c == 0x26 || c == 0x7C || c == 0x5E || c == 0x3F || c == 0x7E
        }
        if isOperator(b) {
            s.skip(while: isOperator)
            s.emit(.operator, from: start)
            return
        }
        s.single(.error)
    }
}
