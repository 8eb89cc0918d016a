import Foundation
import SwitchyardSupport

/// Bounds on a saved window read back at launch: it comes from a file the app does not
/// control once written (a backup, another version of the app, a tampered device).
public struct RestorationLimits: Sendable, Equatable {
    /// Bytes of the encoded value. Default 65,536.
    public var bytes: Int
    /// Tabs. Default 16.
    public var tabs: Int
    /// Screens in one tab, root stack or modal layer. Default 32.
    public var screensPerStack: Int
    /// Modal layers. Default 8.
    public var modalLayers: Int
    /// Bytes of one URL. Default 4,096; the router's own URL limit applies when it is opened.
    public var urlLength: Int

    /// The defaults: a real window is a few tabs of a few screens, well under a kilobyte.
    public static let `default` = RestorationLimits()

    /// Limits with the given bounds.
    public init(bytes: Int = 65_536, tabs: Int = 16, screensPerStack: Int = 32, modalLayers: Int = 8, urlLength: Int = 4_096) {
        self.bytes = bytes
        self.tabs = tabs
        self.screensPerStack = screensPerStack
        self.modalLayers = modalLayers
        self.urlLength = urlLength
    }
}

/// Why a saved window was not restored: the app then starts clean.
public enum RestorationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// More bytes than ``RestorationLimits/bytes``.
    case tooLarge(bytes: Int, limit: Int)
    /// Not a saved window: not JSON, the wrong shape, or nested deeper than one can be.
    case corrupt(String)
    /// Written by a newer version of the app, in a format this one does not read.
    case newerVersion(found: Int, supported: Int)
    /// More of something than its limit: what, how many, and the limit.
    case tooMany(String, count: Int, limit: Int)
    /// Well-formed but impossible: a repeated or empty tab, a selected tab not in the list.
    case invalid(String)

    /// A sentence for logs naming what was wrong.
    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit): return "the saved window is \(bytes) bytes; the limit is \(limit) (RestorationLimits.bytes)"
        case .corrupt(let reason): return "the saved window is corrupt: \(DisplaySafe.text(reason, limit: 300))"
        case .newerVersion(let found, let supported):
            return "the saved window is format \(found), from a newer version of the app; this one reads format \(supported)"
        case .tooMany(let what, let count, let limit): return "the saved window has \(count) \(what); the limit is \(limit)"
        case .invalid(let reason): return "the saved window is invalid: \(DisplaySafe.text(reason, limit: 300))"
        }
    }
}

extension SavedWindow {
    /// The deepest a saved window nests: object, array of tabs, tab object, array of URLs.
    static let maximumNesting = 4

    /// Reads a saved window written by ``encoded()``, refusing anything past `limits` or not
    /// of this app's format, without trusting a byte of it.
    public static func decode(_ data: Data, limits: RestorationLimits = .default) throws(RestorationError) -> SavedWindow {
        guard data.count <= limits.bytes else { throw .tooLarge(bytes: data.count, limit: limits.bytes) }
        // UTF-8 only: the bracket scan reads bytes, and the decoder would also take UTF-16 or
        // UTF-32, whose bytes the scan would misread.
        if let offset = firstInvalidUTF8Offset(in: Array(data)) ?? data.firstIndex(of: 0).map({ $0 - data.startIndex }) {
            throw .corrupt("not UTF-8 text at byte \(offset)")
        }
        // Checked before the decoder sees it, so no input makes a parser recurse deeply.
        let depth = Self.nesting(data)
        if depth > maximumNesting {
            throw .corrupt("nested \(depth) levels deep; a saved window nests at most \(maximumNesting)")
        }
        // The version first, so that a newer format is named as such rather than as corrupt.
        let version: Int
        do {
            version = try JSONDecoder().decode(VersionProbe.self, from: data).version
        } catch {
            throw .corrupt(Self.summary(of: error))
        }
        guard version <= currentVersion else { throw .newerVersion(found: version, supported: currentVersion) }
        guard version >= 1 else { throw .corrupt("format \(version) does not exist") }
        let window: SavedWindow
        do {
            window = try JSONDecoder().decode(SavedWindow.self, from: data)
        } catch {
            throw .corrupt(Self.summary(of: error))
        }
        try window.validate(limits)
        return window
    }

    private struct VersionProbe: Decodable {
        let version: Int
    }

    /// Checks a saved window against `limits` and its own shape, as ``decode(_:limits:)``
    /// does: however a value was made (a `JSONDecoder` of the app's own, a state-restoration
    /// coder), a restore checks it before opening anything.
    public func validate(_ limits: RestorationLimits = .default) throws(RestorationError) {
        guard tabs.count <= limits.tabs else { throw .tooMany("tabs", count: tabs.count, limit: limits.tabs) }
        guard modals.count <= limits.modalLayers else { throw .tooMany("modal layers", count: modals.count, limit: limits.modalLayers) }
        let columns = split.map { [("the primary column", $0.primary), ("the supplementary column", $0.supplementary ?? []), ("the detail column", $0.detail)] } ?? []
        let stacks = [("the root stack", root)] + columns + tabs.map { ("tab \"\($0.id)\"", $0.screens) } + modals.enumerated().map { ("modal layer \($0.offset + 1)", $0.element.screens) }
        for (name, screens) in stacks {
            guard screens.count <= limits.screensPerStack else {
                throw .tooMany("screens in \(DisplaySafe.text(name))", count: screens.count, limit: limits.screensPerStack)
            }
            if let long = screens.first(where: { $0.utf8.count > limits.urlLength }) {
                throw .tooMany("bytes in a URL of \(DisplaySafe.text(name))", count: long.utf8.count, limit: limits.urlLength)
            }
        }
        var seen = Set<String>()
        for tab in tabs {
            guard !tab.id.isEmpty else { throw .invalid("a tab's identifier is empty") }
            guard seen.insert(tab.id).inserted else { throw .invalid("tab \"\(tab.id)\" is listed twice") }
        }
        if !tabs.isEmpty, !root.isEmpty { throw .invalid("it has both tabs and a root stack") }
        if split != nil, !tabs.isEmpty || !root.isEmpty { throw .invalid("it has a split view and also tabs or a root stack") }
        if let selectedTab, !seen.contains(selectedTab) { throw .invalid("the selected tab \"\(selectedTab)\" is not one of its tabs") }
        if let index = modals.firstIndex(where: { $0.modalPresentation == nil }) {
            throw .invalid("modal layer \(index + 1) is shown as \"\(modals[index].presentation)\", not sheet or fullScreen")
        }
    }

    /// How deep the JSON nests, counting brackets outside strings, however unbalanced: one
    /// pass, no recursion.
    static func nesting(_ data: Data) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
            default: break
            }
        }
        return deepest
    }

    private static func summary(of error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing \(Self.path(context.codingPath + [key]))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\(Self.path(context.codingPath)): \(context.debugDescription)"
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : "\(Self.path(context.codingPath)): \(context.debugDescription)"
        default:
            return "not JSON"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        "$" + keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}
