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
    /// One collection being converted: its items still to visit and what they became.
    private struct Frame<Output> {
        let path: String
        let isArray: Bool
        let items: [(name: String, path: String, value: Any)]
        var next = 0
        var converted: [Output] = []
    }

    /// Converts nested arrays and dictionaries with a stack of its own, never the call stack, so
    /// the depth a caller nests to cannot overflow it; the limits hold before anything deeper is read.
    static func walk<Output>(
        _ root: Any, limits: Limits,
        leaf: (Any, String) throws(ObjCCallError) -> Output,
        array: ([Output]) -> Output, dictionary: ([String: Output]) -> Output
    ) throws(ObjCCallError) -> Output {
        var entries = 0
        func frame(for value: Any, path: String, depth: Int) throws(ObjCCallError) -> Frame<Output>? {
            let list = value is String ? nil : value as? [Any]
            let map = list == nil ? value as? [AnyHashable: Any] : nil
            guard let count = list?.count ?? map?.count else { return nil }
            // The limits first: nothing of a collection over them is read.
            guard depth <= limits.depth else { throw .parameter(path: path, problem: .tooDeep(limit: limits.depth)) }
            guard count <= limits.entries - entries else {
                throw .parameter(path: path.isEmpty ? "(all)" : path, problem: .tooMany(count: entries + count, limit: limits.entries))
            }
            entries += count
            if let list {
                return Frame(path: path, isArray: true, items: list.enumerated().map { ("", "\(path)[\($0.offset)]", $0.element) })
            }
            var keyed: [(name: String, path: String, value: Any)] = []
            keyed.reserveCapacity(count)
            for (key, element) in map ?? [:] {
                let name: String
                if let text = key.base as? String {
                    name = text
                } else if limits.keysMustBeText {
                    throw .parameter(path: path.isEmpty ? "\(key)" : path, problem: .keyNotString(keyClass: String(describing: type(of: key.base))))
                } else {
                    name = "\(key.base)"
                }
                guard name.utf8.count <= limits.keyBytes else {
                    throw .parameter(path: path.isEmpty ? name : "\(path).\(name)", problem: .keyTooLong(bytes: name.utf8.count, limit: limits.keyBytes))
                }
                keyed.append((name, path.isEmpty ? name : "\(path).\(name)", element))
            }
            // Sorted, so the first key an error names is the same on every run.
            return Frame(path: path, isArray: false, items: keyed.sorted { $0.name < $1.name })
        }

        guard let first = try frame(for: root, path: "", depth: 0) else { return try leaf(root, "") }
        var stack = [first]
        while var top = stack.popLast() {
            if top.next < top.items.count {
                let item = top.items[top.next]
                top.next += 1
                if let child = try frame(for: item.value, path: item.path, depth: stack.count + 1) {
                    stack.append(top)
                    stack.append(child)
                } else {
                    top.converted.append(try leaf(item.value, item.path))
                    stack.append(top)
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
            guard var parent = stack.popLast() else { return done }
            parent.converted.append(done)
            stack.append(parent)
        }
        return try leaf(root, "") // unreachable: the loop returns when the first frame is done
    }
}
