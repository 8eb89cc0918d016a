/// Checks that bytes are well-formed UTF-8 (no overlongs, no surrogates, nothing past U+10FFFF).
///
/// Returns the offset of the first invalid byte, or `nil` when the bytes are valid.
/// Written by hand because `String(validating:as:)` needs iOS 18.
package func firstInvalidUTF8Offset<C: Collection>(in bytes: C) -> Int? where C.Element == UInt8, C.Index == Int {
    if let found = bytes.withContiguousStorageIfAvailable(firstInvalidUTF8Offset(inBuffer:)) { return found }
    return Array(bytes).withUnsafeBufferPointer(firstInvalidUTF8Offset(inBuffer:))
}

/// The check on contiguous bytes: ASCII is passed over eight bytes at a time, so a long text
/// (a manifest, a page's message) costs little per byte, in a debug build too.
private func firstInvalidUTF8Offset(inBuffer bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    var index = 0
    let end = bytes.count
    while index < end {
        while index + 8 <= end, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            index += 8
        }
        guard index < end else { break }
        let lead = bytes[index]
        if lead < 0x80 { index += 1; continue }
        let length: Int
        var lowerBound: UInt8 = 0x80
        var upperBound: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upperBound = 0x9F
        case 0xF0: length = 4; lowerBound = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upperBound = 0x8F
        default: return index
        }
        guard end - index >= length else { return index }
        let second = bytes[index + 1]
        guard second >= lowerBound && second <= upperBound else { return index }
        var offset = 2
        while offset < length {
            guard (bytes[index + offset] & 0xC0) == 0x80 else { return index }
            offset += 1
        }
        index += length
    }
    return nil
}
