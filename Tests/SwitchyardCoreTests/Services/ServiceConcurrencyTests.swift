import Dispatch
import Foundation
import Switchyard
import SwitchyardSupport
import Testing

/// Stress tests; `.ci/run` also runs them under Thread Sanitizer (`--filter Concurrency`).
@Suite("Service registry concurrency")
struct ServiceConcurrencyTests {
    @Test func aSharedServiceIsMadeExactlyOnceWhenManyThreadsAskFirst() throws {
        for _ in 0..<50 {
            let services = ServiceRegistry.quiet()
            let made = Shared(0)
            try services.register((any Analytics).self) { _ in
                made.withLock { $0 += 1 }
                Thread.sleep(forTimeInterval: 0.0005)   // widen the window in which others arrive
                return ConsoleAnalytics()
            }
            let seen = Shared(Set<UUID>())
            DispatchQueue.concurrentPerform(iterations: 16) { _ in
                if let analytics = try? services.require((any Analytics).self) as? ConsoleAnalytics {
                    seen.withLock { _ = $0.insert(analytics.id) }
                }
            }
            #expect(made.current == 1)
            #expect(seen.current.count == 1)
        }
    }

    @Test func dependenciesMadeFromSeveralThreadsDoNotDeadlockOrDuplicate() throws {
        let services = ServiceRegistry.quiet()
        let clocks = Shared(0)
        try services.register((any Clock).self) { _ in
            clocks.withLock { $0 += 1 }
            return FixedClock(now: 3)
        }
        try services.register((any ServiceC).self, scope: .transient) { resolver in
            _ = try resolver.require((any Clock).self)
            return CImpl()
        }
        try services.register((any Payments).self) { resolver in
            NamedPayments(provider: "at \(try resolver.require((any Clock).self).now)")
        }
        let failures = Shared(0)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            do {
                if index.isMultiple(of: 2) {
                    _ = try services.require((any ServiceC).self)
                } else {
                    _ = try services.require((any Payments).self)
                }
            } catch {
                failures.withLock { $0 += 1 }
            }
        }
        #expect(failures.current == 0)
        #expect(clocks.current == 1)
    }

    @Test func registeringWhileOthersReadNeverLosesAService() throws {
        let services = ServiceRegistry.quiet()
        try services.register((any Clock).self, instance: FixedClock(now: 1))
        let misses = Shared(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<200 {
                if worker == 0 {
                    try? services.register((any Payments).self, name: "p\(round)", instance: NamedPayments(provider: "\(round)"))
                } else if services.resolve((any Clock).self)?.now != 1 {
                    misses.withLock { $0 += 1 }
                }
            }
        }
        #expect(misses.current == 0)
        #expect(services.registrations.count == 201)
    }

    /// Lookups read the table with no lock while one thread replaces the key they read, takes
    /// registrations back and grows the table: every read finds a registration that was there.
    @Test func replacingAndTakingBackWhileOthersReadNeverLosesOrTearsAService() throws {
        let services = ServiceRegistry.quiet()
        try services.register((any Clock).self, instance: FixedClock(now: 0))
        let wrong = Shared(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 1...300 {
                if worker == 0 {
                    try? services.register((any Clock).self, instance: FixedClock(now: round))
                    let journal = RegistrationJournal()
                    RegistrationJournal.$current.withValue(journal) {
                        try? services.register((any Clock).self, name: "t\(round)", instance: FixedClock(now: -round))
                    }
                    journal.undo()
                } else {
                    let now = services.resolve((any Clock).self)?.now ?? -1
                    let gone = services.resolve((any Clock).self, name: "t\(round)")
                    if now < 0 || now > 300 || (gone != nil && gone?.now != -round) { wrong.withLock { $0 += 1 } }
                }
            }
        }
        #expect(wrong.current == 0)
        #expect(services.resolve((any Clock).self)?.now == 300)
        #expect(services.registrations.count == 1)
    }
}
