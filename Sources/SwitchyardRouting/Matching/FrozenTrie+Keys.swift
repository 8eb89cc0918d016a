import SwitchyardSupport

extension FrozenTrie {
    /// The first eight bytes packed into an integer, and a hash of the whole key.
    ///
    /// ASCII case is folded when matching is case-insensitive; stored keys are folded already.
    /// A lookup computes this for each literal segment, so the first eight bytes are read as
    /// one word and folded together: byte by byte, a key took about 16 instructions a byte.
    @inline(__always)
    static func literalKey(_ bytes: UnsafeBufferPointer<UInt8>, fold: Bool) -> (prefix: UInt64, hash: UInt32) {
        let count = bytes.count
        var prefix: UInt64 = 0
        if count >= 8, let base = bytes.baseAddress {
            prefix = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
        } else {
            for offset in 0..<count { prefix |= UInt64(bytes[offset]) &<< (UInt64(offset) &* 8) }
        }
        if fold { prefix = lowercased(prefix) }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(count)
        if count > 8 {
            for offset in 8..<count {
                let byte = fold ? ASCII.lowercased(bytes[offset]) : bytes[offset]
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
        hash = (hash ^ prefix) &* 0x9E37_79B9_7F4A_7C15
        return (prefix, UInt32(truncatingIfNeeded: hash >> 32))
    }

    /// ``ASCII/lowercased(_:)`` of each of the eight bytes of `word` at once: `A`–`Z` gain
    /// 0x20, every other byte (bytes of 0x80 and up included) stays as it is.
    @inline(__always)
    static func lowercased(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080, ones: UInt64 = 0x0101_0101_0101_0101
        // Each byte's low seven bits plus a constant sets the byte's top bit exactly when those
        // bits are at least `A` (then at least `[`); no sum carries into the next byte.
        let low = word & ~high
        let atLeastA = low &+ (0x80 - 0x41) &* ones
        let pastZ = low &+ (0x80 - 0x5B) &* ones
        let upper = atLeastA & ~pastZ & ~word & high
        return word | (upper >> 2)
    }
}
