// A legacy screen that in-app code makes by its class name (seed 001's
// transitionWithSource:Target:Params:TransitionMode:complete:): it opts in by adopting
// SWYRoutableController and lists the properties a caller may set.
#import <UIKit/UIKit.h>
@import SwitchyardObjC;

NS_ASSUME_NONNULL_BEGIN

@interface LegacyOrderViewController : UIViewController <SWYRoutableController>
@property (nonatomic, copy, nullable) NSString *orderID;
@property (nonatomic) NSInteger quantity;
@end

NS_ASSUME_NONNULL_END
