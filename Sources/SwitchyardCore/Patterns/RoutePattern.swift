/// A parsed route pattern such as `/product/:id`, `myapp://user/<int:uid>(/:tab)` or `/files/*`.
///
/// Parsing validates the whole pattern once, at registration; matching never re-parses.
/// ``description`` prints the canonical form, which parses back to an equal pattern.
///
/// ```swift
/// let pattern = try RoutePattern("myapp://product/<int:id>(/:tab)")
/// pattern.scheme          // "myapp"
/// pattern.parameterNames  // ["id", "tab"]
/// ```
public struct RoutePattern: Hashable, Sendable, CustomStringConvertible {
    /// The scheme the pattern is limited to, lowercased; `nil` matches every accepted scheme.
    public let scheme: String?
    /// The segments and optional groups, in order.
    public let elements: [PatternElement]
    /// Every parameter the pattern can bind, in order of appearance.
    public let parameterNames: [String]
    /// The canonical pattern string.
    public let description: String
    /// Each way the optional groups can be taken, as a flat segment list (shortest first).
    let variants: [[CompiledSegment]]
    /// Each variant printed as a pattern, for conflict reports.
    let variantDescriptions: [String]

    /// Parses a pattern, checking typed segments against `converters`.
    ///
    /// - Throws: ``PatternError`` naming the pattern, the character offset and the reason.
    public init(_ text: String, converters: [String: ParameterConverter] = ParameterConverter.defaultSet) throws(PatternError) {
        var parser = PatternParser(text, converters: converters)
        let parsed = try parser.parse()
        self.scheme = parsed.scheme
        self.elements = parsed.elements
        self.parameterNames = parser.parameterNames
        let path = parsed.elements.map(\.description).joined()
        if let scheme = parsed.scheme {
            self.description = scheme + ":/" + (path.isEmpty ? "/" : path)
        } else {
            self.description = path.isEmpty ? "/" : path
        }
        let expanded = Self.expand(parsed.elements)
        self.variants = expanded.map { $0.map { parser.compile($0) } }
        let prefix = parsed.scheme.map { $0 + ":/" } ?? ""
        self.variantDescriptions = expanded.map { segments in
            let path = segments.map { "/" + $0.description }.joined()
            return prefix + (path.isEmpty ? "/" : path)
        }
    }

    /// Whether any variant ends in a catch-all.
    public var hasCatchAll: Bool { variants.contains { $0.last?.isCatchAll == true } }

    public static func == (lhs: RoutePattern, rhs: RoutePattern) -> Bool { lhs.description == rhs.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// Expands optional groups into every flat sequence they allow, without duplicates.
    private static func expand(_ elements: [PatternElement]) -> [[PatternSegment]] {
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
enum CompiledSegment: Sendable {
    case literal(String)
    case parameter(name: String)
    case checked(name: String, check: SegmentCheck)
    case catchAll(name: String?)

    var isCatchAll: Bool {
        if case .catchAll = self { return true }
        return false
    }

    var capturesValue: Bool {
        if case .literal = self { return false }
        return true
    }

    var parameterName: String? {
        switch self {
        case .literal: return nil
        case .parameter(let name), .checked(let name, _): return name
        case .catchAll(let name): return name
        }
    }
}
