import SwitchyardRouting

/// The shared end of an answer: the first result wins; the caller waits on it.
typealias AnswerBox = Gate<Result<Answer, any Error>>
