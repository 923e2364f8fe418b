/// Rust, with Pygments' Rust token kinds: `fn` then Name.Function, `struct`/`enum`/`type` and
/// types after `:` or `->` as Name.Class, the prelude's types as Name.Builtin, the standard
/// macros (`println!`) as Name.Function.Magic, doc comments as String.Doc, attributes as
/// Comment.Preproc, lifetimes, raw strings, number suffixes as keywords.
enum RustLexer {
    static let keywords = WordSet(["as", "async", "await", "box", "const", "crate", "dyn", "else", "extern", "for", "if", "impl", "in",
                                   "loop", "match", "move", "mut", "pub", "ref", "return", "static", "super", "trait", "unsafe", "use",
                                   "where", "while", "break", "continue"])
    static let reserved = WordSet(["abstract", "become", "do", "final", "macro", "override", "priv", "typeof", "try", "unsized", "virtual",
                                   "yield"])
    static let types = WordSet(["u8", "u16", "u32", "u64", "u128", "i8", "i16", "i32", "i64", "i128", "usize", "isize", "f32", "f64", "char",
                                "str", "bool"])
    static let prelude = WordSet(spaced: """
        Copy Send Sized Sync Unpin Drop Fn FnMut FnOnce drop Box ToOwned Clone PartialEq PartialOrd Eq Ord AsRef AsMut Into \
        From Default Iterator Extend IntoIterator DoubleEndedIterator ExactSizeIterator Option Some None Result Ok Err String \
        ToString Vec
        """)
    static let macros = WordSet(spaced: """
        asm assert assert_eq assert_ne cfg column compile_error concat concat_idents dbg debug_assert debug_assert_eq \
        debug_assert_ne env eprint eprintln file format format_args format_args_nl global_asm include include_bytes \
        include_str is_aarch64_feature_detected is_arm_feature_detected is_mips64_feature_detected is_mips_feature_detected \
        is_powerpc64_feature_detected is_powerpc_feature_detected is_x86_feature_detected line llvm_asm log_syntax \
        macro_rules matches module_path option_env panic print println stringify thread_local todo trace_macros \
        unimplemented unreachable vec write writeln
        """)

    enum Next { case none, function, namespace, typeName }

    static func isStart(_ b: UInt8) -> Bool { SourceScanner.isLetter(b) || b == 0x5F }

    static func tokens(_ source: String) -> [CodeToken] {
        var s = SourceScanner(source)
        if s.starts(with: "#!") && s.peek(2) != 0x5B && s.peek(2) != 0x0D && s.peek(2) != 0x0A { s.rest(ofLineAs: .commentPreproc) }
        var next = Next.none
        var afterNumber = false
        while !s.isAtEnd { step(&s, &next, &afterNumber) }
        return s.tokens
    }

