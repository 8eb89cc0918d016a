import Foundation
import Switchyard
import Testing

@Suite("Requests")
struct RequestTests {
    enum Tab: String, RouteParameterValue, Decodable { case overview, reviews }

    func request(_ url: String, native: [String: any Sendable] = [:]) throws -> RouteRequest {
        try table(["/product/:id(/:tab)", "/items/:id"]).resolve(url, nativeParameters: native).request
    }

    @Test func typedAccessors() throws {
        let request = try request("/product/42/reviews?price=9.5&gift=yes&token=E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(request.int("id") == 42)
        #expect(request.string("tab") == "reviews")
        #expect(request.double("price") == 9.5)
        #expect(request.bool("gift") == true)
        #expect(request.uuid("token") == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(request.get("tab", as: Tab.self) == .reviews)
        #expect(request.int("tab") == nil)
        #expect(request.string("missing") == nil)
    }

    @Test("bool spellings", arguments: [
        ("true", true), ("YES", true), ("1", true), ("on", true),
        ("false", false), ("No", false), ("0", false), ("off", false),
    ])
    func bools(text: String, value: Bool) throws {
        #expect(try request("/items/1?b=\(text)").bool("b") == value)
    }

    @Test func throwingAccessorsSayWhatIsWrong() throws {
        let request = try request("/product/abc")
        #expect(throws: ParameterError(name: "id", reason: .invalid(value: "abc", expected: "Int"))) {
            try request.require("id", as: Int.self)
        }
        #expect(throws: ParameterError(name: "page", reason: .missing)) {
            try request.require("page", as: Int.self)
        }
        #expect(ParameterError(name: "id", reason: .invalid(value: "abc", expected: "Int")).description
            == #"parameter "id" is "abc", which is not a valid Int"#)
        #expect(ParameterError(name: "page", reason: .missing).description == #"missing parameter "page""#)
        #expect(try request.require("id", as: String.self) == "abc")
    }

    @Test func pathBeatsQueryBeatsNative() throws {
        let request = try request("/product/1?id=2&source=query", native: ["id": 3, "source": "native", "count": 5])
        #expect(request.string("id") == "1")
        #expect(request.int("id") == 1)
        #expect(request.string("source") == "query")
        #expect(request.int("count") == 5)
        #expect(request.string("count") == "5")
    }

    @Test func nativeParametersCarryAnySendableValue() throws {
        struct CartItem: Sendable, Equatable { let sku: String }
        let onDone: @Sendable (Int) -> Int = { $0 * 2 }
        let request = try request("/items/1", native: ["items": [CartItem(sku: "a")], "onDone": onDone])
        #expect(request.native("items", as: [CartItem].self) == [CartItem(sku: "a")])
        #expect(request.native("onDone", as: (@Sendable (Int) -> Int).self)?(21) == 42)
        #expect(request.string("items") == nil)
    }

    @Test func decodeIntoAStruct() throws {
        struct Filter: Decodable, Equatable {
            let id: Int
            let tags: [String]
            let page: Int?
            let tab: Tab?
            let exact: Bool
        }
        let filter = try request("/items/7?tags=a&tags=b&exact=1&tab=overview").decode(Filter.self)
        #expect(filter == Filter(id: 7, tags: ["a", "b"], page: nil, tab: .overview, exact: true))
    }

    @Test func decodeReportsTheBadParameter() throws {
        struct NeedsPage: Decodable, Equatable { let page: Int }
        #expect(try request("/items/7?page=2").decoded(NeedsPage.self) == NeedsPage(page: 2))
        #expect(try request("/items/7?page=two").decoded(NeedsPage.self) == nil)
        #expect(throws: ParameterError(name: "page", reason: .invalid(value: "two", expected: "Int"))) {
            try request("/items/7?page=two").decode(NeedsPage.self)
        }
        #expect(throws: ParameterError(name: "page", reason: .missing)) {
            try request("/items/7").decode(NeedsPage.self)
        }
    }

    @Test func parameterCollections() {
        var parameters: RouteParameters = ["a": "1", "b": "2"]
        #expect(parameters["a"] == "1")
        #expect(parameters.dictionary == ["a": "1", "b": "2"])
        parameters = RouteParameters([RouteParameter(name: "a", value: "1"), RouteParameter(name: "a", value: "2")])
        #expect(parameters.values(for: "a") == ["1", "2"])
        #expect(parameters.dictionary == ["a": "1"])
    }
}
