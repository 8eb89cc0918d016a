/// The interceptors that ran in one open, in order, without a list of their own while they
/// all ran in one run of one chain, inline or on its worker (what almost every open does):
/// the chain's entries, which are kept anyway, and a bit for each that ran. The names become
/// a list when a redirect runs the chain again, past 64 entries, or when they are read.
struct InterceptorNames: Sendable {
    private enum Storage: Sendable {
        case marked(entries: [ChainEntry], ran: UInt64)
        case listed([String])
    }

    private var storage = Storage.listed([])

    init() {}

    /// The entries of one run of `entries` that ran: `bits` marks the first 64, `past64` lists
    /// the rest by index, ascending.
    init(ran bits: UInt64, past64: [Int], of entries: [ChainEntry]) {
        if past64.isEmpty {
            storage = bits == 0 ? .listed([]) : .marked(entries: entries, ran: bits)
        } else {
            storage = .listed(Self.names(marked: bits, of: entries) + past64.map { entries[$0].name })
        }
    }

    /// Starts a new run of a chain (a redirect's): what the last one marked becomes a list,
    /// so that the same entries running again are listed again, in order.
    mutating func beginChain() {
        if case .marked = storage { storage = .listed(names) }
    }

    /// Notes that entry `index` of `entries` ran, in the chain begun last.
    mutating func mark(_ index: Int, of entries: [ChainEntry]) {
        switch storage {
        case .listed(let names) where names.isEmpty && index < UInt64.bitWidth:
            storage = .marked(entries: entries, ran: 1 << UInt64(index))
        case .marked(let marked, let ran) where index < UInt64.bitWidth && Self.same(marked, entries):
            storage = .marked(entries: marked, ran: ran | 1 << UInt64(index))
        default:
            append(contentsOf: [entries[index].name])
        }
    }

    /// Adds names after those already noted.
    mutating func append(contentsOf more: [String]) {
        guard !more.isEmpty else { return }
        switch storage {
        case .listed(let names) where names.isEmpty: storage = .listed(more)
        default: storage = .listed(names + more)
        }
    }

    /// Adds what a chain's worker marked after what ran before it: marks on the same chain,
    /// all past the last one here, stay marks.
    mutating func append(_ later: InterceptorNames) {
        switch (storage, later.storage) {
        case (_, .listed(let names)):
            append(contentsOf: names)
        case (.listed(let names), .marked) where names.isEmpty:
            storage = later.storage
        case (.marked(let entries, let ran), .marked(let laterEntries, let laterRan))
            where Self.same(entries, laterEntries) && ran.leadingZeroBitCount >= UInt64.bitWidth - laterRan.trailingZeroBitCount:
            storage = .marked(entries: entries, ran: ran | laterRan)
        default:
            append(contentsOf: later.names)
        }
    }

    var names: [String] {
        switch storage {
        case .listed(let names):
            return names
        case .marked(let entries, let ran):
            return Self.names(marked: ran, of: entries)
        }
    }

    private static func names(marked ran: UInt64, of entries: [ChainEntry]) -> [String] {
        entries.indices.filter { $0 < UInt64.bitWidth && ran & (1 << UInt64($0)) != 0 }.map { entries[$0].name }
    }

    /// Whether two lists are one chain: the same storage, as each open sorts its chain once.
    private static func same(_ lhs: [ChainEntry], _ rhs: [ChainEntry]) -> Bool {
        lhs.count == rhs.count && lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress }
        }
    }
}
