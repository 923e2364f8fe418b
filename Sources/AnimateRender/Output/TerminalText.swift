/// Text as a terminal should show it: what a terminal would act on instead of show (control
/// characters such as ESC, CR and BEL, DEL, C1 controls, and the bidirectional overrides that
/// reorder a line) spelled out as `\u{1B}`, so a name or a line read from a file cannot move the
/// cursor, recolour or rewrite the terminal.
package enum TerminalText {
    package static func visible<S: Sequence<Unicode.Scalar>>(_ scalars: S) -> String {
        var out = ""
        for scalar in scalars {
            let v = scalar.value
            if v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) {
                out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
