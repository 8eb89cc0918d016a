import SwitchyardSupport

/// Parses the pattern language of ``RoutePattern`` in one pass over its UTF-8 bytes.
///
/// Every syntax character is ASCII, so bytes are enough; errors convert the byte
/// position into the character offset a person counts.
struct PatternParser {
    private let source: String
    private let bytes: [UInt8]
    private let converters: [String: ParameterConverter]
    private let limits: InputLimits
    private var index = 0
    private var segmentCount = 0
    /// Where the first segment over ``InputLimits/patternSegments`` starts; reported once the
    /// whole pattern is read, with the real count.
    private var firstSegmentOverLimit: Int?
    private var atSegmentStart = true
    private var catchAll: (offset: Int, text: String)?
    private var groupCount = 0
    private(set) var parameterNames: [String] = []
    /// Checks this pattern compiled itself (regexes, custom converters); built-ins are shared.
    private(set) var ownedChecks: [String: SegmentCheck] = [:]

    init(_ source: String, converters: [String: ParameterConverter], limits: InputLimits) {
        self.source = source
        self.bytes = Array(source.utf8)
        self.converters = converters
        self.limits = limits
        // A few names is the most a pattern has: one allocation, where growing from empty took three.
        parameterNames.reserveCapacity(4)
    }

    mutating func parse() throws(PatternError) -> (scheme: String?, elements: [PatternElement]) {
        guard !bytes.isEmpty else { throw error(at: 0, .emptyPattern) }
        guard bytes.count <= limits.patternLength else {
            throw error(at: limits.patternLength, .limitExceeded(LimitExceeded(.patternLength, value: bytes.count, maximum: limits.patternLength)))
        }
        let scheme = try parseScheme()
        let elements = try parseSequence(openedAt: nil)
        if let firstSegmentOverLimit {
            let exceeded = LimitExceeded(.patternSegments, value: segmentCount, maximum: limits.patternSegments)
            throw error(at: firstSegmentOverLimit, .limitExceeded(exceeded))
        }
        return (scheme, elements)
    }

    // MARK: - Grammar

    private mutating func parseScheme() throws(PatternError) -> String? {
        var end = 0
        while end < bytes.count, Self.isSchemeByte(bytes[end]) { end += 1 }
        guard end + 3 <= bytes.count, bytes[end] == ASCII.colon, bytes[end + 1] == ASCII.slash, bytes[end + 2] == ASCII.slash
        else { return nil }
        let scheme = text(0..<end)
        guard end > 0, Self.isLetter(bytes[0]) else { throw error(at: 0, .invalidScheme(scheme)) }
        index = end + 3
        atSegmentStart = true // the host is the first path segment
        return scheme.lowercased()
    }

    private mutating func parseSequence(openedAt open: Int?) throws(PatternError) -> [PatternElement] {
        var elements: [PatternElement] = []
        if open == nil {
            // At most a segment per `/`, and one more: sized once, not grown by doubling per pattern.
            elements.reserveCapacity(min(bytes.reduce(1) { $0 + ($1 == ASCII.slash ? 1 : 0) }, limits.patternSegments + 1))
        }
        while index < bytes.count {
            switch bytes[index] {
            case ASCII.slash:
                index += 1
                atSegmentStart = true
            case UInt8(ascii: "("):
                try rejectAfterCatchAll()
                let groupStart = index
                groupCount += 1
                guard groupCount <= limits.optionalGroups else {
                    // Stops here rather than counting on: groups nest, and reading them recurses.
                    let exceeded = LimitExceeded(.optionalGroups, value: groupCount, maximum: limits.optionalGroups, isLowerBound: true)
                    throw error(at: groupStart, .limitExceeded(exceeded))
                }
                index += 1
                atSegmentStart = false
                let inner = try parseSequence(openedAt: groupStart)
                guard !inner.isEmpty else { throw error(at: groupStart, .emptyOptionalGroup) }
                elements.append(.optional(inner))
                atSegmentStart = false
            case UInt8(ascii: ")"):
                guard open != nil else { throw error(at: index, .unopenedParenthesis) }
                index += 1
                return elements
            default:
                guard atSegmentStart else { throw misplaced(at: index) }
                try rejectAfterCatchAll()
                segmentCount += 1
                if segmentCount > limits.patternSegments, firstSegmentOverLimit == nil { firstSegmentOverLimit = index }
                elements.append(.segment(try parseSegment()))
                atSegmentStart = false
            }
        }
        if let open { throw error(at: open, .unclosedParenthesis) }
        return elements
    }

    private mutating func parseSegment() throws(PatternError) -> PatternSegment {
        let start = index
        switch bytes[index] {
        case ASCII.colon:
            index += 1
            let name = try readName(segmentStart: start)
            let segment: PatternSegment
            if index < bytes.count, bytes[index] == UInt8(ascii: "("),
               !(index + 1 < bytes.count && bytes[index + 1] == ASCII.slash) {
                segment = .constrained(name: name, regex: try readRegex())
            } else {
                segment = .parameter(name: name)
            }
            try declare(name, at: start)
            try expectSegmentEnd()
            return segment
        case UInt8(ascii: "<"):
            return try parseAngleSegment()
        case UInt8(ascii: "*"):
            index += 1
            try expectSegmentEnd(reportingAt: start)
            catchAll = (start, "*")
            return .catchAll(name: nil)
        case UInt8(ascii: ">"):
            throw error(at: index, .unopenedAngleBracket)
        default:
            return try parseLiteral()
        }
    }

