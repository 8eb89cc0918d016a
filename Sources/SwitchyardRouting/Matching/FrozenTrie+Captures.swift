extension FrozenTrie {
    /// Decodes the values an endpoint's non-literal segments bound.
    func captures(of endpoint: Endpoint, in segments: PathSegments) -> (parameters: RouteParameters, remainder: [String]?) {
        let shape = signatures[Int(endpoint.signature)]
        var parameters = RouteParameters(capacity: Int(shape.captureCount))
        var remainder: [String]?
        var nameIndex = Int(shape.namesStart)
        for position in 0..<Int(shape.ranksCount) {
            switch ranks[Int(shape.ranksStart) + position] {
            case .literal:
                continue
            case .catchAll:
                let rest = (position..<max(position, segments.count)).map(segments.decoded)
                remainder = rest
                if !names[nameIndex].isEmpty { parameters.append(names[nameIndex], rest.joined(separator: "/")) }
            case .checked, .parameter:
                parameters.append(names[nameIndex], segments.decoded(position))
            }
            nameIndex += 1
        }
        return (parameters, remainder)
    }
}
