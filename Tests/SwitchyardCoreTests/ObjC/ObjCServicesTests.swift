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

    /// Two modules' Swift types of one name: a lookup by that name names both, on every launch,
    /// instead of taking whichever the table yields first (issue 49).
    @Test func aNameTwoModulesShareIsAnErrorNamingBoth() throws {
        let registry = ServiceRegistry()
        try registry.register(Orders.Cart.self, instance: Orders.Cart())
        try registry.register(Checkout.Cart.self, instance: Checkout.Cart())
        let expected = ServiceError.ambiguousName(service: "Cart", types: ["SwitchyardCoreTests.Checkout.Cart", "SwitchyardCoreTests.Orders.Cart"])
        #expect(throws: expected) { try registry.require(named: "Cart") }
        #expect(throws: expected) { try ObjCServices.service(protocolName: "Cart", in: registry) { _ in true } }
        #expect(ObjCErrors.error(expected).code == ObjCErrorCode.serviceNameAmbiguous.rawValue)
        #expect(expected.description.hasPrefix("the service name Cart is ambiguous: it names SwitchyardCoreTests.Checkout.Cart and SwitchyardCoreTests.Orders.Cart"))
        // A Swift lookup by type still finds each.
        #expect(registry.resolve(Orders.Cart.self) != nil && registry.resolve(Checkout.Cart.self) != nil)
    }

    @Test func transientMakesOnePerLookupAndSharedOne() throws {
        let registry = ServiceRegistry()
        try ObjCServices.register(className: "Counter", protocolName: "Fresh", conforms: true, scope: .transient, in: registry) { Counter() }
        try ObjCServices.register(className: "Counter", protocolName: "Kept", conforms: true, scope: .shared, in: registry) { Counter() }
        #expect(try registry.require(named: "Fresh") as AnyObject !== registry.require(named: "Fresh") as AnyObject)
        #expect(try registry.require(named: "Kept") as AnyObject === registry.require(named: "Kept") as AnyObject)
    }

    /// BeeHive keeps a protocol's first registration: a second, from either language, is refused
    /// and changes nothing. When Swift registers over Objective-C, both sides get Swift's.
    @Test func aProtocolKeepsItsFirstRegistration() throws {
        let registry = ServiceRegistry()
        let first = Counter()
        try ObjCServices.register(className: "Counter", protocolName: "CartCounting", conforms: true, scope: .shared, in: registry) { first }
        #expect(throws: ObjCCallError.serviceAlreadyRegistered(protocolName: "CartCounting", className: "Other")) {
            try ObjCServices.register(className: "Other", protocolName: "CartCounting", conforms: true, scope: .shared, in: registry) { Counter() }
        }
        #expect(try registry.require(named: "CartCounting") as AnyObject === first)
        let swiftOne = Counter()
        try registry.register((any CartCounting).self, instance: swiftOne)
        #expect(try registry.require((any CartCounting).self) === swiftOne)
        #expect(try ObjCServices.service(protocolName: "CartCounting", in: registry) { $0 is any CartCounting } as AnyObject === swiftOne)
        // A Swift registration first: Objective-C's is refused.
        let other = ServiceRegistry()
        try other.register((any CartCounting).self, instance: Counter())
        #expect(throws: ObjCCallError.serviceAlreadyRegistered(protocolName: "CartCounting", className: "Counter")) {
            try ObjCServices.register(className: "Counter", protocolName: "CartCounting", conforms: true, scope: .shared, in: other) { Counter() }
        }
    }

    /// A Swift `@objc` protocol's runtime name is its mangling: read as the bare name both sides use.
    @Test(arguments: [
        ("_TtP4Shop12CartCounting_", "CartCounting"), ("CartCounting", "CartCounting"), ("_TtP4Shop_", "Shop"),
        ("_TtP4Sh_", "_TtP4Sh_"), ("_TtPx_", "_TtPx_"), ("_TtP0_", "_TtP0_"), ("_TtP9999999999999999999999Shop_", "_TtP9999999999999999999999Shop_"),
    ])
    func aSwiftProtocolsMangledNameIsItsBareName(runtimeName: String, name: String) {
        #expect(ObjCNames.serviceName(ofProtocol: runtimeName) == name)
    }

    @Test func aClassRegisteredForASwiftProtocolIsFoundBySwift() throws {
        let registry = ServiceRegistry()
        try ObjCServices.register(className: "Counter", protocolName: "_TtP4Shop12CartCounting_", conforms: true, scope: .shared, in: registry) { Counter() }
        #expect(try registry.require((any CartCounting).self).count == 3)
        #expect(ObjCServices.isRegistered(protocolName: "_TtP4Shop12CartCounting_", in: registry))
    }

    /// `.weak` keeps an Objective-C object while something holds it, as it does a Swift one.
    @Test func weakKeepsAnObjectiveCObjectWhileItIsHeld() throws {
        let registry = ServiceRegistry()
        try ObjCServices.register(className: "Counter", protocolName: "Held", conforms: true, scope: .weak, in: registry) { Counter() }
        let held = try registry.require(named: "Held") as AnyObject
        #expect(try registry.require(named: "Held") as AnyObject === held)
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
        #expect(throws: ServiceError.factoryFailed(service: "Broken", reason: "class Broken cannot serve Broken: init returned nil")) {
            try registry.require(named: "Broken")
        }
        #expect(throws: ObjCCallError.missingArgument(call: "registerService:implClass:", argument: "the protocol")) {
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

/// Two modules' types of one name, as `Orders.Cart` and `Checkout.Cart` stand for them.
enum Orders {
    struct Cart: Sendable {}
}

enum Checkout {
    struct Cart: Sendable {}
}
