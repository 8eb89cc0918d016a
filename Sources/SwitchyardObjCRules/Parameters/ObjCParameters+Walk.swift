import SwitchyardSupport

extension ObjCParameters.Limits {
    /// No limit at all, and keys of any type written as text: for values Swift hands to
    /// Objective-C, which were held to the limits (or made by the app) already.
    static var none: Self {
        var limits = Self()
        limits.entries = .max
        limits.depth = .max
        limits.keyBytes = .max
        limits.stringBytes = .max
        limits.keysMustBeText = false
        return limits
    }
}

extension ObjCParameters {
    /// One collection being converted: its items still to visit and what they became. An item
    /// holds its own name only: a path is spelled out when an error needs it, so a walk's cost
    /// stays linear in its input however deep it nests.
    private struct Frame<Output> {
        let isArray: Bool
        let items: [(name: String, value: Any)]
        var next = 0
        var converted: [Output] = []

        /// How item `index` adds to its parent's path: `[3]`, or `.key` (`key` at the root).
        func component(_ index: Int, atRoot: Bool) -> String {
            if isArray { return "[\(index)]" }
            return atRoot ? items[index].name : "." + items[index].name
        }
    }

    /// The path of item `index` of the frame on top of `stack` (`lines[2].sku`); "" for the root.
    private static func path<Output>(_ stack: [Frame<Output>], item index: Int?) -> String {
        var text = ""
        for (depth, frame) in stack.enumerated() {
            let chosen = depth == stack.count - 1 ? index : frame.next - 1
            guard let chosen, frame.items.indices.contains(chosen) else { break }
            text += frame.component(chosen, atRoot: text.isEmpty)
        }
        return text
    }

    /// Converts nested arrays and dictionaries with a stack of its own, never the call stack, so
    /// the depth a caller nests to cannot overflow it; the limits hold before anything deeper is
    /// read. `leaf` gets a value and how to spell its path, for an error.
    static func walk<Output>(
        _ root: Any, limits: Limits,
        leaf: (Any, () -> String) throws(ObjCCallError) -> Output,
        array: ([Output]) -> Output, dictionary: ([String: Output]) -> Output
    ) throws(ObjCCallError) -> Output {
        var entries = 0
        var stack: [Frame<Output>] = []
        /// The frame for `value`, the item being looked at in the frame on top of `stack`.
        func frame(for value: Any, depth: Int) throws(ObjCCallError) -> Frame<Output>? {
            let list = value is String ? nil : value as? [Any]
            let map = list == nil ? value as? [AnyHashable: Any] : nil
            guard let count = list?.count ?? map?.count else { return nil }
            let here = { path(stack, item: stack.last.map { $0.next - 1 }) }
            // The limits first: nothing of a collection over them is read.
            guard depth <= limits.depth else { throw .parameter(path: here(), problem: .tooDeep(limit: limits.depth)) }
            guard count <= limits.entries - entries else {
                let at = here()
                throw .parameter(path: at.isEmpty ? "(all)" : at, problem: .tooMany(count: entries + count, limit: limits.entries))
            }
            entries += count
            if let list {
                return Frame(isArray: true, items: list.map { ("", $0) })
            }
            var keyed: [(name: String, value: Any)] = []
            keyed.reserveCapacity(count)
            for (key, element) in map ?? [:] {
                let name: String
                if let text = key.base as? String {
                    name = text
                } else if limits.keysMustBeText {
                    let at = here()
                    throw .parameter(path: at.isEmpty ? "\(key)" : at, problem: .keyNotString(keyClass: String(describing: type(of: key.base))))
                } else {
                    name = "\(key.base)"
                }
                guard name.utf8.count <= limits.keyBytes else {
                    let at = here()
                    throw .parameter(path: at.isEmpty ? name : "\(at).\(name)", problem: .keyTooLong(bytes: name.utf8.count, limit: limits.keyBytes))
                }
                keyed.append((name, element))
            }
            // Sorted, so the first key an error names is the same on every run.
            return Frame(isArray: false, items: keyed.sorted { $0.name < $1.name })
        }

        guard let first = try frame(for: root, depth: 0) else { return try leaf(root, { "" }) }
        stack.append(first)
        while var top = stack.popLast() {
            if top.next < top.items.count {
                let index = top.next
                let item = top.items[index]
                top.next += 1
                stack.append(top)
                if let child = try frame(for: item.value, depth: stack.count) {
                    stack.append(child)
                } else {
                    let converted = try leaf(item.value, { path(stack, item: index) })
                    stack[stack.count - 1].converted.append(converted)
                }
                continue
            }
            let done: Output
            if top.isArray {
                done = array(top.converted)
            } else {
                var keyed: [String: Output] = [:]
                for (item, value) in zip(top.items, top.converted) { keyed[item.name] = value }
                done = dictionary(keyed)
            }
            guard !stack.isEmpty else { return done }
            stack[stack.count - 1].converted.append(done)
        }
        return try leaf(root, { "" }) // unreachable: the loop returns when the first frame is done
    }
}
