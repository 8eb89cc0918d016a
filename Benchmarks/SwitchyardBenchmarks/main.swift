import MallocInterposerSwift
final class Box { var x = 0 }
MallocInterposerSwift.initialize()
MallocInterposerSwift.hook()
var boxes: [Box] = []
boxes.reserveCapacity(1000)
for _ in 0..<1000 { boxes.append(Box()) }
MallocInterposerSwift.unhook()
print(MallocInterposerSwift.getStatistics().mallocCount, boxes.count)
