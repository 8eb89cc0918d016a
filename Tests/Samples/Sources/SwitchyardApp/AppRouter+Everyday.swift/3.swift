// sample: Sources/SwitchyardApp/AppRouter+Everyday.swift #3 "try app.provide((any Session).self) { Me"
import Switchyard

protocol Session: Sendable {}
final class MemorySession: Session {}
let app = AppRouter(tabs: [])
// {{sample}}
