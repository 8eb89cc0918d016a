extension FrozenTrie {
    /// Decodes the values an endpoint's non-literal segments bound.
    func captures(of endpoint: Endpoint, in segments: PathSegments) -> (parameters: RouteParameters, remainder: [String]?) {
        var parameters = RouteParameters(capacity: Int(endpoint.captureCount))
        var remainder: [String]?
        var nameIndex = Int(endpoint.namesStart)
        for position in 0..<Int(endpoint.ranksCount) {
            switch ranks[Int(endpoint.ranksStart) + position] {
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
