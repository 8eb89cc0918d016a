/// Untrusted text made safe to put in an error message or a log line.
///
/// URLs, parameter values and manifest strings come from strangers. Printed raw, a newline
/// forges a log line, a NUL cuts it, a bidirectional override reorders what a person reads,
/// and 64 KB of path floods it. So every description that quotes such text quotes it
/// through here: invisible and control characters become `\u{…}` escapes, and the text is
/// cut after ``limit`` Unicode scalars — scalars, not characters, since one character can
/// carry thousands of combining marks — with a count of the rest.
package enum DisplaySafe {
    /// Scalars kept before the cut.
    package static let limit = 200

    package static func text(_ raw: String, limit: Int = DisplaySafe.limit) -> String {
        let scalars = raw.unicodeScalars
        if raw.utf8.count <= limit, !scalars.contains(where: isUnsafe) { return raw }
        var result = ""
        var kept = 0
        var total = 0
        for scalar in scalars {
            total += 1
            guard kept < limit else { continue }
            kept += 1
            if isUnsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        if total > kept { result += "…(\(total - kept) more characters)" }
        return result
    }

    /// C0 and C1 controls, DEL, line and paragraph separators, bidirectional controls,
    /// zero-width characters and the byte-order mark: characters that change how a line
    /// reads without being seen.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x206F, 0xFEFF: return true
        default: return false
        }
    }
}
