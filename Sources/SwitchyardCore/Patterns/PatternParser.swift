/// Parses the pattern language of ``RoutePattern`` in one pass over its characters.
///
/// Offsets in errors are character offsets into the text the caller wrote.
struct PatternParser {
    static let optionalGroupLimit = 8

    private let source: String
    private let characters: [Character]
    private let converters: [String: ParameterConverter]
    private var index = 0
    private var atSegmentStart = true
    private var catchAll: (offset: Int, text: String)?
    private var groupCount = 0
    private(set) var parameterNames: [String] = []
    private var checks: [String: SegmentCheck] = [:]

    init(_ source: String, converters: [String: ParameterConverter]) {
        self.source = source
        self.characters = Array(source)
        self.converters = converters
    }

    mutating func parse() throws(PatternError) -> (scheme: String?, elements: [PatternElement]) {
        guard !characters.isEmpty else { throw error(at: 0, .emptyPattern) }
        let scheme = try parseScheme()
        let elements = try parseSequence(openedAt: nil)
        return (scheme, elements)
    }

    /// The trie form of a parsed segment; constraints were compiled while parsing.
    func compile(_ segment: PatternSegment) -> CompiledSegment {
        switch segment {
        case .literal(let text): return .literal(text)
        case .parameter(let name): return .parameter(name: name)
        case .catchAll(let name): return .catchAll(name: name)
        case .constrained(let name, let regex):
            return checks["(" + regex + ")"].map { .checked(name: name, check: $0) } ?? .parameter(name: name)
        case .typed(let name, let converter):
            return checks["<" + converter + ">"].map { .checked(name: name, check: $0) } ?? .parameter(name: name)
        }
    }

    // MARK: - Grammar

    private mutating func parseScheme() throws(PatternError) -> String? {
        var end = 0
        while end < characters.count, characters[end].isSchemeCharacter { end += 1 }
        guard end + 3 <= characters.count,
              characters[end] == ":", characters[end + 1] == "/", characters[end + 2] == "/"
        else { return nil }
        let scheme = String(characters[0..<end])
        guard let first = scheme.first, first.isASCII, first.isLetter else {
            throw error(at: 0, .invalidScheme(scheme))
        }
        index = end + 3
        atSegmentStart = true // the host is the first path segment
        return scheme.lowercased()
    }

    private mutating func parseSequence(openedAt open: Int?) throws(PatternError) -> [PatternElement] {
        var elements: [PatternElement] = []
        while index < characters.count {
            switch characters[index] {
            case "/":
                index += 1
                atSegmentStart = true
            case "(":
                try rejectAfterCatchAll()
                let groupStart = index
                groupCount += 1
                guard groupCount <= Self.optionalGroupLimit else {
                    throw error(at: groupStart, .tooManyOptionalGroups(limit: Self.optionalGroupLimit))
                }
                index += 1
                atSegmentStart = false
                let inner = try parseSequence(openedAt: groupStart)
                guard !inner.isEmpty else { throw error(at: groupStart, .emptyOptionalGroup) }
                elements.append(.optional(inner))
                atSegmentStart = false
            case ")":
                guard open != nil else { throw error(at: index, .unopenedParenthesis) }
                index += 1
                return elements
            default:
                guard atSegmentStart else { throw error(at: index, .misplacedCharacter(characters[index])) }
                try rejectAfterCatchAll()
                elements.append(.segment(try parseSegment()))
                atSegmentStart = false
            }
        }
        if let open { throw error(at: open, .unclosedParenthesis) }
        return elements
    }

    private mutating func parseSegment() throws(PatternError) -> PatternSegment {
        let start = index
        switch characters[index] {
        case ":":
            index += 1
            let name = try readName(segmentStart: start)
            let segment: PatternSegment
            if index < characters.count, characters[index] == "(",
               !(index + 1 < characters.count && characters[index + 1] == "/") {
                let regex = try readRegex()
                segment = .constrained(name: name, regex: regex)
            } else {
                segment = .parameter(name: name)
            }
            try declare(name, at: start)
            try expectSegmentEnd()
            return segment
        case "<":
            return try parseAngleSegment()
        case "*":
            index += 1
            try expectSegmentEnd(reportingAt: start)
            catchAll = (start, "*")
            return .catchAll(name: nil)
        case ">":
            throw error(at: index, .unopenedAngleBracket)
        default:
            return try parseLiteral()
        }
    }

