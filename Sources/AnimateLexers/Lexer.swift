/// Splits source code into tokens: the kinds Pygments gives, the texts rebuilding the source
/// exactly. Unknown languages (and plain text) are one text token per line. Lexing never fails
/// and is linear in the source's length: unterminated strings and comments run to the end.
public enum Lexer {
    public static func tokens(in source: String, language: Language) -> [CodeToken] {
        // A byte-order mark is a token of its own; the code after it is lexed as if it came first.
        if source.utf8.starts(with: [0xEF, 0xBB, 0xBF]) {
            let rest = tokens(in: String(decoding: source.utf8.dropFirst(3), as: UTF8.self), language: language)
            return [CodeToken(range: 0..<3, kind: .text)] + rest.map { CodeToken(range: ($0.range.lowerBound + 3)..<($0.range.upperBound + 3), kind: $0.kind) }
        }
        return lexed(source, language)
    }

    private static func lexed(_ source: String, _ language: Language) -> [CodeToken] {
        switch language {
        case .swift: SwiftLexer.tokens(source)
        case .python: PythonLexer.tokens(source)
        case .json: JSONLexer.tokens(source)
        case .c: CFamilyLexer.tokens(source, cpp: false)
        case .cpp: CFamilyLexer.tokens(source, cpp: true)
        case .shell: ShellLexer.tokens(source)
        case .go: GoLexer.tokens(source)
        case .java: JavaLexer.tokens(source)
        case .rust: RustLexer.tokens(source)
        case .javascript: JavaScriptLexer.tokens(source, typeScript: false)
        case .typescript: JavaScriptLexer.tokens(source, typeScript: true)
        case .kotlin: KotlinLexer.tokens(source)
        case .yaml: YAMLLexer.tokens(source)
        case .css: CSSLexer.tokens(source)
        case .html: HTMLLexer.tokens(source)
        case .sql: SQLLexer.tokens(source)
        default: plainTokens(source)
        }
    }

    /// Lines as text, newlines as whitespace.
    static func plainTokens(_ source: String) -> [CodeToken] {
        var s = SourceScanner(source)
        while !s.isAtEnd {
            if s.peek() == 0x0A { s.single(.whitespace); continue }
            let start = s.position
            while !s.isAtEnd && s.peek() != 0x0A { s.position += 1 }
            s.emit(.text, from: start)
        }
        return s.tokens
    }
}
