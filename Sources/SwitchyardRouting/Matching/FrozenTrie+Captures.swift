extension FrozenTrie {
    /// Decodes the values an endpoint's non-literal segments bound.
    func captures(of endpoint: Endpoint, in segments: PathSegments) -> (parameters: RouteParameters, remainder: [String]?) {
        let shape = signatures[Int(endpoint.signature)]
        let (first, count) = (Int(shape.ranksStart), Int(shape.ranksCount))
        guard shape.captureCount > 0 else { return (RouteParameters(), nil) }
        guard shape.captureCount <= 4, ranks[first &+ count &- 1] != .catchAll else {
            return capturesInOrder(shape, segments)
        }
        // Where the values lie, then the parameters made straight into an array literal: a
        // literal is allocated in place, where reserving capacity or
        // `init(unsafeUninitializedCapacity:)` went through the standard library's unspecialized
        // buffer code, 50 to 250 instructions of type-metadata lookups a lookup.
        var positions: (Int, Int, Int, Int) = (0, 0, 0, 0)
        var found = 0
        for position in 0..<count where ranks[first &+ position] != .literal {
            switch found {
            case 0: positions.0 = position
            case 1: positions.1 = position
            case 2: positions.2 = position
            default: positions.3 = position
            }
            found &+= 1
        }
        let namesStart = Int(shape.namesStart)
        func parameter(_ index: Int, _ position: Int) -> RouteParameter {
            RouteParameter(name: names[namesStart &+ index], value: segments.decoded(position))
        }
        let items: [RouteParameter]
        switch found {
        case 1: items = [parameter(0, positions.0)]
        case 2: items = [parameter(0, positions.0), parameter(1, positions.1)]
        case 3: items = [parameter(0, positions.0), parameter(1, positions.1), parameter(2, positions.2)]
        default: items = [parameter(0, positions.0), parameter(1, positions.1), parameter(2, positions.2), parameter(3, positions.3)]
        }
        return (RouteParameters(items), nil)
    }

    /// ``captures(of:in:)`` for a shape with a catch-all or more than four values.
    private func capturesInOrder(_ shape: Signature, _ segments: PathSegments) -> (parameters: RouteParameters, remainder: [String]?) {
        var parameters = RouteParameters(capacity: Int(shape.captureCount))
        var remainder: [String]?
        var nameIndex = Int(shape.namesStart)
        for position in 0..<Int(shape.ranksCount) {
            switch ranks[Int(shape.ranksStart) &+ position] {
            case .literal:
                continue
            case .catchAll:
                let rest = (position..<max(position, segments.count)).map(segments.decoded)
                remainder = rest
                // An unnamed catch-all binds no parameter.
                if !names[nameIndex].isEmpty { parameters.append(names[nameIndex], rest.joined(separator: "/")) }
            case .checked, .parameter:
                parameters.append(names[nameIndex], segments.decoded(position))
            }
            nameIndex += 1
        }
        return (parameters, remainder)
    }
}
