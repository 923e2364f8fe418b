import Animate

/// What a lesson file declares that the tool turns into scenes, read from its tokens (so that
/// a `#Preview` in a comment or a string is not one): Xcode's previews (`#Preview`, with where
/// each stands, and `PreviewProvider` types) and its views (types conforming to `View`).
package struct LessonDeclarations: Equatable {
    /// Each `#Preview`: the line and UTF-8 column (both from 1) of its `#`.
    package var previews: [Position] = []
    /// The types that conform to `PreviewProvider`, in order.
    package var previewProviders: [String] = []
    /// The types that conform to `View`, in order.
    package var views: [String] = []

    package struct Position: Equatable {
        package var line: Int
        package var column: Int
        package init(line: Int, column: Int) { self.line = line; self.column = column }
    }

    package init(previews: [Position] = [], previewProviders: [String] = [], views: [String] = []) {
        self.previews = previews
        self.previewProviders = previewProviders
        self.views = views
    }

    /// The declarations of `source`.
    package init(reading source: String) {
        let bytes = Array(source.utf8)
        let tokens = Lexer.tokens(in: source, language: .swift).filter { $0.kind != .whitespace && !$0.kind.rawValue.hasPrefix("Comment") }
        func text(_ i: Int) -> String { i < tokens.count ? String(decoding: bytes[tokens[i].range], as: UTF8.self) : "" }
        // Line starts, for a token's line and column.
        var lineStarts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { lineStarts.append(offset + 1) }
        func position(_ offset: Int) -> Position {
            var low = 0, high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            return Position(line: low + 1, column: offset - lineStarts[low] + 1)
        }
        var i = 0
        while i < tokens.count {
            let word = text(i)
            if word == "#", text(i + 1) == "Preview", tokens[i].range.upperBound == tokens[i + 1].range.lowerBound {
                previews.append(position(tokens[i].range.lowerBound))
                i += 2
                continue
            }
            if word == "struct" || word == "class" || word == "enum", i + 2 < tokens.count, text(i + 2) == ":" {
                let name = text(i + 1)
                var j = i + 3, conformances: [String] = []
                while j < tokens.count, !text(j).contains("{"), text(j) != "where", j < i + 40 {
                    conformances.append(text(j))
                    j += 1
                }
                if conformances.contains("PreviewProvider") { previewProviders.append(name) }
                if conformances.contains("View") { views.append(name) }
                i = j
                continue
            }
            i += 1
        }
    }
}
