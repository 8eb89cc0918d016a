/// A dotted app version (`2`, `2.3`, `2.3.1`) as a manifest's `minimumAppVersion` names it.
public struct AppVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The numbers, most significant first (`[2, 3, 1]` for `2.3.1`).
    public let components: [Int]

    /// Parses one to four dot-separated numbers; `nil` for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var components: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 9, part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part) else { return nil }
            components.append(value)
        }
        self.components = components
    }

    /// Compares component by component; a missing component counts as 0, so `2.3` is older than `2.3.1`.
    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        for index in 0..<max(lhs.components.count, rhs.components.count) {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    /// Equal when neither is older: `2.3` equals `2.3.0`.
    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

    /// Hashes the components without trailing zeros, so that equal versions hash alike.
    public func hash(into hasher: inout Hasher) {
        var trimmed = components
        while trimmed.count > 1, trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }

    /// The components joined by dots, as parsed (`2.3.0` stays `2.3.0`).
    public var description: String { components.map(String.init).joined(separator: ".") }
}