    private mutating func parseAngleSegment() throws(PatternError) -> PatternSegment {
        let start = index
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: ">"), bytes[end] != UInt8(ascii: "<"), bytes[end] != ASCII.slash {
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ">") else { throw error(at: start, .unclosedAngleBracket) }
        let content = (start + 1)..<end
        let colon = content.first { bytes[$0] == ASCII.colon }
        let converterName = colon.map { text(content.lowerBound..<$0) } ?? "string"
        let name = text(colon.map { ($0 + 1)..<end } ?? content)
        guard !name.isEmpty else { throw error(at: start, .emptyParameterName) }
        guard Self.isValidName(name) else { throw error(at: start, .invalidParameterName(name)) }
        index = end + 1
        let segment: PatternSegment
        if converterName == "path" {
            segment = .catchAll(name: name)
            catchAll = (start, "<path:\(name)>")
        } else if let found = converters[converterName] {
            // Known by the name the pattern uses, whatever name it was made with: a check is
            // keyed by that name, so `converters["number"] = .int` checks `<number:n>` as an
            // int, and two converters made with one name never share a check.
            if found.builtInName != converterName {
                let check = SegmentCheck(converter: ParameterConverter(name: converterName, kind: found.kind, examples: found.examples))
                ownedChecks[check.key] = check
            }
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
        var hasEscape = false
        scan: while index < bytes.count {
            switch bytes[index] {
            case ASCII.slash, UInt8(ascii: "("), UInt8(ascii: ")"): break scan
            case UInt8(ascii: "<"), UInt8(ascii: "*"): throw misplaced(at: index)
            case UInt8(ascii: ">"): throw error(at: index, .unopenedAngleBracket)
            case ASCII.percent: hasEscape = true; index += 1
            // No URL can carry a NUL (resolving refuses `%00`), so a segment holding one could never match.
            case 0: throw error(at: index, .nulCharacter)
            default: index += 1
            }
        }
        guard hasEscape else { return .literal(text(start..<index)) }
        let decoded = bytes.withUnsafeBufferPointer {
            PercentCoding.decode(UnsafeBufferPointer(rebasing: $0[start..<index]), plusIsSpace: false)
        }
        switch decoded {
        case .success(let literal): return .literal(literal)
        case .failure(.nul(let offset)): throw error(at: start + offset, .nulCharacter)
        case .failure: throw error(at: start, .invalidPercentEncoding)
        }
    }

    // MARK: - Pieces

    private mutating func readName(segmentStart: Int) throws(PatternError) -> String {
        let nameStart = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        let name = text(nameStart..<index)
        guard !name.isEmpty else { throw error(at: segmentStart, .emptyParameterName) }
        guard Self.isValidName(name) else { throw error(at: segmentStart, .invalidParameterName(name)) }
        return name
    }

    /// Reads `(regex)` with nesting, escapes and character classes; `index` ends after `)`.
    private mutating func readRegex() throws(PatternError) -> String {
        let open = index
        var depth = 0
        var inClass = false
        var cursor = index
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\\") {
                cursor += 2
                continue
            }
            if inClass {
                if byte == UInt8(ascii: "]") { inClass = false }
            } else if byte == UInt8(ascii: "[") {
                inClass = true
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { break }
            }
            cursor += 1
        }
        guard cursor < bytes.count else { throw error(at: open, .unclosedParenthesis) }
        let regex = text((open + 1)..<cursor)
        let length = cursor - open - 1
        guard length <= limits.regexLength else {
            throw error(at: open + 1, .limitExceeded(LimitExceeded(.regexLength, value: length, maximum: limits.regexLength)))
        }
        guard !regex.isEmpty, let check = SegmentCheck(regex: regex) else {
            throw error(at: open + 1, .invalidRegex(regex))
        }
        if let finding = RegexSafety.check(regex) {
            throw error(at: open + 1 + finding.byteOffset, .unsafeRegex(finding.hazard))
        }
        ownedChecks[check.key] = check
        index = cursor + 1
        return regex
    }

    private mutating func declare(_ name: String, at offset: Int) throws(PatternError) {
        guard !parameterNames.contains(name) else { throw error(at: offset, .duplicateParameterName(name)) }
        parameterNames.append(name)
    }

    private func expectSegmentEnd(reportingAt offset: Int? = nil) throws(PatternError) {
        guard index < bytes.count else { return }
        switch bytes[index] {
        case ASCII.slash, UInt8(ascii: "("), UInt8(ascii: ")"): return
        default: throw misplaced(at: offset ?? index)
        }
    }

    private func rejectAfterCatchAll() throws(PatternError) {
        if let catchAll { throw error(at: catchAll.offset, .catchAllNotLast(catchAll.text)) }
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func misplaced(at byteOffset: Int) -> PatternError {
        let character = String(decoding: bytes[byteOffset...], as: UTF8.self).first ?? "?"
        return error(at: byteOffset, .misplacedCharacter(character))
    }

    /// Builds the error, turning the byte position into a character offset.
    private func error(at byteOffset: Int, _ reason: PatternError.Reason) -> PatternError {
        PatternError(pattern: source, byteOffset: byteOffset, reason: reason)
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "_")
    }

    private static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !ASCII.isDigit(first) else { return false }
        return name.utf8.allSatisfy(isNameByte)
    }
}
