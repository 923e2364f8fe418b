import Foundation

/// Errors making a picture of code.
public struct CodeError: AnimateError {
    public let message: String
    package init(message: String) { self.message = message }
    public var description: String { message }
}

extension CodeBlock {
    /// A PNG of the block on its own, as big as its lines (transparent outside its rounded corners).
    public func pngData() throws -> Data {
        let s = size
        let width = Int(s.width.rounded(.up)), height = Int(s.height.rounded(.up))
        guard width <= Bitmap.maximumDimension, height <= Bitmap.maximumDimension else {
            throw CodeError(message: "the listing is \(width)x\(height) pixels, more than the largest picture (\(Bitmap.maximumDimension) a side); show fewer lines (--lines) or use a smaller --font-size")
        }
        var canvas = Bitmap(width: max(width, 1), height: max(height, 1))
        canvas.draw { context, _ in context.draw(self, at: .zero) }
        return try canvas.pngData()
    }

    /// The tokens as JSON lines, `{"text": "...", "kind": "Keyword.Declaration"}`, whose texts put
    /// together are the source exactly.
    package var tokenLines: String {
        let bytes = Array(source.utf8)
        var out = ""
        for token in Lexer.tokens(in: source, language: language) {
            let text = String(decoding: bytes[token.range], as: UTF8.self)
            out += "{\"text\": " + Self.jsonString(text) + ", \"kind\": " + Self.jsonString(token.kind.rawValue) + "}\n"
        }
        return out
    }

    /// A string as JSON.
    static func jsonString(_ s: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: s, options: [.fragmentsAllowed, .withoutEscapingSlashes])) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
