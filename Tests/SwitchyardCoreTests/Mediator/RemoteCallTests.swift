import Foundation
import Switchyard
import Testing

@Suite("Mediator: remote calls by URL")
struct RemoteCallTests {
    static let secret = Data("remote-call-secret".utf8)

    func mediator(signed: Bool = false) throws -> Mediator {
        var configuration = MediatorConfiguration.quiet()
        configuration.remoteSchemes = ["MyApp"]
        configuration.remoteHosts = ["call"]
        configuration.aliases["openWeb"] = MediatorAlias(target: "Web", action: "webPage")
        if signed { configuration.signer = try LinkSigner(secret: Self.secret) }
        return Mediator(configuration: configuration)
    }

    @Test(arguments: [
        ("myapp://call/Product/detail?id=42", "product 42"),
        ("MYAPP://CALL/Product/detail?id=42&id=43", "product 42"),
        ("myapp://call/openWeb?url=https%3A%2F%2Fexample.com%2Fh5", "web https://example.com/h5"),
        ("myapp://call/Web/webPage?url=a+b", "web a b"),
    ])
    func aURLRunsTheSameActionAsALocalCall(url: String, expected: String) async throws {
        let mediator = try mediator()
        let result = await outcome { () async throws(MediatorError) in try await mediator.perform(url: url) }
        #expect(result == .success(expected))
    }

    @Test(arguments: [
        ("myapp://call/Web/clearCookies", MediatorError.localOnly(target: "Web", action: "clearCookies")),
        ("myapp://call/Product/price?id=1", .localOnly(target: "Product", action: "price")),
        ("evil://call/Product/detail?id=1", .schemeNotAccepted(url: "evil://call/Product/detail?id=1", scheme: "evil", accepted: ["myapp"])),
        ("https://call/Product/detail?id=1", .schemeNotAccepted(url: "https://call/Product/detail?id=1", scheme: "https", accepted: ["myapp"])),
        ("myapp://evil.example.com/Product/detail", .hostNotAccepted(url: "myapp://evil.example.com/Product/detail", host: "evil.example.com", accepted: ["call"])),
        // `myapp:` is a scheme with no host (RFC 3986): the host check refuses it.
        ("myapp:Product/detail", .hostNotAccepted(url: "myapp:Product/detail", host: "", accepted: ["call"])),
        ("myapp://call/Product", .malformedURL(url: "myapp://call/Product", reason: "expected /target/action or one of the aliases openWeb, got \"/Product\"")),
        ("myapp://call/a/b/c", .malformedURL(url: "myapp://call/a/b/c", reason: "expected /target/action or one of the aliases openWeb, got \"/a/b/c\"")),
        ("myapp://call/Product/detail?id=%zz", .malformedURL(url: "myapp://call/Product/detail?id=%zz", reason: "malformed URL \"myapp://call/Product/detail?id=%zz\" at offset 31: \"%\" must be followed by two hexadecimal digits")),
        ("myapp://call/Product/detail?id=abc", .invalidParameter(target: "Product", action: "detail", ParameterError(name: "id", reason: .invalid(value: "abc", expected: "Int")))),
        ("myapp://call/Ghost/open", .targetNotFound(target: "Ghost", action: "open", searched: ["SwitchyardCoreTests.Target_Ghost", "SwitchyardCoreTests.Ghost"])),
    ])
    func badRemoteCallsAreRefused(url: String, expected: MediatorError) async throws {
        let mediator = try mediator()
        let result = await outcome { () async throws(MediatorError) in try await mediator.perform(url: url) }
        #expect(result == .failure(expected))
    }

    @Test func remoteParametersAreStringsOnly() throws {
        let call = try mediator().remoteCall(for: "myapp://call/Product/detail?id=42&flag=yes")
        #expect(call.parameters["id"] as? String == "42")
        #expect(call.int("id") == 42)
        #expect(call.bool("flag") == true)
        #expect(call.isRemote)
    }

    @Test func signedMediatorsRefuseUnsignedAndAlteredLinksAndHideTheSignature() async throws {
        let mediator = try mediator(signed: true)
        let signer = try LinkSigner(secret: Self.secret)
        let signed = try signer.sign("myapp://call/Product/detail?id=5")
        let good = await outcome { () async throws(MediatorError) in try await mediator.perform(url: signed) }
        #expect(good == .success("product 5"))
        #expect(try mediator.remoteCall(for: signed).parameters.keys.sorted() == ["id"])

        let unsigned = "myapp://call/Product/detail?id=5"
        let refused = await outcome { () async throws(MediatorError) in try await mediator.perform(url: unsigned) }
        #expect(refused == .failure(.signature(url: unsigned, .unsigned(path: "myapp://call/Product/detail"))))

        let altered = signed.replacingOccurrences(of: "id=5", with: "id=6")
        let tampered = await outcome { () async throws(MediatorError) in try await mediator.perform(url: altered) }
        #expect(tampered == .failure(.signature(url: altered, .badSignature(path: "myapp://call/Product/detail"))))

        let otherKey = try LinkSigner(secret: Data("another key".utf8)).sign(unsigned)
        let foreign = await outcome { () async throws(MediatorError) in try await mediator.perform(url: otherKey) }
        #expect(foreign == .failure(.signature(url: otherKey, .badSignature(path: "myapp://call/Product/detail"))))
    }
}
