extension RouteRequest {
    /// Decodes the request's parameters into a `Decodable` type, property by property.
    ///
    /// Each property is looked up by name with the same precedence as ``value(_:)``;
    /// numbers, `Bool`, `UUID` and raw-value enums are parsed from text; an array
    /// property collects every value of a repeated query item; optionals may be missing.
    ///
    /// ```swift
    /// struct Filter: Decodable { let id: Int; let tags: [String]; let page: Int? }
    /// let filter = try request.decode(Filter.self)   // "/items/7?tags=a&tags=b"
    /// ```
    ///
    /// - Throws: ``ParameterError`` for a missing or unparsable value.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: ParameterDecoder(request: self, key: nil, codingPath: []))
    }

    /// The parameters decoded into `T`, or `nil` when a value is missing or does not parse.
    public func decoded<T: Decodable>(_ type: T.Type) -> T? {
        try? decode(type)
    }
}

/// A `Decoder` over a request's parameters: a flat keyed container whose values are text.
private struct ParameterDecoder: Decoder {
    let request: RouteRequest
    let key: String?
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard key == nil else { throw unsupported("nested objects") }
        return KeyedDecodingContainer(KeyedContainer<Key>(request: request, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let key else { throw unsupported("a top-level array") }
        var values = request.pathParameters.values(for: key)
        if values.isEmpty { values = request.query.values(for: key) }
        if values.isEmpty, let given = request.given(key) as? [String] { values = given }
        return UnkeyedContainer(name: key, values: values, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard let key else { throw unsupported("a top-level single value") }
        return SingleValue(name: key, text: request.value(key), codingPath: codingPath)
    }

    private func unsupported(_ what: String) -> DecodingError {
        .typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "request parameters cannot decode \(what)"))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let request: RouteRequest
    let codingPath: [any CodingKey]
    var allKeys: [Key] {
        (request.pathParameters.map(\.name) + request.query.map(\.name) + request.callerParameters.keys + request.nativeParameters.keys)
            .compactMap(Key.init(stringValue:))
    }

    func contains(_ key: Key) -> Bool {
        request.value(key.stringValue) != nil || request.given(key.stringValue) != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let given = request.given(key.stringValue) as? T,
           request.pathParameters[key.stringValue] == nil, request.query[key.stringValue] == nil {
            return given
        }
        let single = SingleValue(name: key.stringValue, text: request.value(key.stringValue), codingPath: codingPath + [key])
        if let parsed = try single.decodeText(as: type) { return parsed }
        return try T(from: ParameterDecoder(request: request, key: key.stringValue, codingPath: codingPath + [key]))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(Any.self, .init(codingPath: codingPath + [key], debugDescription: "request parameters are flat"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ParameterDecoder(request: request, key: key.stringValue, codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { ParameterDecoder(request: request, key: nil, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        ParameterDecoder(request: request, key: key.stringValue, codingPath: codingPath + [key])
    }
}

/// One text value; parses the scalar types, and reports a missing or bad value as ``ParameterError``.
private struct SingleValue: SingleValueDecodingContainer {
    let name: String
    let text: String?
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { text == nil }

    /// Parses scalars directly; returns `nil` for types that decode themselves from a container.
    func decodeText<T>(as type: T.Type) throws(ParameterError) -> T? {
        guard let parse = Self.parser(for: type) else { return nil }
        guard let text else { throw ParameterError(name: name, reason: .missing) }
        guard let value = parse(text) as? T else {
            throw ParameterError(name: name, reason: .invalid(value: text, expected: String(describing: T.self)))
        }
        return value
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let value = try decodeText(as: type) { return value }
        guard text != nil else { throw ParameterError(name: name, reason: .missing) }
        throw ParameterError(name: name, reason: .invalid(value: text ?? "", expected: String(describing: T.self)))
    }

    private static func parser<T>(for type: T.Type) -> ((String) -> Any?)? {
        switch type {
        case is String.Type: return { $0 }
        case is Int.Type: return { Int($0) }
        case is Int64.Type: return { Int64($0) }
        case is Int32.Type: return { Int32($0) }
        case is UInt.Type: return { UInt($0) }
        case is Double.Type: return { Double($0) }
        case is Float.Type: return { Float($0) }
        case is Bool.Type: return { Bool(routeParameter: $0) }
        default: return nil
        }
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let name: String
    let values: [String]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { values.count }
    var isAtEnd: Bool { currentIndex >= values.count }

    init(name: String, values: [String], codingPath: [any CodingKey]) {
        self.name = name
        self.values = values
        self.codingPath = codingPath
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else { throw ParameterError(name: name, reason: .missing) }
        defer { currentIndex += 1 }
        return try SingleValue(name: name, text: values[currentIndex], codingPath: codingPath).decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "request parameters are flat"))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "request parameters are flat"))
    }

    mutating func superDecoder() throws -> any Decoder {
        throw DecodingError.typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "request parameters are flat"))
    }
}
