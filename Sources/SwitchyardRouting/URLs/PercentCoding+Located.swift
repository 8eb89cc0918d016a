import SwitchyardSupport

extension PercentCoding.Failure {
    /// Where the problem starts and how a malformed-URL error names it.
    var located: (offset: Int, reason: MalformedURLError.Reason) {
        switch self {
        case .invalidEscape(let offset): return (offset, .invalidPercentEscape)
        case .invalidUTF8(let offset): return (offset, .invalidUTF8)
        case .nul(let offset): return (offset, .controlCharacter(0))
        }
    }
}
