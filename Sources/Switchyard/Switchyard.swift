// One `import Switchyard` gives feature code every public layer of Switchyard; an app that
// needs one layer alone depends on that product instead (see the README's product table).
@_exported import SwitchyardPatterns
@_exported import SwitchyardRouting
@_exported import SwitchyardServices
@_exported import SwitchyardNavigation
@_exported import SwitchyardMediator
@_exported import SwitchyardPipeline
@_exported import SwitchyardManifest
@_exported import SwitchyardApp
@_exported import SwitchyardTypedRoutes
@_exported import SwitchyardBridge
