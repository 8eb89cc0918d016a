extension FrozenTrie {
    /// The bytes each of the trie's arrays holds, by name, for the benchmark's account of
    /// where a table's memory goes. Element counts times strides: the buffers hold no more.
    package var storage: [(part: String, bytes: Int)] {
        func size<T>(_ buffer: UnsafeMutableBufferPointer<T>) -> Int { buffer.count * MemoryLayout<T>.stride }
        let wordBytes = MemoryLayout<UInt32>.stride
        return [
            ("trie nodes", (nodeCount * Int(Self.nodeWords) + wideNodeCount * Int(Self.wideWords)) * wordBytes),
            ("trie literal slots", partCounts.literalSlots * Int(Self.slotWords) * wordBytes),
            ("trie key bytes", size(keyBytes)),
            ("trie checked edges", partCounts.checkedEdges * Int(Self.edgeWords) * wordBytes),
            ("trie endpoints", partCounts.endpoints * Int(Self.endpointWords) * wordBytes + size(signatures) + size(ranks)),
        ]
    }
}

extension RouteTable.Snapshot {
    /// The trie's ``FrozenTrie/storage`` for this version, built if it was not yet.
    package var trieStorage: [(part: String, bytes: Int)] { matcher.trie.storage }
}
