/// A multimap from shape hashes to ``ShapeIndex/Entry``s: one flat table with open addressing,
/// 12 bytes a slot, where a dictionary of buckets took about three times that per route.
///
/// A shape hash is already mixed, so its low bits pick the slot, and only its low 32 bits are
/// kept in the slot. A key held by one entry keeps it in its slot; the second entry of the
/// same key turns the slot into a group, a list that also keeps the whole 64-bit key, so that
/// a registration finds every route of one shape in one step and counts them without looking
/// at each (20,000 routes of one shape cost what 20,000 shapes do). Keys that agree only in
/// their low 32 bits stay in separate slots: ``entries(_:keyOf:)`` tells them apart with the
/// caller's `keyOf`, which recomputes a lone entry's whole key.
struct ShapeTable {
    /// 0 marks an empty slot; a hash of 0 is stored as 1.
    private var keys: [UInt32] = []
    /// A lone entry's bits, or ``groupFlag`` and the index of its group in ``groups``.
    private var values: [UInt64] = []
    private var groups: [Group] = []
    private var freeGroups: [Int] = []
    /// Slots in use.
    private var used = 0
    /// Entries stored.
    private(set) var count = 0

    /// The entries of one whole key, oldest first (so in the order of their route ids).
    private struct Group {
        var key: UInt64
        var entries: [ShapeIndex.Entry]
    }

    /// Route ids stay below 2⁵³ (``ShapeIndex/Entry`` packs them above 10 bits), so an entry's
    /// bits never have the top one set.
    private static let groupFlag: UInt64 = 1 << 63

    private static func stored(_ key: UInt64) -> UInt32 {
        let low = UInt32(truncatingIfNeeded: key)
        return low == 0 ? 1 : low
    }

    private func home(_ key: UInt32) -> Int { Int(key) & (keys.count - 1) }

    /// The entries stored under exactly `key`, oldest first; `keyOf` gives the whole key a lone
    /// entry was stored under (`nil` when it cannot tell, which leaves the entry out).
    ///
    /// A group's list is returned as it is kept (no copy), so a caller may count a shape's
    /// routes in O(1) and look only at the first few.
    ///
    /// - Parameter skipping: a route whose lone entries are left out unread: a registration
    ///   looks up its own shapes, and telling its own entry apart would cost a key computation.
    func entries(_ key: UInt64, skipping: RouteID? = nil, keyOf: (ShapeIndex.Entry) -> UInt64?) -> [ShapeIndex.Entry] {
        guard !keys.isEmpty else { return [] }
        let low = Self.stored(key), mask = keys.count - 1
        var slot = home(low)
        while keys[slot] != 0 {
            if keys[slot] == low {
                let value = values[slot]
                if value & Self.groupFlag != 0 {
                    let group = groups[Int(value & ~Self.groupFlag)]
                    if group.key == key { return group.entries }
                } else {
                    let entry = ShapeIndex.Entry(bits: value)
                    if entry.route != skipping, keyOf(entry) == key { return [entry] }
                }
            }
            slot = (slot + 1) & mask
        }
        return []
    }

    /// Adds `entry` under `key`; `keyOf` as for ``entries(_:keyOf:)``. An entry must be newer
    /// than every entry already stored under its key.
    mutating func insert(_ key: UInt64, _ entry: ShapeIndex.Entry, keyOf: (ShapeIndex.Entry) -> UInt64?) {
        count += 1
        if !keys.isEmpty {
            let low = Self.stored(key), mask = keys.count - 1
            var slot = home(low)
            while keys[slot] != 0 {
                if keys[slot] == low {
                    let value = values[slot]
                    if value & Self.groupFlag != 0 {
                        let index = Int(value & ~Self.groupFlag)
                        if groups[index].key == key {
                            groups[index].entries.append(entry)
                            return
                        }
                    } else {
                        let lone = ShapeIndex.Entry(bits: value)
                        if keyOf(lone) == key {
                            values[slot] = Self.groupFlag | UInt64(newGroup(Group(key: key, entries: [lone, entry])))
                            return
                        }
                    }
                }
                slot = (slot + 1) & mask
            }
        }
        // At most three quarters full, so a probe ends at an empty slot soon.
        if (used + 1) * 4 > keys.count * 3 { resize(to: max(8, keys.count * 2)) }
        place(Self.stored(key), entry.bits)
        used += 1
    }

    /// Removes `entry` stored under `key`; nothing when it is not there.
    mutating func remove(_ key: UInt64, _ entry: ShapeIndex.Entry) {
        guard !keys.isEmpty else { return }
        let low = Self.stored(key), mask = keys.count - 1
        var slot = home(low)
        while keys[slot] != 0 {
            if keys[slot] == low {
                let value = values[slot]
                if value == entry.bits {
                    clear(slot)
                    count -= 1
                    return
                }
                if value & Self.groupFlag != 0 {
                    let index = Int(value & ~Self.groupFlag)
                    if let position = groups[index].entries.firstIndex(of: entry) {
                        groups[index].entries.remove(at: position)
                        count -= 1
                        if groups[index].entries.isEmpty {
                            groups[index].entries = []
                            freeGroups.append(index)
                            clear(slot)
                        }
                        return
                    }
                }
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func newGroup(_ group: Group) -> Int {
        if let free = freeGroups.popLast() {
            groups[free] = group
            return free
        }
        groups.append(group)
        return groups.count - 1
    }

    /// Empties `slot`, moving back every later slot of its run that would otherwise be cut off
    /// from its home by the empty slot.
    private mutating func clear(_ slot: Int) {
        let mask = keys.count - 1
        var hole = slot
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
        used -= 1
    }

    private mutating func place(_ key: UInt32, _ value: UInt64) {
        let mask = keys.count - 1
        var slot = home(key)
        while keys[slot] != 0 { slot = (slot + 1) & mask }
        keys[slot] = key
        values[slot] = value
    }

    private mutating func resize(to capacity: Int) {
        let (oldKeys, oldValues) = (keys, values)
        keys = Array(repeating: 0, count: capacity)
        values = Array(repeating: 0, count: capacity)
        for slot in oldKeys.indices where oldKeys[slot] != 0 { place(oldKeys[slot], oldValues[slot]) }
    }
}