    static func step(_ s: inout SourceScanner, _ next: inout Next, _ afterNumber: inout Bool) {
        let b = s.peek()
        let start = s.position
        // A number's type suffix.
        if afterNumber {
            afterNumber = false
            for suffix in ["u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32", "f64"]
            where s.bytes[start..<min(start + suffix.utf8.count, s.count)].elementsEqual(suffix.utf8) {
                s.position += suffix.utf8.count
                s.emit(.keyword, from: start)
                return
            }
        }
        if SourceScanner.isSpace(b) { s.skip(while: SourceScanner.isSpace); s.emit(.whitespace, from: start); return }
        if s.starts(with: "//!") || (s.starts(with: "///") && s.peek(3) != 0x2F) { s.rest(ofLineAs: .stringDoc, includingNewline: true); next = .none; return }
        if s.starts(with: "//") { s.rest(ofLineAs: .commentSingle, includingNewline: true); next = .none; return }
        if s.starts(with: "/**") && s.peek(3) != 0x2F && s.peek(3) != 0x2A || s.starts(with: "/*!") { s.blockComment(.stringDoc, nested: true); return }
        if s.starts(with: "/*") { s.blockComment(.commentMultiline, nested: true); return }
        // Names after `fn`, `mod`, `struct`..., `:` or `->`.
        if next != .none {
            let current = next
            next = .none
            if current == .typeName {
                if b == 0x26 { s.single(.keywordPseudo); next = .typeName; return }
                if b == 0x27 { lifetime(&s); next = .typeName; return }
                if isStart(b) {
                    let w = s.word()
                    if prelude.contains(w) { s.position += w.count; s.emit(.nameBuiltin, from: start); next = .typeName; return }
                    if types.contains(w) { s.position += w.count; s.emit(.keywordType, from: start); next = .typeName; return }
                    s.position += w.count
                    s.emit(.nameClass, from: start)
                    return
                }
            } else if isStart(b) {
                s.position += s.word().count
                s.emit(current == .function ? .nameFunction : .nameNamespace, from: start)
                return
            }
        }
        if b == 0x24 && (isStart(s.peek(1)) || s.peek(1) == 0x28 || s.peek(1) == 0x29 || s.peek(1) == 0x2C) {   // macro parameters
            s.position += 1
            if isStart(s.peek()) { s.skip(while: SourceScanner.isWordByte) } else {
                if s.peek() == 0x28 || s.peek() == 0x29 { s.position += 1 }
                if s.peek() == 0x2C { s.position += 1 }
            }
            s.emit(.commentPreproc, from: start)
            return
        }
        if b == 0x24 { s.position += 1; if s.peek() == 0x2C { s.position += 1 }; s.emit(.commentPreproc, from: start); return }
        if s.starts(with: "r#") && isStart(s.peek(2)) { s.position += 2; s.skip(while: SourceScanner.isWordByte); s.emit(.name, from: start); return }
        if isStart(b) {
            // Raw and byte strings first: b"..", r#".."#, br"..".
            if let n = rawString(s) { s.position += n; s.emit(.string, from: start); return }
            if b == 0x62 && s.peek(1) == 0x22 { s.position += 2; s.emit(.string, from: start); string(&s); return }
            if b == 0x62 && s.peek(1) == 0x27, let n = charLength(s, from: 1) { s.position += 1 + n; s.emit(.stringChar, from: start); return }
            let w = s.word()
            let end = start + w.count
            func emit(_ kind: TokenKind) { s.position = end; s.emit(kind, from: start) }
            if keywords.contains(w) {
                emit(.keyword)
                // `break 'label` / `continue 'label`.
                if w.elementsEqual("break".utf8) || w.elementsEqual("continue".utf8) {
                    let ws = s.position
                    s.skip(while: SourceScanner.isSpace)
                    s.emit(.whitespace, from: ws)
                    if s.peek() == 0x27 && isStart(s.peek(1)) && s.peek(2) != 0x27 {
                        let l = s.position
                        s.position += 1
                        s.skip(while: SourceScanner.isWordByte)
                        s.emit(.nameLabel, from: l)
                    }
                }
                return
            }
            if reserved.contains(w) { emit(.keywordReserved); return }
            if w.elementsEqual("true".utf8) || w.elementsEqual("false".utf8) { emit(.keywordConstant); return }
            if w.elementsEqual("self".utf8) || w.elementsEqual("Self".utf8) { emit(.nameBuiltinPseudo); return }
            if w.elementsEqual("mod".utf8) { emit(.keyword); next = .namespace; return }
            if w.elementsEqual("let".utf8) { emit(.keywordDeclaration); return }
            if w.elementsEqual("fn".utf8) { emit(.keyword); next = .function; return }
            if ["struct", "enum", "type", "union"].contains(where: { w.elementsEqual($0.utf8) }) { emit(.keyword); next = .typeName; return }
            if w.elementsEqual("default".utf8) {
                var k = end
                while k < s.count && SourceScanner.isSpace(s.bytes[k]) { k += 1 }
                let second = s.bytes[k..<min(k + 4, s.count)].elementsEqual("type".utf8) ? 4 : s.bytes[k..<min(k + 2, s.count)].elementsEqual("fn".utf8) ? 2 : 0
                if k > end && second > 0 && (k + second >= s.count || !SourceScanner.isWordByte(s.bytes[k + second])) {
                    // `default fn` / `default type`: both keywords, and the name after them plain.
                    emit(.keyword)
                    s.position = k
                    s.emit(.whitespace, from: end)
                    s.position = k + second
                    s.emit(.keyword, from: k)
                    return
                }
            }
            if types.contains(w) { emit(.keywordType); return }
            if prelude.contains(w) { emit(.nameBuiltin); return }
            if macros.contains(w) && end < s.count && s.bytes[end] == 0x21 { s.position = end + 1; s.emit(.nameFunctionMagic, from: start); return }
            emit(.name)
            return
        }
        if s.starts(with: "::") && isStart(s.peek(2)) { s.position += 2; s.emit(.punctuation, from: start); return }
        if b == 0x3A || s.starts(with: "->") { s.position += b == 0x3A ? 1 : 2; s.emit(.punctuation, from: start); next = .typeName; return }
        if b == 0x27 {
            if let n = charLength(s, from: 0) { s.position += n; s.emit(.stringChar, from: start); return }
            lifetime(&s)
            return
        }
        if SourceScanner.isDigit(b) { number(&s); afterNumber = true; return }
        if b == 0x22 { s.single(.string); string(&s); return }
        if s.starts(with: "..") { s.position += s.peek(2) == 0x3D ? 3 : 2; s.emit(.operator, from: start); return }
        if [0x7B, 0x7D, 0x28, 0x29, 0x5B, 0x5D, 0x2C, 0x2E, 0x3B].contains(b) { s.single(.punctuation); return }
        if b == 0x23 && (s.peek(1) == 0x5B || (s.peek(1) == 0x21 && s.peek(2) == 0x5B)) { attribute(&s); return }
        if b == 0x23 { s.single(.punctuation); return }
        if [0x2B, 0x2D, 0x2A, 0x2F, 0x25, 0x26, 0x7C, 0x3C, 0x3E, 0x5E, 0x21, 0x7E, 0x40, 0x3D, 0x3F].contains(b) { s.single(.operator); return }
        s.single(.error)
    }

