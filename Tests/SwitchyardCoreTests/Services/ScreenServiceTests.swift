import Switchyard
import Testing

// Seed 000: an SDK's contacts module declares typed screen services; the SDK registers its
// defaults; a customer's host app registers its own picker and from then on gets the calls.

struct Contact: Hashable, Sendable { let id: Int; let name: String }

/// The parameters of the contact picker, as Swift values rather than a dictionary.
struct ContactSelection: Sendable {
    var groupID: String?
    var selected: [Contact] = []
    var maxCount: Int
}

/// Declared in the contacts module's contract; callers depend on this, not on the module.
protocol ContactScreens: Sendable {
    @MainActor func list(groupID: String, onAction: @escaping @MainActor @Sendable (ScreenAction<Contact>) -> Void) -> Destination
    @MainActor func select(_ selection: ContactSelection, onAction: @escaping @MainActor @Sendable (ScreenAction<Contact>) -> Void) throws(ScreenParameterError) -> Destination
}

extension ContactSelection {
    /// The checks both implementations share: the contract says what a valid selection is.
    func validated(by service: String) throws(ScreenParameterError) -> ContactSelection {
        guard let groupID, !groupID.isEmpty else { throw ScreenParameterError(service: service, parameter: "groupID", reason: .missing) }
        guard maxCount > 0 else { throw ScreenParameterError(service: service, parameter: "maxCount", reason: .invalid("must be at least 1, got \(maxCount)")) }
        guard selected.count <= maxCount else {
            throw ScreenParameterError(service: service, parameter: "selected", reason: .invalid("\(selected.count) contacts exceed maxCount \(maxCount)"))
        }
        return self
    }
}

/// The SDK's default screens.
struct SDKContactScreens: ContactScreens {
    @MainActor func list(groupID: String, onAction: @escaping @MainActor @Sendable (ScreenAction<Contact>) -> Void) -> Destination {
        Destination("list", name: "SDKContactList(\(groupID))")
    }

    @MainActor func select(_ selection: ContactSelection, onAction: @escaping @MainActor @Sendable (ScreenAction<Contact>) -> Void) throws(ScreenParameterError) -> Destination {
        let valid = try selection.validated(by: "SDKContactScreens.select")
        return Destination("picker", name: "SDKPicker(\(valid.groupID ?? ""), max \(valid.maxCount))")
    }
}

/// The host app's picker: it reports what the user did through the same action callback.
struct HostContactScreens: ContactScreens {
    @MainActor func list(groupID: String, onAction: @escaping @MainActor @Sendable (ScreenAction<Contact>) -> Void) -> Destination {
        Destination("list", name: "HostContactList(\(groupID))")
    }

    @MainActor func select(_ selection: ContactSelection, onAction: @escaping @MainActor @Sendable (ScreenAction<Contact>) -> Void) throws(ScreenParameterError) -> Destination {
        let valid = try selection.validated(by: "HostContactScreens.select")
        // The host's picker confirms at once in this test.
        onAction(.pick(Array(valid.selected.prefix(valid.maxCount))))
        return Destination("picker", name: "HostPicker(\(valid.groupID ?? ""))")
    }
}

@Suite("Typed screen services")
@MainActor
struct ScreenServiceTests {
    let services = ServiceRegistry.quiet()
    let ann = Contact(id: 1, name: "Ann")

    init() throws {
        try services.register((any ContactScreens).self, instance: SDKContactScreens())
    }

    @Test func theModulesDefaultServesUntilTheHostOverridesIt() throws {
        #expect(try services.require((any ContactScreens).self).list(groupID: "g1") { _ in }.name == "SDKContactList(g1)")

        try services.register((any ContactScreens).self, instance: HostContactScreens())
        var actions: [ScreenAction<Contact>] = []
        let picker = try services.require((any ContactScreens).self).select(ContactSelection(groupID: "g1", selected: [ann], maxCount: 3)) {
            actions.append($0)
        }
        #expect(picker.name == "HostPicker(g1)")
        #expect(actions == [.pick([ann])])
    }

    @Test(arguments: [
        (ContactSelection(groupID: nil, maxCount: 1), ScreenParameterError(service: "SDKContactScreens.select", parameter: "groupID", reason: .missing)),
        (ContactSelection(groupID: "", maxCount: 1), ScreenParameterError(service: "SDKContactScreens.select", parameter: "groupID", reason: .missing)),
        (ContactSelection(groupID: "g", maxCount: 0), ScreenParameterError(service: "SDKContactScreens.select", parameter: "maxCount", reason: .invalid("must be at least 1, got 0"))),
        (ContactSelection(groupID: "g", selected: [Contact(id: 1, name: "A"), Contact(id: 2, name: "B")], maxCount: 1),
         ScreenParameterError(service: "SDKContactScreens.select", parameter: "selected", reason: .invalid("2 contacts exceed maxCount 1"))),
    ])
    func missingOrWrongParametersAreTypedErrors(selection: ContactSelection, expected: ScreenParameterError) throws {
        let screens = try services.require((any ContactScreens).self)
        #expect(throws: expected) { try screens.select(selection) { _ in } }
    }

    @Test func errorsReadWell() {
        #expect(ScreenParameterError(service: "Picker", parameter: "maxCount", reason: .invalid("must be at least 1")).description
            == "Picker: parameter \"maxCount\" is invalid: must be at least 1")
        #expect(ScreenParameterError(service: "Picker", parameter: "groupID", reason: .missing).description == "Picker: missing parameter \"groupID\"")
    }
}
