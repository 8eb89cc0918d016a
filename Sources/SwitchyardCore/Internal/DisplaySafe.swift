/// Untrusted text made safe to put in an error message or a log line.
///
/// URLs, parameter values and manifest strings come from strangers. Printed raw, a newline
/// forges a log line, a NUL cuts it, a bidirectional override reorders what a person reads,
/// and 64 KB of path floods it. So every description that quotes such text quotes it
/// through here: invisible and control characters become `\u{…}` escapes, and the text is
/// cut after ``limit`` characters with a count of the rest.
enum DisplaySafe {
    /// Characters kept before the cut.
    static let limit = 200

    static func text(_ raw: String, limit: Int = DisplaySafe.limit) -> String {
        var result = ""
        var kept = 0
        var total = 0
        var needsWork = false
        for scalar in raw.unicodeScalars where isUnsafe(scalar) {
            needsWork = true
            break
        }
        if !needsWork, raw.utf8.count <= limit { return raw }
        for character in raw {
            total += 1
            guard kept < limit else { continue }
            kept += 1
            for scalar in character.unicodeScalars {
                if isUnsafe(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        if total > kept { result += "…(\(total - kept) more characters)" }
        return result
    }

    /// C0 and C1 controls, DEL, line and paragraph separators, bidirectional controls and
    /// the byte-order mark: characters that change how a line reads without being seen.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }
}
