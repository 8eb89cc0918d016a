// A CTMediator target, exactly as written for CTMediator: SWYMediator finds and calls it
// through the Objective-C runtime without a change.
#import <UIKit/UIKit.h>

@interface Target_Cart : NSObject
- (UIViewController *)Action_viewController:(NSDictionary *)params;
- (NSInteger)Action_itemCount:(NSDictionary *)params;
- (void)Action_nativeClear:(NSDictionary *)params;
- (id)notFound:(NSDictionary *)params;
@end
