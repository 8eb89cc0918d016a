// sample: Sources/Switchyard/Switchyard.docc/NoteForARouterUsers.md #1 "router.addInterceptor(CallbackIntercepto"
import Switchyard

struct ConsentDenied: Error {}
enum ConsentDialog {
    static func ask(_ reply: @escaping @Sendable (Bool) -> Void) { reply(true) }
}
let router = Router()
// {{sample}}
