import SwiftSyntax
import SwiftSyntaxMacros

/// `#Preview("Title", traits: ...) { ContentView() }`: the preview as a scene of the file's
/// lesson. It expands to a C entry point named after where the preview stands (the file's path,
/// line and column), which the tool looks up when it loads the compiled lesson and calls to make
/// the scene; the body is the closure as written.
public struct PreviewMacro: DeclarationMacro {
    public static func expansion(of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        guard let body = node.trailingClosure ?? node.arguments.last(where: { $0.label?.text == "body" })?.expression.as(ClosureExprSyntax.self) else {
            throw Failure("#Preview needs a closure that makes its view: #Preview { ContentView() }")
        }
        var title: ExprSyntax = "nil"
        var traits: [ExprSyntax] = []
        var inTraits = false
        for argument in node.arguments {
            if let label = argument.label?.text {
                inTraits = label == "traits"
                if label == "body" { continue }
            }
            if argument.label == nil && !inTraits { title = argument.expression; continue }
            if inTraits { traits.append(argument.expression) }
        }
        guard let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .filePath),
              let file = location.file.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
              let line = location.line.as(IntegerLiteralExprSyntax.self)?.literal.text,
              let column = location.column.as(IntegerLiteralExprSyntax.self)?.literal.text else {
            throw Failure("#Preview: cannot tell where this preview is")
        }
        let entry = "animate_preview_\(fnv1a(file))_\(line)_\(column)"
        let name = context.makeUniqueName("preview")
        let fileName = file.split(separator: "/").last.map(String.init) ?? file
        let traitList = traits.map(\.trimmedDescription).joined(separator: ", ")
        return ["""
            @_cdecl(\(literal: entry)) public func \(name)(_ slot: UnsafeMutableRawPointer) {
                slot.assumingMemoryBound(to: _PreviewScene.self).initialize(to: _PreviewScene(preview: \(title), file: \(literal: fileName), line: \(raw: line), traits: [\(raw: traitList)], body: \(body.trimmed)))
            }
            """]
    }

    /// FNV-1a, 64 bits, in hex: the same the tool computes from the file's path.
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
