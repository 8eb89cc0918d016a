import Atomics

/// Where a lookup finds a registration: an open-addressing table of unretained entry
/// pointers, read with no lock, no reference count and no `Hasher`.
///
/// Why not the registry's dictionary snapshot: a lookup of a shared service is a handful of
/// loads, and the snapshot's atomic reference (a double-word compare-and-swap per read), its
/// retain and release, SipHash and the generic cast cost five times that (issue 51).
///
/// Writers hold the registry's writer lock and change a slot with one atomic store, so a
/// reader sees either the old entry or the new one. Nothing a reader may hold is freed while
/// the registry lives: the registry keeps every entry ever put in a slot and every table it
/// outgrew (tables double, so those are less than the current one).
final class ServiceIndex: @unchecked Sendable {
    // @unchecked: slots change only by atomic stores under the registry's writer lock.
    private let slots: UnsafeMutablePointer<UnsafeAtomic<UInt>.Storage>
    let capacity: Int
    private let shift: UInt
    /// Slots that hold an entry or a tombstone, so the table is grown before probes get long.
    private(set) var used = 0

    private static let empty: UInt = 0
    /// A removed entry: probes go past it, as past an entry of another key.
    private static let tombstone: UInt = 1

    /// An empty table of `capacity` slots, a power of two.
    init(capacity: Int) {
        self.capacity = capacity
        shift = UInt(64 - capacity.trailingZeroBitCount)
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: .init(Self.empty), count: capacity)
    }

    deinit {
        slots.deinitialize(count: capacity)
        slots.deallocate()
    }

    /// A table with `entries` in it, at most a quarter full.
    convenience init(_ entries: some Collection<AnyServiceEntry>) {
        var capacity = 16
        while capacity < entries.count * 4 { capacity *= 2 }
        self.init(capacity: capacity)
        for entry in entries { _ = set(entry) }
    }

    @inline(__always)
    private func slot(_ index: Int) -> UnsafeAtomic<UInt> { UnsafeAtomic(at: slots + index) }

    /// The first slot to probe for `type` and `name`: the type's address scrambled by a
    /// multiplication, with the name's hash folded in when there is one.
    @inline(__always)
    private func home(_ type: ObjectIdentifier, _ name: String?) -> Int {
        var bits = UInt(bitPattern: type)
        if let name { bits ^= UInt(bitPattern: name.hashValue) }
        return Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The entry registered under `type` and `name`, unretained: valid while the registry lives.
    /// Its class is `ServiceEntry<S>` for the `S` whose identifier is `type`.
    @inline(__always)
    func find(_ type: ObjectIdentifier, _ name: String?) -> UnsafeRawPointer? {
        let mask = capacity &- 1
        var index = home(type, name)
        while true {
            let bits = slot(index).load(ordering: .acquiring)
            if bits == Self.empty { return nil }
            if bits != Self.tombstone, let pointer = UnsafeRawPointer(bitPattern: bits) {
                let entry = Unmanaged<AnyServiceEntry>.fromOpaque(pointer)
                if entry._withUnsafeGuaranteedRef({ $0.key.type == type && $0.key.name == name }) { return pointer }
            }
            index = (index &+ 1) & mask
        }
    }

    /// Puts `entry` where its key is, or in a free slot: whether it was placed (`false` when
    /// the table is too full to take a new key: grow it first).
    func set(_ entry: AnyServiceEntry) -> Bool {
        let (found, free, end) = probe(entry.key)
        guard let index = found ?? free ?? ((used + 1) * 2 <= capacity ? end : nil) else { return false }
        if found == nil && free == nil { used += 1 }
        slot(index).store(Self.bits(entry), ordering: .releasing)
        return true
    }

    /// Marks `key`'s slot removed; nothing happens when the key has none.
    func remove(_ key: ServiceKey) {
        guard let found = probe(key).found else { return }
        slot(found).store(Self.tombstone, ordering: .releasing)
    }

    /// For a writer: the slot holding `key`, the first tombstone on its probe, and the empty
    /// slot that ended the probe.
    private func probe(_ key: ServiceKey) -> (found: Int?, free: Int?, end: Int) {
        let mask = capacity &- 1
        var index = home(key.type, key.name)
        var free: Int?
        while true {
            let bits = slot(index).load(ordering: .relaxed)
            if bits == Self.empty { return (nil, free, index) }
            if bits == Self.tombstone {
                if free == nil { free = index }
            } else if let pointer = UnsafeRawPointer(bitPattern: bits),
                      Unmanaged<AnyServiceEntry>.fromOpaque(pointer).takeUnretainedValue().key == key {
                return (index, free, index)
            }
            index = (index &+ 1) & mask
        }
    }

    private static func bits(_ entry: AnyServiceEntry) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(entry).toOpaque())
    }
}
