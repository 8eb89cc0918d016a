import Foundation
import Logging
import Switchyard

extension RouterConfiguration {
    /// A configuration whose logger drops everything: many tests register conflicts on purpose.
    static var quiet: RouterConfiguration {
        RouterConfiguration(logger: Logger(label: "switchyard.tests") { _ in SwiftLogNoOpLogHandler() })
    }
}

/// A table whose targets are the patterns themselves, so a match says which route won.
func table(_ patterns: [String], configuration: RouterConfiguration = .quiet) throws -> RouteTable<String> {
    let table = RouteTable<String>(configuration: configuration)
    try table.register(patterns.map { RouteSpec($0, target: $0) })
    return table
}

extension RouteTable {
    /// The winning pattern for `url`, or `nil` when nothing matches.
    func winner(_ url: String) -> String? {
        (try? resolve(url))?.route.pattern
    }

    /// The error `resolve` throws for `url`, or `nil` when it matches.
    func failure(_ url: String) -> RoutingError? {
        do {
            _ = try resolve(url)
            return nil
        } catch {
            return error
        }
    }
}

/// A value several tasks update in tests.
final class Shared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }

    var current: Value { withLock { $0 } }
}

/// Keeps every line logged through ``logger``, as `level: message`.
final class LogCapture: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// The lines logged so far.
    var lines: [String] { lock.withLock { recorded } }

    /// A logger that writes here, at every level.
    var logger: Logger { Logger(label: "switchyard.tests") { _ in self } }

    func log(event: LogEvent) {
        lock.withLock { recorded.append("\(event.level): \(event.message)") }
    }
}
