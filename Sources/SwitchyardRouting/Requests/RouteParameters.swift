/// A name and its percent-decoded value.
public struct RouteParameter: Hashable, Sendable {
    /// The parameter's name.
    public let name: String
    /// The value, percent-decoded.
    public let value: String

    /// Creates a parameter.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// Parameters in the order they appeared; a name may repeat (query items do).
///
/// Kept as a small array rather than a dictionary: requests carry a handful of
/// parameters, and a linear scan of a few entries beats hashing.
public struct RouteParameters: Hashable, Sendable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// The parameters, in order.
    public private(set) var items: [RouteParameter]

    /// Creates the collection from `items`, in order.
    public init(_ items: [RouteParameter] = []) {
        self.items = items
    }

    init(capacity: Int) {
        self.items = []
        if capacity > 0 { items.reserveCapacity(capacity) }
    }

    /// Creates the collection from a literal, in its order; a name may repeat.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.items = elements.map { RouteParameter(name: $0.0, value: $0.1) }
    }

    /// The position of the first parameter.
    public var startIndex: Int { items.startIndex }
    /// The position after the last parameter.
    public var endIndex: Int { items.endIndex }
    /// The parameter at `position`.
    public subscript(position: Int) -> RouteParameter { items[position] }

    /// The first value for `name`.
    public subscript(name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        items.compactMap { $0.name == name ? $0.value : nil }
    }

    /// The parameters as a dictionary; for repeated names the first value wins.
    public var dictionary: [String: String] {
        Dictionary(items.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func append(_ name: String, _ value: String) {
        items.append(RouteParameter(name: name, value: value))
    }
}