    private mutating func parseAngleSegment() throws(PatternError) -> PatternSegment {
        let start = index
        var end = index + 1
        while end < characters.count, characters[end] != ">" {
            if characters[end] == "<" || characters[end] == "/" { break }
            end += 1
        }
        guard end < characters.count, characters[end] == ">" else { throw error(at: start, .unclosedAngleBracket) }
        let content = String(characters[(start + 1)..<end])
        let converterName: String
        let name: String
        if let colon = content.firstIndex(of: ":") {
            converterName = String(content[..<colon])
            name = String(content[content.index(after: colon)...])
        } else {
            converterName = "string"
            name = content
        }
        guard !name.isEmpty else { throw error(at: start, .emptyParameterName) }
        guard name.isValidParameterName else { throw error(at: start, .invalidParameterName(name)) }
        index = end + 1
        let segment: PatternSegment
        if converterName == "path" {
            segment = .catchAll(name: name)
            catchAll = (start, "<path:\(name)>")
        } else if let converter = converters[converterName] {
            let check = SegmentCheck(converter: converter)
            checks[check.key] = check
            segment = .typed(name: name, converter: converterName)
        } else {
            let known = (Array(converters.keys) + ["path"]).sorted()
            throw error(at: start + 1, .unknownConverter(converterName, known: known))
        }
        try declare(name, at: start)
        try expectSegmentEnd()
        return segment
    }

    private mutating func parseLiteral() throws(PatternError) -> PatternSegment {
        let start = index
        while index < characters.count, !"/()".contains(characters[index]) {
            switch characters[index] {
            case "<", "*": throw error(at: index, .misplacedCharacter(characters[index]))
            case ">": throw error(at: index, .unopenedAngleBracket)
            default: index += 1
            }
        }
        let raw = String(characters[start..<index])
        guard case .success(let decoded) = PercentCoding.decode(raw, plusIsSpace: false) else {
            throw error(at: start, .invalidPercentEncoding)
        }
        return .literal(decoded)
    }

    // MARK: - Pieces

    private mutating func readName(segmentStart: Int) throws(PatternError) -> String {
        let nameStart = index
        while index < characters.count, characters[index].isParameterNameCharacter { index += 1 }
        let name = String(characters[nameStart..<index])
        guard !name.isEmpty else { throw error(at: segmentStart, .emptyParameterName) }
        guard name.isValidParameterName else { throw error(at: segmentStart, .invalidParameterName(name)) }
        return name
    }

    /// Reads `(regex)` with nesting, escapes and character classes; `index` ends after `)`.
    private mutating func readRegex() throws(PatternError) -> String {
        let open = index
        var depth = 0
        var inClass = false
        var cursor = index
        while cursor < characters.count {
            let character = characters[cursor]
            if character == "\\" {
                cursor += 2
                continue
            }
            if inClass {
                if character == "]" { inClass = false }
            } else if character == "[" {
                inClass = true
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth -= 1
                if depth == 0 { break }
            }
            cursor += 1
        }
        guard cursor < characters.count else { throw error(at: open, .unclosedParenthesis) }
        let regex = String(characters[(open + 1)..<cursor])
        guard !regex.isEmpty, let check = SegmentCheck(regex: regex) else {
            throw error(at: open + 1, .invalidRegex(regex))
        }
        checks[check.key] = check
        index = cursor + 1
        return regex
    }

    private mutating func declare(_ name: String, at offset: Int) throws(PatternError) {
        guard !parameterNames.contains(name) else { throw error(at: offset, .duplicateParameterName(name)) }
        parameterNames.append(name)
    }

    private func expectSegmentEnd(reportingAt offset: Int? = nil) throws(PatternError) {
        guard index < characters.count, !"/()".contains(characters[index]) else { return }
        throw error(at: offset ?? index, .misplacedCharacter(characters[offset ?? index]))
    }

    private func rejectAfterCatchAll() throws(PatternError) {
        if let catchAll { throw error(at: catchAll.offset, .catchAllNotLast(catchAll.text)) }
    }

    private func error(at offset: Int, _ reason: PatternError.Reason) -> PatternError {
        PatternError(pattern: source, offset: offset, reason: reason)
    }
}

extension Character {
    fileprivate var isSchemeCharacter: Bool {
        isASCII && (isLetter || isNumber || self == "+" || self == "-" || self == ".")
    }

    fileprivate var isParameterNameCharacter: Bool {
        isASCII && (isLetter || isNumber || self == "_")
    }
}

extension String {
    fileprivate var isValidParameterName: Bool {
        guard let first, !first.isNumber else { return false }
        return allSatisfy(\.isParameterNameCharacter)
    }
}
