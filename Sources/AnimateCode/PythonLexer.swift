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

    static func tokens(_ source: String) -> [CodeToken] {
        var s = SourceScanner(source)
        var lexer = State()
        while !s.isAtEnd { lexer.step(&s) }
        return s.tokens
    }

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

    static func isMagic(_ w: ArraySlice<UInt8>) -> Bool { magicMethods.contains(w) }

    struct State {
        enum Mode { case code, function, className, fromImport, importList }
        var mode = Mode.code
        /// At the start of a line (only indentation so far).
        var lineStart = true
        /// Open f-string fields: the brackets open inside each, and the string to return to.
        var fields: [(depth: Int, quote: Quote)] = []

        mutating func step(_ s: inout SourceScanner) {
            let b = s.peek()
            if b == 0x0A {
                s.single(.whitespace)
                lineStart = true
                if mode == .importList || mode == .fromImport { mode = .code }
                return
            }
            if b == 0x20 || b == 0x09 || b == 0x0C || b == 0x0D {
                let start = s.position
                s.skip { $0 == 0x20 || $0 == 0x09 || $0 == 0x0C || $0 == 0x0D }
                s.emit(.whitespace, from: start)
                return
            }
            let atLineStart = lineStart
            lineStart = false
            // Inside an f-string field: its closing brace or format colon ends the code.
            if let field = fields.last {
                if (b == 0x7D || b == 0x3A || (b == 0x21 && s.peek(2) == 0x7D)) && field.depth == 0 {
                    fields.removeLast()
                    let start = s.position
                    if b == 0x21 { s.position += 2 }
                    if s.peek() == 0x3A {
                        s.position += 1
                        s.emit(.stringInterpol, from: start)
                        PythonLexer.formatSpec(&s, quote: field.quote, state: &self)
                        return
                    }
                    s.position += 1
                    s.emit(.stringInterpol, from: start)
                    PythonLexer.stringBody(&s, quote: field.quote, state: &self)
                    return
                }
                if b == 0x28 || b == 0x5B || b == 0x7B { fields[fields.count - 1].depth += 1 }
                if b == 0x29 || b == 0x5D || b == 0x7D { fields[fields.count - 1].depth -= 1 }
            }
            if b == 0x23 {   // #
                if s.position == 0 && s.peek(1) == 0x21 { s.rest(ofLineAs: .commentHashbang) } else { s.rest(ofLineAs: .commentSingle) }
                return
            }
            if b == 0x5C { s.single(.text); return }
            if let quote = PythonLexer.stringStart(s) {
                PythonLexer.string(&s, quote: quote, docstring: atLineStart && fields.isEmpty, state: &self)
                return
            }
            if SourceScanner.isDigit(b) || (b == 0x2E && SourceScanner.isDigit(s.peek(1))) { PythonLexer.number(&s); return }
            if SourceScanner.isLetter(b) || b == 0x5F || b >= 0x80 { word(&s, atLineStart: atLineStart); return }
            if b == 0x40 {   // @decorator
                let start = s.position
                s.position += 1
                let n = s.skip { SourceScanner.isWordByte($0) || $0 == 0x2E }
                s.emit(n > 0 ? .nameDecorator : .operator, from: start)
                return
            }
            if mode == .importList && b == 0x2C { s.single(.operator); return }
            if (mode == .importList || mode == .fromImport) && b == 0x2E { s.single(.nameNamespace); return }
            PythonLexer.operatorOrPunctuation(&s)
        }

        mutating func word(_ s: inout SourceScanner, atLineStart: Bool) {
            let w = s.word()
            let start = s.position
            func emit(_ kind: TokenKind) { s.position = start + w.count; s.emit(kind, from: start) }
            switch mode {
            case .function:
                mode = .code
                emit(PythonLexer.isMagic(w) ? .nameFunctionMagic : .nameFunction)
                return
            case .className:
                mode = .code
                emit(.nameClass)
                return
            case .fromImport:
                if w.elementsEqual("import".utf8) { mode = .importList; emit(.keywordNamespace); return }
                if w.elementsEqual("None".utf8) { emit(.keywordConstant); return }
                emit(.nameNamespace)
                return
            case .importList:
                if w.elementsEqual("as".utf8) { emit(.keyword); return }
                emit(.nameNamespace)
                return
            case .code: break
            }
            let afterDot = s.position > 0 && s.previous == 0x2E
            if w.elementsEqual("def".utf8) && PythonLexer.followedBySpace(s, at: start + 3) { emit(.keyword); mode = .function; return }
            if w.elementsEqual("class".utf8) && PythonLexer.followedBySpace(s, at: start + 5) { emit(.keyword); mode = .className; return }
            if w.elementsEqual("from".utf8) && PythonLexer.followedBySpace(s, at: start + 4) { emit(.keywordNamespace); mode = .fromImport; return }
            if w.elementsEqual("import".utf8) && PythonLexer.followedBySpace(s, at: start + 6) { emit(.keywordNamespace); mode = .importList; return }
            if atLineStart && (w.elementsEqual("match".utf8) || w.elementsEqual("case".utf8)) && PythonLexer.softKeyword(s, at: start + w.count) {
                emit(.keyword); return
            }
            if PythonLexer.keywords.contains(w) { emit(.keyword); return }
            if PythonLexer.constants.contains(w) { emit(.keywordConstant); return }
            if PythonLexer.operatorWords.contains(w) { emit(.operatorWord); return }
            if !afterDot && PythonLexer.builtins.contains(w) { emit(.nameBuiltin); return }
            if !afterDot && PythonLexer.pseudo.contains(w) { emit(.nameBuiltinPseudo); return }
            if !afterDot && PythonLexer.exceptions.contains(w) { emit(.nameException); return }
            if PythonLexer.isMagic(w) { emit(.nameFunctionMagic); return }
            if PythonLexer.magicVariables.contains(w) { emit(.nameVariableMagic); return }
            emit(.name)
        }
    }

    static func followedBySpace(_ s: SourceScanner, at i: Int) -> Bool {
        i < s.count && (s.bytes[i] == 0x20 || s.bytes[i] == 0x09 || s.bytes[i] == 0x5C)
    }

    /// `match`/`case` as a statement: followed by something that does not make it a plain name.
    static func softKeyword(_ s: SourceScanner, at i: Int) -> Bool {
        var j = i
        while j < s.count && (s.bytes[j] == 0x20 || s.bytes[j] == 0x09) { j += 1 }
        guard j > i, j < s.count else { return false }
        return ![0x3A, 0x2C, 0x3B, 0x3D, 0x5E, 0x26, 0x7C, 0x40, 0x7E, 0x29, 0x5D, 0x7D, 0x0A].contains(s.bytes[j])
    }

    /// A string's quotes and what its prefix makes it.
    struct Quote {
        var byte: UInt8
        var triple: Bool
        var raw: Bool
        var formatted: Bool
        var kind: TokenKind { byte == 0x22 ? .stringDouble : .stringSingle }
    }

    /// The string starting here (prefix letters then a quote), or nil.
    static func stringStart(_ s: SourceScanner) -> (prefix: Int, quote: Quote)? {
        var n = 0
        var raw = false, formatted = false
        while n < 2, SourceScanner.isLetter(s.peek(n)) {
            switch s.peek(n) | 0x20 {
            case 0x72: raw = true
            case 0x66, 0x74: formatted = true
            case 0x62, 0x75: break
            default: return nil
            }
            n += 1
        }
        let q = s.peek(n)
        guard q == 0x22 || q == 0x27 else { return nil }
        if n > 0 && SourceScanner.isWordByte(s.previous) { return nil }
        let triple = s.peek(n + 1) == q && s.peek(n + 2) == q
        return (n, Quote(byte: q, triple: triple, raw: raw, formatted: formatted))
    }

    static func string(_ s: inout SourceScanner, quote start: (prefix: Int, quote: Quote), docstring: Bool, state: inout State) {
        let q = start.quote
        if start.prefix > 0 {
            let a = s.position
            s.position += start.prefix
            s.emit(.stringAffix, from: a)
        }
        // A docstring: a triple-quoted string opening a line, whole.
        if docstring && q.triple && !q.formatted {
            let a = s.position
            s.position += 3
            while !s.isAtEnd && !(s.peek() == q.byte && s.peek(1) == q.byte && s.peek(2) == q.byte) { s.position += 1 }
            s.position = min(s.position + 3, s.count)
            s.emit(.stringDoc, from: a)
            return
        }
        let a = s.position
        s.position += q.triple ? 3 : 1
        s.emit(q.kind, from: a)
        stringBody(&s, quote: q, state: &state)
    }

    /// A string's contents after its opening quotes (or after an f-string field), through its
    /// closing quotes; in an f-string, up to a field, whose code the state lexes.
    static func stringBody(_ s: inout SourceScanner, quote q: Quote, state: inout State) {
        var start = s.position
        while !s.isAtEnd {
            let b = s.peek()
            if b == q.byte && (!q.triple || (s.peek(1) == b && s.peek(2) == b)) {
                s.emit(q.kind, from: start)
                let a = s.position
                s.position += q.triple ? 3 : 1
                s.emit(q.kind, from: a)
                return
            }
            if b == 0x0A && !q.triple { s.emit(q.kind, from: start); return }
            if b == 0x5C && q.raw {   // a raw string keeps its backslashes, but one still shields a quote
                s.skipEscapedCharacter()
                continue
            }
            if b == 0x5C && !q.raw {
                s.emit(q.kind, from: start)
                let a = s.position
                s.position += escapeLength(s)
                s.emit(.stringEscape, from: a)
                start = s.position
                continue
            }
            if q.formatted && (b == 0x7B || b == 0x7D) {
                if s.peek(1) == b {   // {{ or }}
                    s.emit(q.kind, from: start)
                    let a = s.position
                    s.position += 2
                    s.emit(.stringEscape, from: a)
                    start = s.position
                    continue
                }
                s.emit(q.kind, from: start)
                let a = s.position
                s.position += 1
                s.emit(.stringInterpol, from: a)
                if b == 0x7B { state.fields.append((0, q)); return }
                start = s.position
                continue
            }
            if b == 0x25 && !q.formatted, let n = percentFormat(s) {   // %s, %(name)d
                s.emit(q.kind, from: start)
                let a = s.position
                s.position += n
                s.emit(.stringInterpol, from: a)
                start = s.position
                continue
            }
            s.position += 1
        }
        s.emit(q.kind, from: start)
    }

    /// An f-string field's format spec after its colon, up to the closing brace.
    static func formatSpec(_ s: inout SourceScanner, quote q: Quote, state: inout State) {
        let start = s.position
        while !s.isAtEnd && s.peek() != 0x7D && s.peek() != 0x7B && s.peek() != q.byte && s.peek() != 0x0A { s.position += 1 }
        s.emit(q.kind, from: start)
        if s.peek() == 0x7D {
            s.single(.stringInterpol)
            stringBody(&s, quote: q, state: &state)
        } else if s.peek() == 0x7B {
            s.single(.stringInterpol)
            state.fields.append((0, q))
        } else {
            stringBody(&s, quote: q, state: &state)
        }
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

    static func number(_ s: inout SourceScanner) {
        let start = s.position
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
                s.emit(b1 == 0x78 ? .numberHex : b1 == 0x6F ? .numberOct : .numberBin, from: start)
                return
            }
        }
        digits(SourceScanner.isDigit)
        var float = false
        if s.peek() == 0x2E { float = true; s.position += 1; digits(SourceScanner.isDigit) }
        if let j = s.exponentDigits(at: 0) { float = true; s.position += j; digits(SourceScanner.isDigit) }
        if s.peek() | 0x20 == 0x6A { float = true; s.position += 1 }
        s.emit(float ? .numberFloat : .numberInteger, from: start)
    }

    /// Operators (`!=`, `==`, `<<`, `>>`, `:=` and single `-~+/*%=<>&^|.`) and punctuation.
    static func operatorOrPunctuation(_ s: inout SourceScanner) {
        let start = s.position
        for op: StaticString in ["!=", "==", "<<", ">>", ":="] where s.starts(with: op) {
            s.position += 2
            s.emit(.operator, from: start)
            return
        }
        switch s.peek() {
        case 0x2D, 0x7E, 0x2B, 0x2F, 0x2A, 0x25, 0x3D, 0x3C, 0x3E, 0x26, 0x5E, 0x7C, 0x2E: s.single(.operator)
        case 0x5D, 0x7B, 0x7D, 0x3A, 0x28, 0x29, 0x2C, 0x3B, 0x5B: s.single(.punctuation)
        default: s.single(.error)
        }
    }
}
