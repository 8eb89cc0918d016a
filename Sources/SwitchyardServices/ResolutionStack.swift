import Foundation

/// The services this thread is making right now, innermost last: how cycles are found.
///
/// Factories run synchronously, so a thread-local stack sees every nested lookup, whether a
/// factory asks through its ``ServiceResolver`` or calls the registry directly.
final class ResolutionStack {
    private static let threadKey = "switchyard.services.resolving"
    private var labels: [String] = []
    private var keys: [ServiceKey] = []

    private static var current: ResolutionStack {
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary[threadKey] as? ResolutionStack { return stack }
        let stack = ResolutionStack()
        dictionary[threadKey] = stack
        return stack
    }

    /// Runs `make` with `key` on the stack, or throws the cycle if `key` is already on it.
    static func making<Value>(_ key: ServiceKey, label: String, _ make: () throws(ServiceError) -> Value) throws(ServiceError) -> Value {
        let stack = current
        if let start = stack.keys.firstIndex(of: key) {
            throw .cycle(path: Array(stack.labels[start...]) + [label])
        }
        stack.keys.append(key)
        stack.labels.append(label)
        defer {
            stack.keys.removeLast()
            stack.labels.removeLast()
        }
        return try make()
    }
}
