// sample: Sources/SwitchyardNavigation/SwitchyardNavigation.docc/RealScreens.md #1 "import Switchyard"
// {{sample}}
