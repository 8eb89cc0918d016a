import SwitchyardSupport

extension FrozenTrie {
    /// The first eight bytes packed into an integer, and a hash of the whole key.
    ///
    /// ASCII case is folded when matching is case-insensitive; stored keys are folded already.
    /// A lookup computes this for each literal segment, so the key is read a word at a time and
    /// folded a word at a time: byte by byte, a key took about 16 instructions a byte. Shorter
    /// keys are read by ``ByteWord/load(_:count:)``, so no read goes past the key's end.
    @inline(__always)
    static func literalKey(_ bytes: UnsafeBufferPointer<UInt8>, fold: Bool) -> (prefix: UInt64, hash: UInt32) {
        let count = bytes.count
        var prefix: UInt64 = 0
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(count)
        if let base = bytes.baseAddress, count > 0 {
            let raw = UnsafeRawPointer(base)
            prefix = ByteWord.load(raw, count: count)
            if fold { prefix = lowercased(prefix) }
            if count > 8 {
                // The bytes past the eighth, a word at a time; the last word ends at the key's
                // end and may overlap the one before it, which changes the hash, not its use.
                var offset = 8
                repeat {
                    var next = word(raw, min(offset, count &- 8))
                    if fold { next = lowercased(next) }
                    hash = (hash ^ next) &* 0x0000_0100_0000_01B3
                    offset &+= 8
                } while offset < count
            }
        }
        hash = (hash ^ prefix) &* 0x9E37_79B9_7F4A_7C15
        return (prefix, UInt32(truncatingIfNeeded: hash >> 32))
    }

    /// The eight bytes at `offset`, the first in the low byte.
    @inline(__always)
    static func word(_ raw: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
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
