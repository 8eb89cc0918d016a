import Switchyard
import Testing

/// A redirect chain's stops are keyed as the route matched them, before an interceptor changed
/// the request: the request is changed in place, so the key is taken before the chain runs.
@Suite struct RedirectStopTests {
    @Test func aStopIsKeyedByTheValuesItMatchedNotTheOnesAnInterceptorGaveIt() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        try router.redirect("/a/:id", to: "/b/:id")
        try router.redirect("/b/:id", to: "/a/:id")
        // Changes /a/1's id to 2, so /a/1 redirects to /b/2, which comes back to /a/2.
        router.addInterceptor(Step(name: "renumber", only: "/a/1") { request in
            .proceedWith(RouteRequest(url: request.url, path: request.path, pattern: request.pattern, pathParameters: ["id": "2"],
                                      query: request.query, source: request.source))
        })
        let result = await router.open("/a/1")
        // /a/2 is a stop of its own (the first stop was /a/1, as matched): the loop is found when
        // /a/2 leads to /b/2 again. Keyed by the changed values, /a/2 would have passed for /a/1.
        #expect(result.outcome == .rejected(.redirectLoop(["/a/1", "/b/2", "/a/2", "/b/2"])))
    }
}
