// sample: Sources/Switchyard/Switchyard.docc/MigratingFromURLNavigator.md #6 "navigator.matcher.valueConverters["regio"
import Switchyard

// The block is URLNavigator's code, the "before" of this guide: stand-ins with the signatures of
// URLNavigator 2's API, whose `Navigator` class hides Switchyard's protocol of that name here.
final class URLMatcher {
    typealias URLValueConverter = (_ pathComponents: [String], _ index: Int) -> Any?
    var valueConverters: [String: URLValueConverter] = [:]
}
final class Navigator { let matcher = URLMatcher() }
let navigator = Navigator()
// {{sample}}
