import Foundation
import Switchyard
import SwitchyardTesting
import Testing

/// Converters that make values, as URLNavigator's custom converters do, read with
/// `request.value(_:as:)`; and converter names that cannot be registered twice.
@Suite("Converters that make values")
struct ConvertingConverterTests {
    struct User: Sendable, Equatable {
        let id: Int
        let name: String
    }

    struct NoSuchUser: Error, CustomStringConvertible {
        let text: String
        var description: String { "no user \(text)" }
    }

    /// A directory the `user` converter reads; a test may remove a user after a match.
    static func routes(directory: Shared<[Int: User]>, fallback: Bool) throws -> RouteTable<String> {
        var configuration = RouterConfiguration.quiet
        try configuration.register(ParameterConverter(name: "greeting") { "Hello, \($0)!" })
        try configuration.register(ParameterConverter(name: "user") { text throws -> User in
            guard let id = Int(text), let user = directory.current[id] else { throw NoSuchUser(text: text) }
            return user
        })
        return try table(["/hello/<greeting:name>", "/user/<user:who>", "/item/<int:id>"] + (fallback ? ["/user/:other"] : []),
                         configuration: configuration)
    }

    static let ann = User(id: 1, name: "ann")

    /// URLNavigator's README example: a converter that greets.
    @Test func aConverterMakesAValueAndTheTextStays() throws {
        let match = try Self.routes(directory: Shared([:]), fallback: false).resolve("myapp://hello/devxoul")
        #expect(try match.request.value("name", as: String.self) == "Hello, devxoul!")
        #expect(match.request.string("name") == "devxoul")
    }

    @Test func anIdBecomesAModelAndAnUnknownIdDoesNotMatch() throws {
        let routes = try Self.routes(directory: Shared([1: Self.ann]), fallback: true)
        let match = try routes.resolve("/user/1")
        #expect(match.route.pattern == "/user/<user:who>")
        #expect(try match.request.value("who", as: User.self) == Self.ann)
        #expect(routes.winner("/user/9") == "/user/:other")
        #expect(routes.winner("/user/ann") == "/user/:other")
        let strict = try Self.routes(directory: Shared([1: Self.ann]), fallback: false)
        guard case .noMatch = strict.failure("/user/9") else {
            Issue.record("a refused conversion matched")
            return
        }
    }

    @Test func builtInConvertersGiveTheirTypes() throws {
        let match = try Self.routes(directory: Shared([:]), fallback: false).resolve("/item/42")
        #expect(try match.request.value("id", as: Int.self) == 42)
        #expect(throws: ParameterError(name: "id", reason: .invalid(value: "42", expected: "String"))) {
            try match.request.value("id", as: String.self)
        }
    }

    @Test func readingAValueThatIsMissingOfAnotherTypeOrNowRefusedIsAnExactError() throws {
        let directory = Shared([1: Self.ann])
        let match = try Self.routes(directory: directory, fallback: false).resolve("/user/1?q=1")
        #expect(throws: ParameterError(name: "q", reason: .missing)) { try match.request.value("q", as: String.self) }
        #expect(throws: ParameterError(name: "who", reason: .invalid(value: "1", expected: "Int"))) {
            try match.request.value("who", as: Int.self)
        }
        directory.withLock { $0[1] = nil }
        let refusal = ConversionRefusal(converter: "user", value: "1", reason: "no user 1")
        #expect(throws: ParameterError(name: "who", reason: .refused(refusal))) { try match.request.value("who", as: User.self) }
        #expect(ParameterError(name: "who", reason: .refused(refusal)).description == #"parameter "who": converter user refused "1": no user 1"#)
    }

    @Test(arguments: [
        ("int", true, #"converter "int" is registered twice: it is a built-in converter's name"#),
        ("sku", false, #"converter "sku" is registered twice: a converter of that name was registered before"#),
    ])
    func aConverterNameRegisteredTwiceIsRefusedAndChangesNothing(name: String, builtIn: Bool, message: String) throws {
        var configuration = RouterConfiguration()
        try configuration.register(ParameterConverter(name: "sku") { $0.count == 8 })
        let before = configuration.converters.keys.sorted()
        #expect(throws: ConfigurationError.converterRegisteredTwice(name: name, builtIn: builtIn)) {
            try configuration.register(ParameterConverter(name: name) { _ in true })
        }
        #expect(ConfigurationError.converterRegisteredTwice(name: name, builtIn: builtIn).description == message)
        #expect(configuration.converters.keys.sorted() == before)
        #expect(configuration.converters["sku"]?.accepts("12345678") == true && configuration.converters["sku"]?.accepts("1") == false)
    }
}