    /// `'a`, `'static`: the quote as an operator, the name as an attribute (or builtin).
    static func lifetime(_ s: inout SourceScanner) {
        s.single(.operator)
        let start = s.position
        let w = s.word()
        guard isStart(s.peek()) else { return }
        s.position += w.count
        s.emit(w.elementsEqual("static".utf8) || w.elementsEqual("_".utf8) ? .nameBuiltin : .nameAttribute, from: start)
    }

    /// A character literal at `offset` from the position (the quote): its length, or nil.
    static func charLength(_ s: SourceScanner, from offset: Int) -> Int? {
        let c = s.peek(offset + 1)
        if c == 0x5C {
            let e = s.peek(offset + 2)
            var n = 0
            if [0x27, 0x22, 0x5C, 0x6E, 0x72, 0x74, 0x30].contains(e) { n = 2 }
            else if e == 0x78 && s.peek(offset + 3) >= 0x30 && s.peek(offset + 3) <= 0x37 && SourceScanner.isHexDigit(s.peek(offset + 4)) { n = 4 }
            else if e == 0x75 && s.peek(offset + 3) == 0x7B {
                var j = offset + 4
                while SourceScanner.isHexDigit(s.peek(j)) && j < offset + 10 { j += 1 }
                if s.peek(j) == 0x7D && j > offset + 4 { n = j - offset }
            }
            guard n > 0, s.peek(offset + 1 + n) == 0x27 else { return nil }
            return n + 2
        }
        guard c != 0, c != 0x0A else { return nil }
        let j = offset + 1 + s.characterLength(at: offset + 1)
        return s.peek(j) == 0x27 ? j - offset + 1 : nil
    }

