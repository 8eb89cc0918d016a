// A legacy login page in Objective-C: it says "done" or "cancelled" and knows neither which
// route it interrupted nor where that opens (the app set the login up in Swift with
// requireLogin(for:loginPage:state:)).
#import <UIKit/UIKit.h>
@import SwitchyardObjC;

NS_ASSUME_NONNULL_BEGIN

@interface LegacyLoginViewController : UIViewController
- (instancetype)initWithRouter:(SWYRouter *)router NS_DESIGNATED_INITIALIZER;
- (instancetype)initWithNibName:(nullable NSString *)nibName bundle:(nullable NSBundle *)bundle NS_UNAVAILABLE;
- (instancetype)initWithCoder:(NSCoder *)coder NS_UNAVAILABLE;
- (void)userDidSignIn;
- (void)userDidCancel;
@end

NS_ASSUME_NONNULL_END
