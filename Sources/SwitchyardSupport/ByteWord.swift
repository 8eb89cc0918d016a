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

    /// The first `min(count, 8)` bytes at `raw` as one word, each in its place (the first in the
    /// low byte) and the bytes above them zero, reading no byte at or past `count`: a run
    /// shorter than a word is read as two reads that overlap, each putting its bytes where a
    /// byte-by-byte read would, so the overlap changes nothing.
    @inlinable @inline(__always)
    package static func load(_ raw: UnsafeRawPointer, count: Int) -> UInt64 {
        if count >= 8 { return UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) }
        if count >= 4 {
            let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
            return low | high &<< (UInt64(count &- 4) &* 8)
        }
        guard count > 0 else { return 0 }
        let (middle, last) = (count / 2, count &- 1)
        let (first, atMiddle, atLast) = (raw.load(as: UInt8.self), raw.load(fromByteOffset: middle, as: UInt8.self),
                                         raw.load(fromByteOffset: last, as: UInt8.self))
        return UInt64(first) | UInt64(atMiddle) &<< (UInt64(middle) &* 8) | UInt64(atLast) &<< (UInt64(last) &* 8)
    }
}

