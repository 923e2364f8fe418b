import Foundation

/// A listing written for a playground, made a lesson: its top-level lines that drive the
/// playground's page (`PlaygroundPage.current.setLiveView(view)`, `.liveView = view`,
/// `.needsIndefiniteExecution = true`), which a compiled module cannot hold, become a declaration
/// of the view to show and comments, each on its own line so the compiler's lines stay the user's.
package enum PlaygroundListing {
    /// A live view found: the variable now holding it and its line (1-based).
    package struct LiveView: Equatable, Sendable { package let name: String; package let line: Int }

    /// The text with its page lines turned into declarations (nil when it has none), and the live views.
    static func adapted(_ text: String) -> (text: String, liveViews: [LiveView])? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let depths = SourceDepth.depths(of: lines)
        var out = lines, liveViews: [LiveView] = []
        for (k, line) in lines.enumerated() where depths[k] == 0 {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("PlaygroundPage.current.") else { continue }
            let rest = trimmed.dropFirst("PlaygroundPage.current.".count)
            var expression: Substring?
            if rest.hasPrefix("setLiveView("), rest.hasSuffix(")") {
                expression = rest.dropFirst("setLiveView(".count).dropLast()
            } else if rest.hasPrefix("liveView"), let equals = rest.firstIndex(of: "="), rest[..<equals].trimmingCharacters(in: .whitespaces) == "liveView" {
                expression = rest[rest.index(after: equals)...]
            }
            if let expression, SourceDepth.isBalanced(expression) {
                let name = "_animateLiveView\(k + 1)"
                out[k] = "let \(name) = _PlaygroundLiveView(\(expression.trimmingCharacters(in: .whitespaces)))"
                liveViews.append(LiveView(name: name, line: k + 1))
            } else {
                // The page's other settings mean nothing to a render.
                out[k] = "// " + line
            }
        }
        return out == lines ? nil : (out.joined(separator: "\n"), liveViews)
    }
}

/// How deep in braces each line of Swift starts (strings and comments skipped), so a line at
/// column 0 inside an unindented type is not taken for a top-level one.
enum SourceDepth {
    static func depths(of lines: [String]) -> [Int] {
        var depth = 0, inBlockComment = 0, inMultilineString = false
        var result: [Int] = []
        for line in lines {
            result.append(inBlockComment > 0 || inMultilineString ? -1 : depth)
            let chars = Array(line.unicodeScalars)
            var i = 0, inString = false
            while i < chars.count {
                let c = chars[i], next = i + 1 < chars.count ? chars[i + 1] : " "
                if inBlockComment > 0 {
                    if c == "*" && next == "/" { inBlockComment -= 1; i += 2; continue }
                    if c == "/" && next == "*" { inBlockComment += 1; i += 2; continue }
                    i += 1; continue
                }
                if inMultilineString {
                    if c == "\"" && next == "\"" && i + 2 < chars.count && chars[i + 2] == "\"" { inMultilineString = false; i += 3; continue }
                    i += 1; continue
                }
                if inString {
                    if c == "\\" { i += 2; continue }
                    if c == "\"" { inString = false }
                    i += 1; continue
                }
                if c == "/" && next == "/" { break }
                if c == "/" && next == "*" { inBlockComment += 1; i += 2; continue }
                if c == "\"" {
                    if next == "\"" && i + 2 < chars.count && chars[i + 2] == "\"" { inMultilineString = true; i += 3; continue }
                    inString = true; i += 1; continue
                }
                if c == "{" { depth += 1 } else if c == "}" { depth = max(0, depth - 1) }
                i += 1
            }
        }
        return result
    }

    /// Whether `text`'s parentheses, brackets and braces close within it.
    static func isBalanced(_ text: Substring) -> Bool {
        var depth = 0
        for c in text {
            if "([{".contains(c) { depth += 1 } else if ")]}".contains(c) { depth -= 1; if depth < 0 { return false } }
        }
        return depth == 0
    }
}
