public import AnimateLexers
import AnimateDrawing
import AnimateText
public import Foundation

/// A position in code: line and column, both from 1, as editors count them (a tab counts as the
/// columns it spans).
public struct CodePosition: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: CodePosition, b: CodePosition) -> Bool { (a.line, a.column) < (b.line, b.column) }
}

/// Code laid out in lines: each token cut at line ends into pieces, tabs expanded, every piece
/// with its place. Made once per source, language, size and tab width (cached), so a block drawn
/// on every frame is lexed and measured once.
public struct CodeLayout: Sendable {
    /// A token's part on one line.
    public struct Piece: Sendable, Hashable {
        /// The text shown (tabs expanded to spaces).
        public var text: String
        public var kind: TokenKind
        /// Where it starts: line and column from 1.
        public var position: CodePosition
        /// How many columns it spans.
        public var columns: Int
        /// Its left edge from the code's left edge, and its width, in points.
        public var x: CGFloat
        public var width: CGFloat
        /// The token it is part of (an index into the source's tokens) and its bytes in the source.
        var token: Int
        public var sourceRange: Range<Int>
        /// Whether it is only spaces.
        public var isBlank: Bool
        /// Its characters that are not spaces (what typing counts).
        let visibleCount: Int
    }

    public let pieces: [Piece]
    /// Which layout this is: the same for the same source, language, size and tab width while
    /// it stays cached, so drawings can cache what they make of it.
    let id: UInt64
    /// The pieces of each line (indices into `pieces`), line 1 first.
    public let lines: [Range<Int>]
    /// The width of one column (the monospaced font's advance) and the height of a line.
    public let columnWidth: CGFloat
    public let lineHeight: CGFloat
    public let fontSize: CGFloat
    /// The widest line, in points.
    public let width: CGFloat

    struct Key: Hashable {
        let source: String
        let language: Language
        let fontSize: CGFloat
        let tabWidth: Int
    }

    private static let cache = BoundedCache<Key, CodeLayout>(bound: 64)
    private static let lock = NSLock()
    nonisolated(unsafe) private static var made: UInt64 = 0

    static func make(_ source: String, language: Language, fontSize: CGFloat, tabWidth: Int) -> CodeLayout {
        let key = Key(source: source, language: language, fontSize: fontSize, tabWidth: tabWidth)
        if let known = cache[key] { return known }
        let id = lock.withLock { () -> UInt64 in made += 1; return made }
        let layout = CodeLayout(key, id: id)
        cache[key] = layout
        return layout
    }

    /// The monospaced font code is set in.
    static func font(_ size: CGFloat) -> Font { .system(size: size, design: .monospaced) }

    private init(_ key: Key, id: UInt64) {
        self.id = id
        fontSize = key.fontSize
        let font = Self.font(key.fontSize)
        columnWidth = ResolvedText(text: Text("0000000000").font(font)).size.width / 10
        lineHeight = (key.fontSize * 1.45).rounded()
        let tokens = Lexer.tokens(in: key.source, language: key.language)
        let bytes = Array(key.source.utf8)
        let tab = max(1, min(key.tabWidth, 16))
        var pieces: [Piece] = []
        var lines: [Range<Int>] = []
        var lineStart = 0, line = 1, column = 1
        var widest: CGFloat = 0, x: CGFloat = 0
        func endLine() {
            lines.append(lineStart..<pieces.count)
            widest = max(widest, x)
            lineStart = pieces.count
            line += 1
            column = 1
            x = 0
        }
        for (index, token) in tokens.enumerated() {
            var start = token.range.lowerBound
            while start < token.range.upperBound {
                // Up to the next newline within the token.
                var end = start
                while end < token.range.upperBound && bytes[end] != 0x0A { end += 1 }
                if end > start {
                    var text = ""
                    var columns = 0, blank = true
                    var run = start
                    // Tabs to the next stop; other characters one column (wide ones two).
                    var k = start
                    while k < end {
                        if bytes[k] == 0x09 || bytes[k] == 0x0D {
                            text += String(decoding: bytes[run..<k], as: UTF8.self)
                            columns += bytes[run..<k].count
                            if bytes[k] == 0x09 {
                                let spaces = tab - (column + columns - 1) % tab
                                text += String(repeating: " ", count: spaces)
                                columns += spaces
                            }
                            k += 1
                            run = k
                            continue
                        }
                        if bytes[k] != 0x20 { blank = false }
                        k += 1
                    }
                    text += String(decoding: bytes[run..<end], as: UTF8.self)
                    let width: CGFloat
                    if text.utf8.allSatisfy({ $0 < 0x80 }) {
                        columns = text.utf8.count
                        width = CGFloat(columns) * columnWidth
                    } else {
                        columns = text.unicodeScalars.reduce(0) { $0 + (Self.isWide($1) ? 2 : 1) }
                        width = ResolvedText(text: Text(text).font(font)).size.width
                    }
                    if !text.isEmpty { pieces.append(Piece(text: text, kind: token.kind, position: CodePosition(line: line, column: column), columns: columns,
                                        x: x, width: width, token: index, sourceRange: start..<end, isBlank: blank,
                                        visibleCount: blank ? 0 : text.reduce(0) { $0 + ($1 == " " ? 0 : 1) })) }
                    column += columns
                    x += width
                }
                if end < token.range.upperBound {   // the newline
                    endLine()
                    end += 1
                }
                start = end
            }
        }
        endLine()
        self.pieces = pieces
        self.lines = lines
        characterCount = pieces.reduce(0) { $0 + $1.visibleCount }
        self.width = widest
    }

    /// East Asian wide and emoji characters take two columns.
    static func isWide(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
            || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v)
    }

    public var lineCount: Int { lines.count }

    /// The characters the code shows, spaces not counted: what `typedCharacters` counts up to.
    public let characterCount: Int

    /// The characters a line shows, spaces not counted (what typing counts).
    func visibleCharacters(inLine line: Int) -> Int {
        guard line >= 1 && line <= lines.count else { return 0 }
        return lines[line - 1].reduce(0) { $0 + pieces[$1].visibleCount }
    }
}
