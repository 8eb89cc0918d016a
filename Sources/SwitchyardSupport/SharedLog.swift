/// An append-only list whose versions share storage: keeping the old version while appending
/// to a copy costs O(log n) amortized, not O(n).
///
/// Elements sit in a chain of immutable runs, newest last, each more than twice the size of
/// the next newer one, so the chain is at most log₂ n + 1 runs deep whatever the sizes of the
/// appends: appending merges runs like carries, and releasing a version never recurses deeper.
// Inlinable: a route table's log of its routes, so the module that names the routes' target
// type specializes it.
@usableFromInline
package struct SharedLog<Element: Sendable>: Sendable {
    @usableFromInline
    package final class Run: Sendable {
        @usableFromInline package let elements: [Element]
        @usableFromInline package let previous: Run?

        @inlinable
        package init(_ elements: [Element], previous: Run?) {
            self.elements = elements
            self.previous = previous
        }
    }

    @usableFromInline package internal(set) var newest: Run?
    @usableFromInline package internal(set) var count = 0

    @inlinable
    package init() {}

    @inlinable
    package mutating func append(_ element: Element) {
        append(contentsOf: [element])
    }

    @inlinable
    package mutating func append(contentsOf elements: [Element]) {
        guard !elements.isEmpty else { return }
        count += elements.count
        var run = Run(elements, previous: newest)
        while let previous = run.previous, previous.elements.count <= 2 * run.elements.count {
            run = Run(previous.elements + run.elements, previous: previous.previous)
        }
        newest = run
    }

    /// How many runs the chain holds: at most log₂ ``count`` + 1.
    @inlinable
    package var depth: Int {
        var depth = 0
        var run = newest
        while let current = run {
            depth += 1
            run = current.previous
        }
        return depth
    }

    /// The element whose key is `key`, for a log whose keys grow from oldest to newest.
    ///
    /// O(log² n): a binary search in each of at most log₂ n + 1 runs, newest first.
    @inlinable
    package func element<Key: Comparable>(withKey key: Key, _ keyOf: (Element) -> Key) -> Element? {
        var run = newest
        while let current = run {
            let elements = current.elements
            if let first = elements.first, keyOf(first) <= key {
                var low = 0, high = elements.count
                while low < high {
                    let middle = low + (high - low) / 2
                    if keyOf(elements[middle]) < key { low = middle + 1 } else { high = middle }
                }
                return low < elements.count && keyOf(elements[low]) == key ? elements[low] : nil
            }
            run = current.previous
        }
        return nil
    }

    /// Every element, oldest first.
    @inlinable
    package func elements() -> [Element] {
        // One run is the whole log: hand out its storage rather than a copy.
        if let newest, newest.previous == nil { return newest.elements }
        var runs: [Run] = []
        var run = newest
        while let current = run {
            runs.append(current)
            run = current.previous
        }
        var result: [Element] = []
        result.reserveCapacity(count)
        for run in runs.reversed() { result.append(contentsOf: run.elements) }
        return result
    }
}
