// sample: Sources/SwitchyardPipeline/Interceptors/CallbackInterceptor.swift #1 "let interceptor = CallbackInterceptor(na"
import Switchyard

struct ConsentDenied: Error {}
final class ConsentDialog: Sendable {
    func ask(_ reply: @escaping @Sendable (Bool) -> Void) { reply(true) }
}
let consentDialog = ConsentDialog()
// {{sample}}
