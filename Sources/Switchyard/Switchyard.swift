// One `import Switchyard` gives feature code every Switchyard module.
@_exported import SwitchyardCore
