/// A multimap from shape hashes to ``ShapeIndex/Entry``s: one flat table with open addressing,
/// 12 bytes a slot, where a dictionary of buckets took about three times that per route.
///
/// A shape hash is already mixed, so its low bits pick the slot, and only its low 32 bits are
/// kept: a table of more than 2³² slots is out of reach, and two shapes whose hashes agree
/// there are told apart by the caller, which compares shapes for any candidate.
struct ShapeTable {
    /// 0 marks an empty slot; a hash of 0 is stored as 1, which only adds a candidate the
    /// caller rules out by comparing shapes, as it does for any collision.
    private var keys: [UInt32] = []
    private var values: [ShapeIndex.Entry] = []
    private(set) var count = 0

    private static func stored(_ key: UInt64) -> UInt32 {
        let low = UInt32(truncatingIfNeeded: key)
        return low == 0 ? 1 : low
    }

    private func home(_ key: UInt32) -> Int { Int(key) & (keys.count - 1) }

    /// The entries stored under `key`, oldest first.
    func entries(_ key: UInt64) -> [ShapeIndex.Entry] {
        guard !keys.isEmpty else { return [] }
        let key = Self.stored(key), mask = keys.count - 1
        var found: [ShapeIndex.Entry] = []
        var slot = home(key)
        while keys[slot] != 0 {
            if keys[slot] == key { found.append(values[slot]) }
            slot = (slot + 1) & mask
        }
        return found
    }

    mutating func insert(_ key: UInt64, _ entry: ShapeIndex.Entry) {
        // At most three quarters full, so a probe ends at an empty slot soon.
        if (count + 1) * 4 > keys.count * 3 { resize(to: max(8, keys.count * 2)) }
        place(Self.stored(key), entry)
        count += 1
    }

    /// Removes one `entry` stored under `key`; nothing when there is none.
    mutating func remove(_ key: UInt64, _ entry: ShapeIndex.Entry) {
        guard !keys.isEmpty else { return }
        let key = Self.stored(key), mask = keys.count - 1
        var hole = home(key)
        while keys[hole] != 0, keys[hole] != key || values[hole] != entry { hole = (hole + 1) & mask }
        guard keys[hole] != 0 else { return }
        // Every entry after the hole whose home does not lie between the hole and itself
        // would be cut off from its home by an empty slot: move it into the hole.
        var next = (hole + 1) & mask
        while keys[next] != 0 {
            if (next - home(keys[next])) & mask >= (next - hole) & mask {
                keys[hole] = keys[next]
                values[hole] = values[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        keys[hole] = 0
        count -= 1
    }

    private mutating func place(_ key: UInt32, _ entry: ShapeIndex.Entry) {
        let mask = keys.count - 1
        var slot = home(key)
        while keys[slot] != 0 { slot = (slot + 1) & mask }
        keys[slot] = key
        values[slot] = entry
    }

    private mutating func resize(to capacity: Int) {
        let (oldKeys, oldValues) = (keys, values)
        keys = Array(repeating: 0, count: capacity)
        values = Array(repeating: ShapeIndex.Entry(route: RouteID(rawValue: 0), variant: 0), count: capacity)
        // Oldest first within a key stays true: entries of one key are re-placed in slot order
        // from their old home, which is the order they were probed in.
        for slot in Self.probeOrder(oldKeys) where oldKeys[slot] != 0 { place(oldKeys[slot], oldValues[slot]) }
    }

    /// Slots in an order where each run of occupied slots starts after an empty one, so that a
    /// run wrapping past the end is re-placed in the order it was probed.
    private static func probeOrder(_ keys: [UInt32]) -> [Int] {
        guard let empty = keys.firstIndex(of: 0) else { return Array(keys.indices) }
        return Array((empty + 1)..<keys.count) + Array(0...empty)
    }
}
