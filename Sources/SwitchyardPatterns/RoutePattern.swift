import SwitchyardSupport

/// A parsed route pattern such as `/product/:id`, `myapp://user/<int:uid>(/:tab)` or `/files/*`.
///
/// Parsing validates the whole pattern once, at registration; matching never re-parses.
/// ``description`` prints the canonical form, which parses back to an equal pattern.
///
/// ```swift
/// let pattern = try RoutePattern("myapp://product/<int:id>(/:tab)")
/// let scheme = pattern.scheme          // "myapp"
/// let names = pattern.parameterNames   // ["id", "tab"]
/// ```
public struct RoutePattern: Hashable, Sendable, CustomStringConvertible {
    /// The canonical text. For most patterns it is all there is: their segments are read
    /// back by splitting it at `/`, and a text of 15 bytes or less takes no memory of its own.
    private let text: String
    /// What the text alone cannot tell: where the pieces lie when a regex may hold `/` or
    /// optional groups nest, and the checks compiled for regexes and custom converters.
    private let pieces: Pieces?

    private final class Pieces: Sendable {
        let tokens: PatternTokens
        /// Compiled regexes and custom converters by key; built-in converters are shared.
        let checks: [String: SegmentCheck]
        let expandedSegmentCount: Int

        init(tokens: PatternTokens, checks: [String: SegmentCheck], expandedSegmentCount: Int) {
            self.tokens = tokens
            self.checks = checks
            self.expandedSegmentCount = expandedSegmentCount
        }
    }

    /// Whether this pattern keeps more than its text, for tests of what a table holds.
    var keepsPieces: Bool { pieces != nil }

    /// What the pattern stores, for a table that keeps one per route beside other cases and
    /// would otherwise pay an enum's tag for it; ``init(text:pieces:)`` takes them back.
    package var parts: (text: String, pieces: (any AnyObject & Sendable)?) { (text, pieces) }

    /// The pattern whose ``parts`` these are; pieces of any other kind are not a pattern's and
    /// are dropped.
    package init(text: String, pieces: (any AnyObject & Sendable)?) {
        self.text = text
        self.pieces = pieces as? Pieces
    }

    private var tokens: PatternTokens { pieces?.tokens ?? PatternTokens(splitting: text) }

    /// The scheme the pattern is limited to, lowercased; `nil` matches every accepted scheme.
    ///
    /// Read from the canonical text, which starts with `/` or `(` unless it names a scheme.
    public var scheme: String? {
        let bytes = text.utf8
        guard let first = bytes.first, first != ASCII.slash, first != UInt8(ascii: "("),
              let colon = bytes.firstIndex(of: ASCII.colon) else { return nil }
        return String(text[..<colon])
    }
    /// The segments and optional groups, in order.
    ///
    /// Read back from the canonical text on each call (a table keeps only the text): keep
    /// the result rather than asking again in a loop.
    public var elements: [PatternElement] { tokens.elements(in: text) }
    /// Every parameter the pattern can bind, in order of appearance; read back like ``elements``.
    public var parameterNames: [String] { tokens.parameterNames(in: text) }
    /// The canonical pattern string.
    public var description: String { text }

    /// Segments over every way through the optional groups: the trie paths the pattern adds.
    package var expandedSegmentCount: Int { pieces?.expandedSegmentCount ?? max(1, tokens.tokens.count) }

    /// Each way the optional groups can be taken, as a flat segment list (shortest first).
    package var variants: [[CompiledSegment]] {
        guard let pieces else { return [PatternTokens.mapSplitSegments(text) { compile($0) }] }
        guard pieces.tokens.hasGroups else { return [pieces.tokens.segments(in: text).map(compile)] }
        return Self.expand(elements).map { $0.map(compile) }
    }

    /// Parses a pattern, checking typed segments against `converters`.
    ///
    /// - Parameter limits: bounds on the pattern's length, segments, optional groups and
    ///   regexes (a router passes its ``RouterConfiguration/limits``).
    /// - Throws: ``PatternError`` naming the pattern, the character offset and the reason.
    public init(
        _ text: String, converters: [String: ParameterConverter] = ParameterConverter.defaultSet, limits: InputLimits = .default
    ) throws(PatternError) {
        var canonicalElements: [PatternElement]?
        try self.init(text, converters: converters, limits: limits, canonicalElements: &canonicalElements)
    }

