import SwitchyardTools

SwitchyardCommand.main()
