import Foundation
import SwitchyardRouting
import SwitchyardSupport

/// A bounded record of the routes a navigator showed, newest last (seed 003's route history).
public struct NavigationHistory: Sendable {
    /// One shown route.
    public struct Entry: Sendable, Equatable, CustomStringConvertible {
        /// The URL as it was opened.
        public let url: String
        /// The normalized path that was matched.
        public let path: String
        /// The pattern that matched, or `nil` for a screen shown without a route.
        public let pattern: String?
        /// Where the open came from.
        public let source: RouteSource
        /// When the route was shown.
        public let date: Date
        /// `id=42, tab=reviews`: path then query parameters, cut to ``NavigationHistory/summaryLimit`` characters.
        public let parameters: String
        /// The tab the route was shown in (its home, or the tab selected then); `nil` in a window without tabs.
        public let tab: String?

        /// The pattern (or path), the source and the parameters, made safe to display.
        public var description: String {
            "\(DisplaySafe.text(pattern ?? path)) from \(source)" + (parameters.isEmpty ? "" : " (\(DisplaySafe.text(parameters)))")
        }
    }

    /// How many characters of parameters an entry keeps.
    public static let summaryLimit = 80

    /// The most entries kept; the oldest are dropped first. At least 1.
    public let capacity: Int
    /// The routes shown, oldest first; at most ``capacity`` of them.
    public private(set) var entries: [Entry] = []

    /// An empty history keeping at most `capacity` entries (values below 1 count as 1).
    public init(capacity: Int = 50) {
        self.capacity = max(1, capacity)
    }

    /// The route shown before the current one.
    public var previous: Entry? { entries.count >= 2 ? entries[entries.count - 2] : nil }
    /// The route shown most recently.
    public var last: Entry? { entries.last }

    /// The routes shown in `tab`, oldest first: that tab's own history.
    public func entries(inTab tab: String) -> [Entry] {
        entries.filter { $0.tab == tab }
    }

    mutating func record(_ request: RouteRequest, tab: String? = nil, at date: Date = Date()) {
        let items = (request.pathParameters.items + request.query.items).filter { !LinkSigner.reservedItems.contains($0.name) }
        var summary = items.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
        summary = DisplaySafe.text(summary, limit: Self.summaryLimit)
        entries.append(Entry(url: request.url, path: request.path, pattern: request.pattern?.description,
                             source: request.source, date: date, parameters: summary, tab: tab))
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }

    /// Forgets every entry.
    public mutating func removeAll() { entries.removeAll() }
}