    /// `r"..."`, `r#"..."#`, `br"..."`: the length, or nil.
    static func rawString(_ s: SourceScanner) -> Int? {
        var j = 0
        if s.peek() == 0x62 { j = 1 }
        guard s.peek(j) == 0x72 else { return nil }
        j += 1
        var hashes = 0
        while s.peek(j) == 0x23 { hashes += 1; j += 1 }
        guard s.peek(j) == 0x22 else { return nil }
        j += 1
        while s.position + j < s.count {
            if s.peek(j) == 0x22 && (1...max(hashes, 1)).allSatisfy({ hashes == 0 || s.peek(j + $0) == 0x23 }) {
                return j + 1 + hashes
            }
            j += 1
        }
        return nil
    }

    /// A string's body after its opening quote, escapes apart.
    static func string(_ s: inout SourceScanner) {
        var run = s.position
        while !s.isAtEnd && s.peek() != 0x22 {
            if s.peek() == 0x5C {
                s.emit(.string, from: run)
                let e = s.position
                let c = s.peek(1)
                var n = 1
                if [0x27, 0x22, 0x5C, 0x6E, 0x72, 0x74, 0x30].contains(c) { n = 2 }
                else if c == 0x78 && SourceScanner.isHexDigit(s.peek(2)) && SourceScanner.isHexDigit(s.peek(3)) { n = 4 }
                else if c == 0x75 && s.peek(2) == 0x7B {
                    var j = 3
                    while SourceScanner.isHexDigit(s.peek(j)) && j < 9 { j += 1 }
                    if s.peek(j) == 0x7D { n = j + 1 }
                }
                s.position += n
                s.emit(n > 1 ? .stringEscape : .string, from: e)
                run = s.position
                continue
            }
            s.position += 1
        }
        if !s.isAtEnd { s.position += 1 }
        s.emit(.string, from: run)
    }

    /// `#[...]` or `#![...]`, brackets nested, strings inside as strings.
    static func attribute(_ s: inout SourceScanner) {
        var run = s.position
        s.position += s.peek(1) == 0x21 ? 3 : 2
        var depth = 1
        while !s.isAtEnd && depth > 0 {
            let c = s.peek()
            if c == 0x22 {
                s.emit(.commentPreproc, from: run)
                s.single(.string)
                string(&s)
                run = s.position
                continue
            }
            if c == 0x5B { depth += 1 } else if c == 0x5D { depth -= 1 }
            s.position += 1
        }
        s.emit(.commentPreproc, from: run)
    }

    static func number(_ s: inout SourceScanner) {
        let start = s.position
        if s.starts(with: "0b") { s.position += 2; s.skip { $0 == 0x30 || $0 == 0x31 || $0 == 0x5F }; s.emit(.numberBin, from: start); return }
        if s.starts(with: "0o") { s.position += 2; s.skip { ($0 >= 0x30 && $0 <= 0x37) || $0 == 0x5F }; s.emit(.numberOct, from: start); return }
        if s.peek() == 0x30 && s.peek(1) | 0x20 == 0x78 { s.position += 2; s.skip { SourceScanner.isHexDigit($0) || $0 == 0x5F }; s.emit(.numberHex, from: start); return }
        s.skip { SourceScanner.isDigit($0) || $0 == 0x5F }
        func exponent(at i: Int) -> Int? { s.exponentEnd(at: i) { SourceScanner.isDigit($0) || $0 == 0x5F } }
        if s.peek() == 0x2E {
            var j = 1
            while SourceScanner.isDigit(s.peek(j)) || s.peek(j) == 0x5F { j += 1 }
            if j > 1, let e = exponent(at: j) { s.position += e; s.emit(.numberFloat, from: start); return }
            // `\.[0-9_]*(?!\.)`: not the first dot of a range.
            if s.peek(j) != 0x2E && !(j == 1 && s.peek(1) == 0x2E) { s.position += j; s.emit(.numberFloat, from: start); return }
        }
        if let e = exponent(at: 0) { s.position += e; s.emit(.numberFloat, from: start); return }
        s.emit(.numberInteger, from: start)
    }
}
