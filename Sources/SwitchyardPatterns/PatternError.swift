import SwitchyardSupport

/// A route pattern that could not be parsed: which pattern, where, and why.
///
/// Thrown by registration and by ``RoutePattern/init(_:converters:)``; nothing is
/// registered when it is thrown.
///
/// ```
/// invalid route pattern "/user/:id(/:tab" at offset 9: unbalanced parentheses: "(" is never closed
/// ```
public struct PatternError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why the pattern was rejected.
    public enum Reason: Equatable, Sendable {
        /// The pattern, or a whole-path regular expression, is empty.
        case emptyPattern
        /// A `(` of an optional group or a regex is never closed.
        case unclosedParenthesis
        /// A `)` has no matching `(`.
        case unopenedParenthesis
        /// A `<` is not closed by a `>` in the same segment.
        case unclosedAngleBracket
        /// A `>` has no matching `<`.
        case unopenedAngleBracket
        /// A parameter (`:` or `<…>`) has no name.
        case emptyParameterName
        /// A parameter name that is not letters, digits and `_`, or starts with a digit.
        case invalidParameterName(String)
        /// Two parameters of the pattern have this name.
        case duplicateParameterName(String)
        /// A catch-all (`*` or `<path:name>`, as written) is followed by more of the pattern.
        case catchAllNotLast(String)
        /// A regular expression that is empty or does not compile.
        case invalidRegex(String)
        /// A typed parameter names a converter that is not known; `known` lists those that are.
        case unknownConverter(String, known: [String])
        /// A character that cannot stand here, such as `*` or `<` inside a static segment.
        case misplacedCharacter(Character)
        /// A static segment's percent-encoding is malformed or does not decode to UTF-8.
        case invalidPercentEncoding
        /// A NUL, raw or as `%00`, in a static segment: no URL can carry one.
        case nulCharacter
        /// An optional group `()` with nothing in it.
        case emptyOptionalGroup
        /// Over one of the ``InputLimits``: length, segments, optional groups or regex length.
        case limitExceeded(LimitExceeded)
        /// A regular expression outside the accepted subset, or one that can backtrack without bound.
        case unsafeRegex(RegexHazard)
        /// The scheme before `://` is empty or does not start with a letter.
        case invalidScheme(String)
        /// The pattern fits ``InputLimits/patternLength``, but not once its literals' `?`, `#`,
        /// spaces and control characters are percent-encoded, as its canonical form prints
        /// them: that form would not read back.
        case canonicalFormTooLong(LimitExceeded)
        /// A page's home tab that the app's tab bar does not have, with the tabs it has.
        case unknownTab(String, known: [String])
        /// The router's configuration lets no URL reach the pattern: why, and the setting to change.
        case unreachable(String)
        /// A page declared a home (`isHome: true`) whose pattern is not one fixed path: a home
        /// opens with no values. The parameters named (none for `*` or an optional group).
        case homeWithParameters([String])
        /// A page declared itself the home of a place another page is the home of already: the
        /// place, and the other page's pattern.
        case homeTaken(String, by: String)
    }

    /// The pattern as the caller wrote it.
    public let pattern: String
    /// Zero-based character offset of the offending character in ``pattern``.
    public let offset: Int
    /// Why the pattern was rejected.
    public let reason: Reason

    /// The error at a byte position of `pattern`, counted as the characters before it.
    ///
    /// Every syntax character is ASCII, so the code that finds one works on bytes; a search by
    /// character would miss a "(" or "/" that a following combining mark or joiner fuses with.
    init(pattern: String, byteOffset: Int, reason: Reason) {
        let bytes = pattern.utf8
        let end = bytes.index(bytes.startIndex, offsetBy: min(max(0, byteOffset), bytes.count))
        self.init(pattern: pattern, offset: String(decoding: bytes[..<end], as: UTF8.self).count, reason: reason)
    }

    /// Creates the error for `pattern`, at the zero-based character `offset`.
    public init(pattern: String, offset: Int, reason: Reason) {
        self.pattern = pattern
        self.offset = offset
        self.reason = reason
    }

    /// The message: the pattern (escaped and cut to a safe length), the offset and the reason.
    public var description: String {
        "invalid route pattern \"\(DisplaySafe.text(pattern))\" at offset \(offset): \(reason)"
    }
}

extension PatternError.Reason: CustomStringConvertible {
    /// The reason in words, as ``PatternError/description`` prints it.
    public var description: String {
        switch self {
        case .emptyPattern:
            return "the pattern is empty"
        case .unclosedParenthesis:
            return "unbalanced parentheses: \"(\" is never closed"
        case .unopenedParenthesis:
            return "unbalanced parentheses: \")\" has no matching \"(\""
        case .unclosedAngleBracket:
            return "unbalanced angle brackets: \"<\" is never closed"
        case .unopenedAngleBracket:
            return "unbalanced angle brackets: \">\" has no matching \"<\""
        case .emptyParameterName:
            return "empty parameter name"
        case .invalidParameterName(let name):
            return "invalid parameter name \"\(DisplaySafe.text(name))\" (use letters, digits and _, not starting with a digit)"
        case .duplicateParameterName(let name):
            return "duplicate parameter name \"\(name)\""
        case .catchAllNotLast(let catchAll):
            return "catch-all \"\(DisplaySafe.text(catchAll))\" must be the last segment"
        case .invalidRegex(let regex):
            return "invalid regular expression \"\(DisplaySafe.text(regex))\""
        case .unknownConverter(let name, let known):
            return "unknown converter \"\(DisplaySafe.text(name))\"; known: \(known.joined(separator: ", "))"
        case .misplacedCharacter(let character):
            return "\"\(DisplaySafe.text(String(character)))\" is not allowed here"
        case .invalidPercentEncoding:
            return "invalid percent-encoding in a static segment"
        case .nulCharacter:
            return "a NUL character in a static segment, which no URL can carry"
        case .emptyOptionalGroup:
            return "empty optional group"
        case .limitExceeded(let exceeded):
            return exceeded.description
        case .canonicalFormTooLong(let exceeded):
            return "its canonical form, with ?, #, spaces and control characters in literals percent-encoded, is \(exceeded.value) bytes long; "
                + "the limit is \(exceeded.maximum) (InputLimits.\(exceeded.limit.rawValue))"
        case .unsafeRegex(let hazard):
            return "unsafe regular expression: \(hazard)"
        case .invalidScheme(let scheme):
            return "invalid scheme \"\(DisplaySafe.text(scheme))\""
        case .unknownTab(let tab, let known):
            let tabs = known.isEmpty ? "no tabs are declared (PipelineSettings.tabs)" : "its tabs are " + known.map { "\"\(DisplaySafe.text($0))\"" }.joined(separator: ", ")
            return "the page's home is tab \"\(DisplaySafe.text(tab))\", which the app's tab bar does not have; \(tabs)"
        case .unreachable(let why):
            return "no URL can reach it: \(why)"
        case .homeWithParameters(let names):
            guard !names.isEmpty else { return "a home opens with no values, and the page's pattern is not one fixed path" }
            return "a home opens with no values, and the page's pattern has the parameters "
                + names.map { "\"\(DisplaySafe.text($0))\"" }.joined(separator: ", ")
        case .homeTaken(let place, let other):
            return "\(DisplaySafe.text(place)) has a home already: \(DisplaySafe.text(other))"
        }
    }
}
