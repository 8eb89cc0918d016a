import Foundation
import SwitchyardObjCRules
import SwitchyardServices
import Testing

/// Stands for an `@objc protocol CartCounting` shared by both languages.
protocol CartCounting: AnyObject, Sendable {
    var count: Int { get }
}

/// Issue 37: BeeHive's services on the Swift registry, found from both sides.
@Suite("Objective-C services, BeeHive's way")
struct ObjCServicesTests {
    final class Counter: CartCounting, @unchecked Sendable {
        let count = 3
    }

    final class NotACounter: @unchecked Sendable {}

    @Test func beeHivesScopeRuleKeepsASingletonAndMakesTheRestAnew() {
        #expect(ObjCServices.scope(requested: nil, classSaysSingleton: true) == .shared)
        #expect(ObjCServices.scope(requested: nil, classSaysSingleton: false) == .transient)
        #expect(ObjCServices.scope(requested: .weak, classSaysSingleton: true) == .weak)
    }

    /// An Objective-C registration is what a Swift lookup of the protocol's type finds.
    @Test func swiftFindsAClassObjectiveCRegistered() throws {
        let registry = ServiceRegistry()
        try ObjCServices.register(className: "Counter", protocolName: "CartCounting", conforms: true, scope: .shared, in: registry) { Counter() }
        let counter = try registry.require((any CartCounting).self)
        #expect(counter.count == 3)
        #expect(registry.resolve((any CartCounting).self) === counter)
    }

    /// A Swift registration is what an Objective-C lookup by protocol name finds.
    @Test func objectiveCFindsAServiceSwiftRegistered() throws {
        let registry = ServiceRegistry()
        let counter = Counter()
        try registry.register((any CartCounting).self, instance: counter)
        let found = try ObjCServices.service(protocolName: "CartCounting", in: registry) { $0 is any CartCounting }
        #expect(found as AnyObject === counter)
        #expect(registry.isRegistered(named: "CartCounting"))
    }

    @Test func transientMakesOnePerLookupAndSharedOne() throws {
        let registry = ServiceRegistry()
        try ObjCServices.register(className: "Counter", protocolName: "Fresh", conforms: true, scope: .transient, in: registry) { Counter() }
        try ObjCServices.register(className: "Counter", protocolName: "Kept", conforms: true, scope: .shared, in: registry) { Counter() }
        #expect(try registry.require(named: "Fresh") as AnyObject !== registry.require(named: "Fresh") as AnyObject)
        #expect(try registry.require(named: "Kept") as AnyObject === registry.require(named: "Kept") as AnyObject)
    }

    /// A class that does not conform is refused, and nothing is registered.
    @Test func aClassThatDoesNotConformIsRefusedAndNothingIsRegistered() {
        let registry = ServiceRegistry()
        #expect(throws: ObjCCallError.serviceNotConforming(className: "NotACounter", protocolName: "CartCounting")) {
            try ObjCServices.register(className: "NotACounter", protocolName: "CartCounting", conforms: false, scope: .shared, in: registry) { NotACounter() }
        }
        #expect(!registry.isRegistered(named: "CartCounting"))
        #expect(registry.registrations.isEmpty)
    }

    /// What is registered under the name but does not adopt the protocol is refused at lookup,
    /// from either side.
    @Test func anInstanceThatDoesNotAdoptTheProtocolIsRefusedAtLookup() throws {
        let registry = ServiceRegistry()
        try ObjCServices.register(className: "NotACounter", protocolName: "CartCounting", conforms: true, scope: .shared, in: registry) { NotACounter() }
        #expect(throws: ObjCCallError.serviceNotConforming(className: "NotACounter", protocolName: "CartCounting")) {
            try ObjCServices.service(protocolName: "CartCounting", in: registry) { $0 is any CartCounting }
        }
        #expect(throws: ServiceError.factoryFailed(service: "CartCounting", reason: "what is registered under the name CartCounting is a NotACounter, not a CartCounting")) {
            try registry.require((any CartCounting).self)
        }
        #expect(registry.resolve((any CartCounting).self) == nil)
    }

    /// A class that makes no instance, no protocol, a missing service, a frozen registry: each named.
    @Test func everyOtherRefusalIsNamed() throws {
        let registry = ServiceRegistry()
        try ObjCServices.register(className: "Broken", protocolName: "Broken", conforms: true, scope: .transient, in: registry) { nil }
        #expect(throws: ServiceError.factoryFailed(service: "Broken", reason: "class Broken cannot serve Broken: making an instance returned nil")) {
            try registry.require(named: "Broken")
        }
        #expect(throws: ObjCCallError.serviceClassUnusable(className: "Counter", protocolName: "", reason: "no protocol was given")) {
            try ObjCServices.register(className: "Counter", protocolName: "", conforms: true, scope: .shared, in: registry) { Counter() }
        }
        #expect(throws: ServiceError.notRegistered(service: "Brokn", registered: ["Broken"], nearest: "Broken")) {
            try registry.require(named: "Brokn")
        }
        registry.freeze()
        #expect(throws: ServiceError.frozen(service: "Late")) {
            try ObjCServices.register(className: "Counter", protocolName: "Late", conforms: true, scope: .shared, in: registry) { Counter() }
        }
    }
}
