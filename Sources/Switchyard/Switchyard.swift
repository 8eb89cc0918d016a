// One `import Switchyard` gives feature code every public layer of Switchyard but `@Route`; an
// app that needs one layer alone depends on that product instead (see the README's product
// table). `@Route` is the `SwitchyardTypedRoutes` product, opt-in: its compiler plugin builds
// swift-syntax, which an app that does not declare typed routes with the macro never pays for.
@_exported import SwitchyardPatterns
@_exported import SwitchyardRouting
@_exported import SwitchyardServices
@_exported import SwitchyardNavigation
@_exported import SwitchyardMediator
@_exported import SwitchyardPipeline
@_exported import SwitchyardManifest
@_exported import SwitchyardApp
@_exported import SwitchyardBridge
