import Foundation
import Switchyard
import SwitchyardSupport
import Testing

/// The table lookups read without a lock (`ServiceIndex`): it grows, takes registrations back
/// and replaces them, and a lookup always finds what is registered now.
@Suite("Service lookup index")
struct ServiceLookupIndexTests {
    /// 300 variants of one type, in a table that starts at 16 slots and doubles five times:
    /// after each registration every earlier one is still found, with its own instance.
    @Test func everyRegistrationIsFoundAcrossTheTableGrowing() throws {
        let services = ServiceRegistry.quiet()
        for index in 0..<300 {
            try services.register((any Clock).self, name: "c\(index)", instance: FixedClock(now: index))
            for earlier in 0...index where earlier.isMultiple(of: 7) || earlier == index {
                #expect(services.resolve((any Clock).self, name: "c\(earlier)")?.now == earlier)
            }
        }
        #expect(services.resolve((any Clock).self) == nil, "the type without a name is another key")
        #expect(try (0..<300).allSatisfy { try services.require((any Clock).self, name: "c\($0)").now == $0 })
    }

    /// Shared, made on first lookup: the second and later lookups take the lock-free path and
    /// return the same instance as the first.
    @Test func aSharedInstanceMadeOnFirstLookupIsTheOneLaterLookupsRead() throws {
        let services = ServiceRegistry.quiet()
        try services.register((any Analytics).self) { _ in ConsoleAnalytics() }
        try services.register((any Analytics).self, name: "other") { _ in ConsoleAnalytics() }
        let first = try #require(try services.require((any Analytics).self) as? ConsoleAnalytics)
        let second = try #require(services.resolve((any Analytics).self) as? ConsoleAnalytics)
        let named = try #require(try services.require((any Analytics).self, name: "other") as? ConsoleAnalytics)
        #expect(first.id == second.id)
        #expect(named.id != first.id)
    }

    /// A module that fails takes its registrations back: the lookup misses where nothing was
    /// registered before, finds the earlier registration where one was, and the same key can
    /// be registered again afterwards.
    @Test func registrationsTakenBackAreNotFoundAndTheirPlaceCanBeTakenAgain() throws {
        let services = ServiceRegistry.quiet()
        try services.register((any Clock).self, instance: FixedClock(now: 1))
        let journal = RegistrationJournal()
        try RegistrationJournal.$current.withValue(journal) {
            try services.register((any Clock).self, instance: FixedClock(now: 2))
            for index in 0..<40 { try services.register((any Clock).self, name: "m\(index)", instance: FixedClock(now: index)) }
        }
        #expect(services.resolve((any Clock).self)?.now == 2)
        #expect(services.resolve((any Clock).self, name: "m39")?.now == 39)

        journal.undo()
        #expect(services.resolve((any Clock).self)?.now == 1, "the earlier registration is back")
        #expect((0..<40).allSatisfy { services.resolve((any Clock).self, name: "m\($0)") == nil })
        #expect(throws: ServiceError.self) { try services.require((any Clock).self, name: "m0") }
        #expect(services.registrations.count == 1)

        try services.register((any Clock).self, name: "m0", instance: FixedClock(now: 100))
        #expect(services.resolve((any Clock).self, name: "m0")?.now == 100)
    }

    /// A lookup holds no reference to what it reads, so a replaced registration's instance is
    /// kept while the registry lives; once the registry is gone, so is the instance.
    @Test func aReplacedInstanceIsFreedWithTheRegistry() throws {
        weak var replaced: ConsoleAnalytics?
        do {
            let services = ServiceRegistry.quiet()
            try services.register((any Analytics).self) { _ in ConsoleAnalytics() }
            replaced = try services.require((any Analytics).self) as? ConsoleAnalytics
            try services.register((any Analytics).self) { _ in HostAnalytics() }
            #expect(try services.require((any Analytics).self) is HostAnalytics)
            #expect(replaced != nil, "kept while the registry lives: a lookup may be reading it")
        }
        #expect(replaced == nil)
    }
}
