/// Tests on eight bytes at once, read as one `UInt64`: how the parsers of untrusted text (paths,
/// JSON strings) pass over runs of ordinary bytes a word at a time.
///
/// Each answer has the top bit of every byte that passes and no other bit set; a sum never
/// carries from one byte into the next, so no byte's answer depends on its neighbours.
@usableFromInline package enum ByteWord {
    /// The top bit of each byte of `word` that equals `byte`: a byte of `word ^ byte…` is zero
    /// exactly when its low seven bits plus 0x7F do not reach its top bit and that bit is clear.
    @inlinable @inline(__always)
    package static func bytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
        let lowSeven: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let difference = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        return ~(((difference & lowSeven) &+ lowSeven) | difference | lowSeven)
    }

    /// The top bit of each byte of `word` below `limit`, which is at most 0x80: a byte is below
    /// it exactly when its top bit is clear and its low seven bits plus `0x80 - limit` do not
    /// reach the top bit.
    @inlinable @inline(__always)
    package static func bytes(below limit: UInt8, in word: UInt64) -> UInt64 {
        let lowSeven: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let reached = (word & lowSeven) &+ UInt64(0x80 &- limit) &* 0x0101_0101_0101_0101
        return ~(reached | word | lowSeven)
    }
}
