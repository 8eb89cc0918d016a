import Foundation
import SwitchyardSupport

/// Keeps the last opens (a ring buffer) for a debug screen or a bug report.
///
/// A router has one only when asked for (``PipelineSettings/recordingLast``); without
/// it, recording costs one `nil` check per open.
public final class DebugRecorder: Sendable {
    /// One recorded open, as plain data.
    public struct Entry: Codable, Equatable, Sendable {
        /// The URL as it was opened, before any redirect.
        public let url: String
        /// Where the open came from, as text.
        public let source: String
        /// How the open ended, as text.
        public let outcome: String
        /// Whether a page opened or an action ran (``OpenResult/succeeded``).
        public let succeeded: Bool
        /// Every URL redirected to, in order.
        public let redirects: [String]
        /// The interceptors that ran, in order.
        public let interceptors: [String]
        /// How long the open took, in microseconds.
        public let microseconds: Int64
    }

    /// How many opens are kept; the oldest is overwritten first. At least 1.
    public let capacity: Int
    private let ring: Locked<(entries: [Entry], next: Int)>

    /// An empty recorder keeping the last `capacity` opens (values below 1 count as 1).
    public init(capacity: Int = 200) {
        self.capacity = max(1, capacity)
        self.ring = Locked(([], 0))
    }

    func record(_ result: OpenResult) {
        let duration = result.duration.components
        let entry = Entry(
            url: result.url, source: result.source.description, outcome: result.outcome.description,
            succeeded: result.succeeded, redirects: result.redirects, interceptors: result.interceptors,
            microseconds: duration.seconds * 1_000_000 + duration.attoseconds / 1_000_000_000_000)
        ring.withLock { ring in
            if ring.entries.count < capacity {
                ring.entries.append(entry)
            } else {
                ring.entries[ring.next] = entry
            }
            ring.next = (ring.next + 1) % capacity
        }
    }

    /// The recorded opens, oldest first.
    public var entries: [Entry] {
        ring.withLock { ring in
            ring.entries.count < capacity ? ring.entries : Array(ring.entries[ring.next...] + ring.entries[..<ring.next])
        }
    }

    /// One line per open: `url [source] → outcome`.
    public func exportText() -> String {
        entries.map { entry in
            // One line per open, whatever the URL holds: its newlines would forge more.
            var line = "\(DisplaySafe.text(entry.url)) [\(entry.source)] → \(DisplaySafe.text(entry.outcome, limit: 2_000))"
            if !entry.redirects.isEmpty { line += " via " + entry.redirects.map { DisplaySafe.text($0) }.joined(separator: " → ") }
            return line + " (\(entry.microseconds) µs)"
        }.joined(separator: "\n")
    }

    /// The entries as a JSON array.
    public func exportJSON() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(entries)
    }
}
