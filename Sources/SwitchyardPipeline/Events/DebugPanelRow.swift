/// One row of the route debug panel (seed 003's route debugger): what the UIKit panel shows
/// for a recorded open.
public struct DebugPanelRow: Hashable, Sendable {
    /// The URL as it was opened.
    public let title: String
    /// Outcome, source, duration, then any redirects and interceptors, separated by ` · `.
    public let detail: String
    /// Whether the open failed, so the panel can mark the row.
    public let failed: Bool

    /// The rows for `recorder`'s entries, newest first.
    public static func rows(from recorder: DebugRecorder) -> [DebugPanelRow] {
        recorder.entries.reversed().map(DebugPanelRow.init(entry:))
    }

    /// The row for one recorded open.
    public init(entry: DebugRecorder.Entry) {
        title = entry.url
        var parts = [entry.outcome, "from \(entry.source)", "\(entry.microseconds) µs"]
        if !entry.redirects.isEmpty { parts.append("via " + entry.redirects.joined(separator: " → ")) }
        if !entry.interceptors.isEmpty { parts.append("interceptors: " + entry.interceptors.joined(separator: ", ")) }
        detail = parts.joined(separator: " · ")
        failed = !entry.succeeded
    }
}
