import Foundation
import SwitchyardRouting
import SwitchyardSupport

/// A bounded record of the routes a navigator showed, newest last (seed 003's route history).
public struct NavigationHistory: Sendable {
    /// One shown route.
    public struct Entry: Sendable, Equatable, CustomStringConvertible {
        public let url: String
        public let path: String
        public let pattern: String?
        public let source: RouteSource
        public let date: Date
        /// `id=42, tab=reviews`: path then query parameters, cut to ``NavigationHistory/summaryLimit`` characters.
        public let parameters: String

        public var description: String {
            "\(DisplaySafe.text(pattern ?? path)) from \(source)" + (parameters.isEmpty ? "" : " (\(DisplaySafe.text(parameters)))")
        }
    }

    /// How many characters of parameters an entry keeps.
    public static let summaryLimit = 80

    public let capacity: Int
    public private(set) var entries: [Entry] = []

    public init(capacity: Int = 50) {
        self.capacity = max(1, capacity)
    }

    /// The route shown before the current one.
    public var previous: Entry? { entries.count >= 2 ? entries[entries.count - 2] : nil }
    public var last: Entry? { entries.last }

    mutating func record(_ request: RouteRequest, at date: Date = Date()) {
        let items = (request.pathParameters.items + request.query.items).filter { !LinkSigner.reservedItems.contains($0.name) }
        var summary = items.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
        summary = DisplaySafe.text(summary, limit: Self.summaryLimit)
        entries.append(Entry(url: request.url, path: request.path, pattern: request.pattern?.description,
                             source: request.source, date: date, parameters: summary))
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }

    public mutating func removeAll() { entries.removeAll() }
}
