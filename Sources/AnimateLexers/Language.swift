/// The languages the code lexers read; anything else is plain text.
public enum Language: String, Sendable, CaseIterable, Hashable {
    case swift, python, javascript, typescript, c, cpp, rust, go, java, kotlin, json, yaml, html, css, sql, shell
    case plainText = "text"

    /// The language a file's extension says, or nil.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "swift": self = .swift
        case "py", "pyw", "pyi": self = .python
        case "js", "mjs", "cjs", "jsx": self = .javascript
        case "ts", "mts", "cts", "tsx": self = .typescript
        case "c", "h": self = .c
        case "cc", "cpp", "cxx", "hpp", "hh", "hxx", "c++": self = .cpp
        case "rs": self = .rust
        case "go": self = .go
        case "java": self = .java
        case "kt", "kts": self = .kotlin
        case "json": self = .json
        case "yaml", "yml": self = .yaml
        case "html", "htm", "xhtml": self = .html
        case "css": self = .css
        case "sql": self = .sql
        case "sh", "bash", "zsh", "ksh": self = .shell
        case "txt", "text": self = .plainText
        default: return nil
        }
    }

    /// The language by a name people use for it ("swift", "py", "js", "c++", "bash"...), or nil.
    public init?(name: String) {
        let n = name.lowercased()
        if let exact = Language(rawValue: n) { self = exact; return }
        switch n {
        case "py", "python3": self = .python
        case "js", "node": self = .javascript
        case "ts": self = .typescript
        case "c++", "cxx": self = .cpp
        case "rs": self = .rust
        case "golang": self = .go
        case "kt": self = .kotlin
        case "yml": self = .yaml
        case "htm": self = .html
        case "bash", "sh", "zsh": self = .shell
        case "plain", "plaintext", "txt", "none": self = .plainText
        default: return nil
        }
    }
}
