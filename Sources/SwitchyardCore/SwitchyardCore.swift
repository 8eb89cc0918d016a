// The module that held all of Switchyard before it was split into layers. Kept so that code
// written against `import SwitchyardCore` still builds; new code imports `Switchyard` or the
// layer it needs.
@_exported import Switchyard
