/// What a piece of source code is, named as Pygments names its token types ("Keyword.Declaration",
/// "Name.Function", "Literal.String.Double", "Comment.Single"), so a Pygments style maps onto
/// these one to one. Kinds nest by their dotted names: "Literal.String.Double" is a kind of
/// "Literal.String".
public struct TokenKind: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ name: String) { rawValue = name }
    public var description: String { rawValue }

    public static let text = TokenKind("Text")
    public static let whitespace = TokenKind("Text.Whitespace")
    public static let error = TokenKind("Error")
    public static let keyword = TokenKind("Keyword")
    public static let keywordConstant = TokenKind("Keyword.Constant")
    public static let keywordDeclaration = TokenKind("Keyword.Declaration")
    public static let keywordNamespace = TokenKind("Keyword.Namespace")
    public static let keywordPseudo = TokenKind("Keyword.Pseudo")
    public static let keywordReserved = TokenKind("Keyword.Reserved")
    public static let keywordType = TokenKind("Keyword.Type")
    public static let name = TokenKind("Name")
    public static let nameAttribute = TokenKind("Name.Attribute")
    public static let nameBuiltin = TokenKind("Name.Builtin")
    public static let nameBuiltinPseudo = TokenKind("Name.Builtin.Pseudo")
    public static let nameClass = TokenKind("Name.Class")
    public static let nameConstant = TokenKind("Name.Constant")
    public static let nameDecorator = TokenKind("Name.Decorator")
    public static let nameEntity = TokenKind("Name.Entity")
    public static let nameException = TokenKind("Name.Exception")
    public static let nameFunction = TokenKind("Name.Function")
    public static let nameFunctionMagic = TokenKind("Name.Function.Magic")
    public static let nameLabel = TokenKind("Name.Label")
    public static let nameNamespace = TokenKind("Name.Namespace")
    public static let nameOther = TokenKind("Name.Other")
    public static let nameProperty = TokenKind("Name.Property")
    public static let nameTag = TokenKind("Name.Tag")
    public static let nameVariable = TokenKind("Name.Variable")
    public static let nameVariableMagic = TokenKind("Name.Variable.Magic")
    public static let string = TokenKind("Literal.String")
    public static let stringAffix = TokenKind("Literal.String.Affix")
    public static let stringBacktick = TokenKind("Literal.String.Backtick")
    public static let stringChar = TokenKind("Literal.String.Char")
    public static let stringDoc = TokenKind("Literal.String.Doc")
    public static let stringDouble = TokenKind("Literal.String.Double")
    public static let stringEscape = TokenKind("Literal.String.Escape")
    public static let stringInterpol = TokenKind("Literal.String.Interpol")
    public static let stringRegex = TokenKind("Literal.String.Regex")
    public static let stringSingle = TokenKind("Literal.String.Single")
    public static let stringSymbol = TokenKind("Literal.String.Symbol")
    public static let number = TokenKind("Literal.Number")
    public static let numberBin = TokenKind("Literal.Number.Bin")
    public static let numberFloat = TokenKind("Literal.Number.Float")
    public static let numberHex = TokenKind("Literal.Number.Hex")
    public static let numberInteger = TokenKind("Literal.Number.Integer")
    public static let numberOct = TokenKind("Literal.Number.Oct")
    public static let `operator` = TokenKind("Operator")
    public static let operatorWord = TokenKind("Operator.Word")
    public static let punctuation = TokenKind("Punctuation")
    public static let comment = TokenKind("Comment")
    public static let commentHashbang = TokenKind("Comment.Hashbang")
    public static let commentMultiline = TokenKind("Comment.Multiline")
    public static let commentPreproc = TokenKind("Comment.Preproc")
    public static let commentPreprocFile = TokenKind("Comment.PreprocFile")
    public static let commentSingle = TokenKind("Comment.Single")
    public static let commentSpecial = TokenKind("Comment.Special")

    /// Whether this kind is `other` or one of its kinds ("Literal.String.Double" is within "Literal.String").
    public func isWithin(_ other: TokenKind) -> Bool {
        rawValue == other.rawValue || rawValue.hasPrefix(other.rawValue + ".")
    }

    /// The broad class a theme colours by, and tests compare by.
    public enum Class: String, Sendable, CaseIterable {
        case comment, string, number, keyword, function, type, builtin, `operator`, punctuation, name, text
    }

    public var coarse: Class {
        if isWithin(.comment) { return .comment }
        if isWithin(.string) { return .string }
        if isWithin(.number) { return .number }
        if isWithin(.keywordType) || isWithin(.nameClass) || isWithin(.nameException) { return .type }
        if isWithin(.keyword) { return .keyword }
        if isWithin(.nameFunction) { return .function }
        if isWithin(.nameBuiltin) { return .builtin }
        if isWithin(.operator) { return .operator }
        if isWithin(.punctuation) { return .punctuation }
        if isWithin(.name) { return .name }
        return .text
    }
}
