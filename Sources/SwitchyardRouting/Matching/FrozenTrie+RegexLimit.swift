extension FrozenTrie {
    /// After a miss: a regex check that was skipped because its segment was longer than
    /// ``InputLimits/regexInput``, so the miss can say the regex gave up rather than that
    /// nothing matches. Walks every branch the URL can reach, with its own stack.
    func regexGaveUp(_ segments: PathSegments) -> (regex: String, position: Int, length: Int)? {
        guard nodeCount > 0, checks.contains(where: \.isRegex) else { return nil }
        var pending: [(node: Int32, depth: Int)] = [(0, 0)]
        while let (index, depth) = pending.popLast() {
            guard depth < segments.count else { continue }
            let node = self.node(index)
            let segment = segments[depth]
            let hasEscape = segments.ranges[depth].hasEscape
            if node.hasLiterals {
                let child = literalChild(node.literals, segment, hasEscape: hasEscape, plusIsSpace: segments.plusIsSpace)
                if child >= 0 { pending.append((child, depth + 1)) }
            }
            for edgeNumber in 0..<node.checkedCount {
                let edge = checkedEdge(node.checkedStart + edgeNumber * Self.edgeWords)
                let check = checks[Int(edge.check)]
                if check.isRegex && segment.count > regexInputLimit { return (check.key, depth, segment.count) }
                // A folded leaf (a negative child) has no edges to try.
                if edge.child >= 0 && check.accepts(raw: segment, hasEscapes: hasEscape, plusIsSpace: segments.plusIsSpace) { pending.append((edge.child, depth + 1)) }
            }
            if node.parameterChild >= 0 { pending.append((node.parameterChild, depth + 1)) }
        }
        return nil
    }
}
