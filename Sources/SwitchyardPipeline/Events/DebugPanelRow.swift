/// One row of the route debug panel (seed 003's route debugger): what the UIKit panel shows
/// for a recorded open.
public struct DebugPanelRow: Hashable, Sendable {
    public let title: String
    public let detail: String
    public let failed: Bool

    /// The rows for `recorder`'s entries, newest first.
    public static func rows(from recorder: DebugRecorder) -> [DebugPanelRow] {
        recorder.entries.reversed().map(DebugPanelRow.init(entry:))
    }

    public init(entry: DebugRecorder.Entry) {
        title = entry.url
        var parts = [entry.outcome, "from \(entry.source)", "\(entry.microseconds) µs"]
        if !entry.redirects.isEmpty { parts.append("via " + entry.redirects.joined(separator: " → ")) }
        if !entry.interceptors.isEmpty { parts.append("interceptors: " + entry.interceptors.joined(separator: ", ")) }
        detail = parts.joined(separator: " · ")
        failed = !entry.succeeded
    }
}
