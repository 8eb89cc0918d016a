import SwitchyardPatterns
import SwitchyardSupport

/// Where one path segment lies in the URL's bytes, still percent-encoded.
struct SegmentRange {
    var start: Int32
    var end: Int32
    var hasEscape: Bool
}

/// The non-empty segments of a path, as ranges into the caller's bytes.
///
/// Segments are split on `/` before anything is decoded, so `%2F` never creates a
/// segment; empty segments (`//`, a trailing `/`) are dropped. At most `maximumCount`
/// segments are kept; the rest are only counted, so a hostile path costs a bounded buffer.
package struct PathSegments {
    let bytes: UnsafeBufferPointer<UInt8>
    let ranges: UnsafeMutableBufferPointer<SegmentRange>
    /// The segments kept, at most the maximum given to ``with(_:host:path:maximumCount:body:)``.
    package private(set) var count = 0
    /// Every segment of the path, kept or not.
    private(set) var totalCount = 0
    /// Where the first segment that was not kept starts.
    private(set) var firstDroppedOffset: Int?
    /// Whether `+` in a segment is a space (``PlusDecoding/pathAndQuery``); such a segment
    /// counts as escaped, so every reader decodes it.
    let plusIsSpace: Bool

    /// Whether the path has more segments than were kept.
    var isTruncated: Bool { totalCount > count }

    @inline(__always)
    subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
        let range = ranges[index]
        return UnsafeBufferPointer(rebasing: bytes[Int(range.start)..<Int(range.end)])
    }

    /// Calls `body` with the segments of `host` (a custom scheme's first component) and
    /// `path`, each split on `/`; the ranges live on the stack when there are few.
    @inline(__always)
    static func with<R>(
        _ bytes: UnsafeBufferPointer<UInt8>,
        host: Range<Int>?,
        path: Range<Int>,
        maximumCount: Int,
        plusIsSpace: Bool = false,
        body: (PathSegments) -> R
    ) -> R {
        // A non-empty segment takes at least one byte and one slash, which bounds the count
        // without a counting pass.
        let capacity = max(1, min((path.count + (host?.count ?? 0)) / 2 + 3, maximumCount))
        return withUnsafeTemporaryAllocation(of: SegmentRange.self, capacity: capacity) { buffer in
            var segments = PathSegments(bytes: bytes, ranges: buffer, plusIsSpace: plusIsSpace)
            if let host { segments.append(splitting: host) }
            segments.append(splitting: path)
            return body(segments)
        }
    }

    private mutating func append(splitting part: Range<Int>) {
        var start = part.lowerBound
        var hasEscape = false
        var index = part.lowerBound
        // Eight bytes at a time: a word-wide compare finds the bytes that matter (`/`, `%`, and
        // `+` when it is a space) and only those are visited, where a byte-by-byte scan took
        // about nine instructions a byte of every lookup's path. The last few bytes are read
        // as the word that ends where the part ends, with the bytes already scanned masked off.
        if let base = bytes.baseAddress, part.upperBound >= 8 {
            let raw = UnsafeRawPointer(base)
            while part.upperBound &- index >= 8 {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                scan(word, at: index, start: &start, hasEscape: &hasEscape)
                index &+= 8
            }
            if index < part.upperBound {
                let offset = part.upperBound &- 8
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                scan(word, at: offset, skipping: index &- offset, start: &start, hasEscape: &hasEscape)
                index = part.upperBound
            }
        }
        while index < part.upperBound {
            let byte = bytes[index]
            if byte == ASCII.slash {
                if index > start { push(start, index, hasEscape) }
                start = index + 1
                hasEscape = false
            } else if byte == ASCII.percent || (plusIsSpace && byte == ASCII.plus) {
                hasEscape = true
            }
            index += 1
        }
        if part.upperBound > start { push(start, part.upperBound, hasEscape) }
    }

    /// Splits at the slashes of `word`, read at `offset`, past its first `skipping` bytes.
    @inline(__always)
    private mutating func scan(_ word: UInt64, at offset: Int, skipping: Int = 0, start: inout Int, hasEscape: inout Bool) {
        var found = ByteWord.bytes(equalTo: ASCII.slash, in: word) | ByteWord.bytes(equalTo: ASCII.percent, in: word)
        if plusIsSpace { found |= ByteWord.bytes(equalTo: ASCII.plus, in: word) }
        let skipped = UInt64(truncatingIfNeeded: skipping) &* 8
        found = (found &>> skipped) &<< skipped
        while found != 0 {
            let at = offset &+ found.trailingZeroBitCount / 8
            if bytes[at] == ASCII.slash {
                if at > start { push(start, at, hasEscape) }
                start = at &+ 1
                hasEscape = false
            } else {
                hasEscape = true
            }
            found &= found &- 1
        }
    }

    @inline(__always)
    private mutating func push(_ start: Int, _ end: Int, _ hasEscape: Bool) {
        totalCount += 1
        guard count < ranges.count else {
            if firstDroppedOffset == nil { firstDroppedOffset = start }
            return
        }
        ranges[count] = SegmentRange(start: Int32(start), end: Int32(end), hasEscape: hasEscape)
        count += 1
    }

    /// The limit error for a path with more than `maximum` segments, at the first one over.
    func exceeded(maximum: Int) -> (byteOffset: Int, LimitExceeded)? {
        guard totalCount > maximum else { return nil }
        return (firstDroppedOffset ?? 0, LimitExceeded(.pathSegments, value: totalCount, maximum: maximum))
    }

    /// Decodes segment `index`; segments were validated before matching, so this cannot fail.
    package func decoded(_ index: Int) -> String {
        let raw = self[index]
        guard ranges[index].hasEscape else { return Self.string(raw) }
        switch PercentCoding.decode(raw, plusIsSpace: plusIsSpace) {
        case .success(let value): return value
        case .failure: return String(decoding: raw, as: UTF8.self)
        }
    }

    /// `String(decoding: bytes, as: UTF8.self)`, made in place when it is short.
    ///
    /// A string of up to 15 bytes is stored inline on 64-bit platforms (10 on arm64_32); filling
    /// one in place took about 125 instructions where `String(decoding:as:)` took 185, and most
    /// values (`42`, `sku-9`) are that short. A longer one is allocated either way, and there
    /// `String(decoding:as:)` is the cheaper. Both repair invalid UTF-8 the same way.
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count <= inlineStringBytes else { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            _ = buffer.initialize(from: bytes)
            return bytes.count
        }
    }

    /// The most UTF-8 bytes a `String` holds without an allocation.
    @inline(__always)
    static var inlineStringBytes: Int { MemoryLayout<Int>.size == 8 ? 15 : 10 }

    /// The first segment whose escapes do not decode (to UTF-8 without NUL): where and why.
    func firstInvalidSegment() -> (byteOffset: Int, reason: MalformedURLError.Reason)? {
        for index in 0..<count where ranges[index].hasEscape {
            if case .failure(let failure) = PercentCoding.decode(self[index], plusIsSpace: plusIsSpace) {
                let (offset, reason) = failure.located
                return (Int(ranges[index].start) + offset, reason)
            }
        }
        return nil
    }

    /// The path rebuilt from its segments, still encoded: `/a/b`, built in one allocation.
    func normalizedPath() -> String {
        guard count > 0 else { return "/" }
        var length = 0
        for index in 0..<count { length += Int(ranges[index].end - ranges[index].start) + 1 }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var offset = 0
            for index in 0..<count {
                buffer[offset] = ASCII.slash
                offset += 1
                let segment = self[index]
                _ = UnsafeMutableBufferPointer(rebasing: buffer[offset..<(offset + segment.count)]).initialize(from: segment)
                offset += segment.count
            }
            return offset
        }
    }
}