    /// Parses a pattern as ``init(_:converters:limits:)`` does, with its one variant when the
    /// text was canonical already and has no optional group (the parsed segments are then what
    /// splitting the text gives back): a registration expands every route's variants, and
    /// reading them back from the text split and decoded it a second time.
    package static func parsed(
        _ text: String, converters: [String: ParameterConverter], limits: InputLimits
    ) throws(PatternError) -> (pattern: RoutePattern, variants: [[CompiledSegment]]?) {
        var canonicalElements: [PatternElement]?
        let pattern = try RoutePattern(text, converters: converters, limits: limits, canonicalElements: &canonicalElements)
        guard let canonicalElements else { return (pattern, nil) }
        return (pattern, [canonicalElements.compactMap { element in
            if case .segment(let segment) = element { return pattern.compile(segment) } else { return nil }
        }])
    }

    /// - Parameter canonicalElements: set to the parsed elements when `text` is kept as given
    ///   and has no optional group, no regex and no custom converter.
    private init(
        _ text: String, converters: [String: ParameterConverter], limits: InputLimits, canonicalElements: inout [PatternElement]?
    ) throws(PatternError) {
        var parser = PatternParser(text, converters: converters, limits: limits)
        let parsed = try parser.parse()
        // Each way through the optional groups is a path in the trie: bound their total length.
        // Without groups there is one way, every element a segment: counted without expanding.
        let hasGroups = parsed.elements.contains { if case .optional = $0 { return true } else { return false } }
        let expanded = hasGroups ? Self.expand(parsed.elements).reduce(0) { $0 + max(1, $1.count) } : max(1, parsed.elements.count)
        guard expanded <= limits.expandedSegments else {
            let firstGroup = text.utf8.firstIndex(of: UInt8(ascii: "(")).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) } ?? 0
            throw PatternError(pattern: text, byteOffset: firstGroup,
                               reason: .limitExceeded(LimitExceeded(.expandedSegments, value: expanded, maximum: limits.expandedSegments)))
        }
        // Most patterns are written canonically: kept as given, and split back at `/`, with
        // nothing printed to find that out. A text that is canonical is within the length limit
        // (the parser held it to it) and splits into the tokens printing would record.
        if !hasGroups, parser.ownedChecks.isEmpty, PatternTokens.isCanonical(text, scheme: parsed.scheme, parsed.elements) {
            self.text = text
            pieces = nil
            canonicalElements = parsed.elements
            return
        }
        // What prints must read back: a literal's `?`, `#`, spaces and control characters print
        // percent-encoded, three bytes each, so the canonical form is held to the length limit too.
        // Within the length ceiling every piece fits a token's offsets: `tokens` is `nil` only
        // for a text the length check refuses anyway.
        let (description, tokens) = PatternTokens.write(scheme: parsed.scheme, parsed.elements)
        let length = description.utf8.count
        guard length <= limits.patternLength, let tokens else {
            let firstEncoded = text.utf8.firstIndex { $0 == ASCII.question || $0 == ASCII.hash || $0 == ASCII.space || $0 < 0x20 || $0 == 0x7F }
            throw PatternError(pattern: text, byteOffset: firstEncoded.map { text.utf8.distance(from: text.utf8.startIndex, to: $0) } ?? 0,
                               reason: .canonicalFormTooLong(LimitExceeded(.patternLength, value: length, maximum: limits.patternLength)))
        }
        // A text that is canonical already is kept as given: it shares the caller's storage (a
        // literal's lives in the binary), where the printed copy would be a second one per route.
        // Compared byte by byte: `==` would equate a precomposed "é" with its decomposed form.
        self.text = Self.sameBytes(description, text) ? text : PatternTokens.exactCopy(description)
        // Split at `/`, the text gives these tokens back unless a group or a regex is in the way;
        // comparing is what decides, so a pattern the split would misread keeps its tokens.
        let splits = !tokens.hasGroups && parser.ownedChecks.isEmpty && PatternTokens.splits(description, as: tokens.tokens)
        pieces = splits ? nil : Pieces(tokens: tokens, checks: parser.ownedChecks, expandedSegmentCount: expanded)
    }

    private static func sameBytes(_ printed: String, _ given: String) -> Bool {
        var printed = printed, given = given
        return printed.withUTF8 { printedBytes in
            given.withUTF8 { givenBytes in
                // Indexed, not `elementsEqual`, whose iterators cost about 35 instructions a byte.
                guard printedBytes.count == givenBytes.count else { return false }
                for index in 0..<printedBytes.count where printedBytes[index] != givenBytes[index] { return false }
                return true
            }
        }
    }

    /// The trie form of a segment, with its constraint compiled.
    private func compile(_ segment: PatternSegment) -> CompiledSegment {
        switch segment {
        case .literal(let text): return .literal(text)
        case .parameter(let name): return .parameter(name: name)
        case .catchAll(let name): return .catchAll(name: name)
        case .constrained(let name, let regex):
            return pieces?.checks["(" + regex + ")"].map { .checked(name: name, check: $0) } ?? .parameter(name: name)
        case .typed(let name, let converter):
            let check = pieces?.checks["<" + converter + ">"] ?? SegmentCheck.builtIn(named: converter)
            return check.map { .checked(name: name, check: $0) } ?? .parameter(name: name)
        }
    }

    /// The converter of the typed segment `<converter:name>` that binds `name`; `nil` when no
    /// typed segment binds it or the converter is not known.
    package func converter(forParameter name: String) -> ParameterConverter? {
        for segment in Self.expand(elements).joined() {
            guard case .typed(name, let converter) = segment else { continue }
            let check = pieces?.checks["<" + converter + ">"] ?? SegmentCheck.builtIn(named: converter)
            if case .converter(let found)? = check?.kind { return found }
        }
        return nil
    }

    /// Variant `index` printed as a pattern, for conflict reports.
    package func variantDescription(_ index: Int) -> String {
        let expanded = Self.expand(elements)
        let segments = expanded.indices.contains(index) ? expanded[index] : []
        return PatternTokens.write(scheme: scheme, segments.map(PatternElement.segment)).text
    }

    /// Whether any variant ends in a catch-all.
    public var hasCatchAll: Bool { tokens.hasCatchAll }

    /// Whether both have the same canonical form (``description``).
    public static func == (lhs: RoutePattern, rhs: RoutePattern) -> Bool { lhs.text == rhs.text }
    /// Hashes the canonical form, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// Expands optional groups into every flat sequence they allow, without duplicates.
    ///
    /// Recursion as deep as the groups nest, which the parser bounds by
    /// ``InputLimits/optionalGroupCeiling``.
    package static func expand(_ elements: [PatternElement]) -> [[PatternSegment]] {
        let hasGroups = elements.contains { if case .optional = $0 { return true } else { return false } }
        guard hasGroups else {
            return [elements.compactMap { if case .segment(let segment) = $0 { return segment } else { return nil } }]
        }
        var results: [[PatternSegment]] = [[]]
        for element in elements {
            switch element {
            case .segment(let segment):
                results = results.map { $0 + [segment] }
            case .optional(let inner):
                let innerVariants = expand(inner)
                results = results.flatMap { prefix in [prefix] + innerVariants.map { prefix + $0 } }
            }
        }
        var seen = Set<[PatternSegment]>()
        return results.filter { seen.insert($0).inserted }
    }
}

extension ParameterConverter {
    /// The built-in converters by name: `int`, `float`, `uuid`, `string`.
    public static var defaultSet: [String: ParameterConverter] {
        Dictionary(uniqueKeysWithValues: builtIns.map { ($0.name, $0) })
    }
}

/// A segment ready for the trie: literals keep their text, constraints are compiled.
package enum CompiledSegment: Sendable {
    case literal(String)
    case parameter(name: String)
    case checked(name: String, check: SegmentCheck)
    case catchAll(name: String?)

    package var isCatchAll: Bool {
        if case .catchAll = self { return true }
        return false
    }

    package var isPlainParameter: Bool {
        if case .parameter = self { return true }
        return false
    }

    package var isStringParameter: Bool {
        if case .checked(_, let check) = self { return check.acceptsEverySegment }
        return false
    }

    package var capturesValue: Bool {
        if case .literal = self { return false }
        return true
    }

    package var parameterName: String? {
        switch self {
        case .literal: return nil
        case .parameter(let name), .checked(let name, _): return name
        case .catchAll(let name): return name
        }
    }
}
