// The Objective-C side of "Migrating from JLRoutes": routes added in the app delegate, URLs
// routed from it, the parameters a handler reads, and a handler that answers its caller.
#import <UIKit/UIKit.h>
@import SwitchyardObjC;

NS_ASSUME_NONNULL_BEGIN

// The app's own classes, as the JLRoutes code used them.
@interface UserCoordinator : NSObject
- (void)showUserWithID:(NSString *)userID;
@end

@interface UserViewController : UIViewController
- (instancetype)initWithUserID:(NSString *)userID;
@end

@interface Cart : NSObject
@property (class, nonatomic, readonly) Cart *shared;
- (void)addSKU:(NSString *)sku;
@end

@interface RoutesAppDelegate : UIResponder <UIApplicationDelegate>
@property (nonatomic, strong) SWYApp *app;
@property (nonatomic, strong) UserCoordinator *coordinator;
@end

NS_ASSUME_NONNULL_END

@implementation RoutesAppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary<UIApplicationLaunchOptionsKey, id> *)launchOptions {
    self.app = [[SWYApp alloc] init];
    SWYRouter *router = self.app.router;
    UserCoordinator *coordinator = self.coordinator;
    NSError *error = nil;
    [router registerPattern:@"/user/view/:userID" handler:^(SWYRouteRequest *request) {
        [coordinator showUserWithID:request.parameters[@"userID"]];
    } error:&error];
    [router registerPattern:@"/cart/add/:sku" handler:^(SWYRouteRequest *request) {
        [Cart.shared addSKU:request.parameters[@"sku"]];
    } error:&error];
    return YES;
}

- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options {
    if (![self.app.router canOpenURL:url.absoluteString]) {
        return NO;
    }
    [self.app.router openURL:url.absoluteString source:SWYRouteSourceDeepLink completion:^(BOOL opened, NSError *error) {
        // opened is NO with no error when an interceptor handled the URL (a login page instead).
        if (error != nil) {
            NSLog(@"%@ (%@)", error.localizedDescription, error.userInfo[SWYErrors.codeNameKey]);
        }
    }];
    return YES;
}

- (void)parametersAndAnswers:(UIImage *)image {
    NSError *error = nil;
    [self.app.router registerPattern:@"/:object/:action/:primaryKey" handler:^(SWYRouteRequest *request) {
        NSString *primaryKey = request.parameters[@"primaryKey"];   // @"123"
        NSString *debug = request.parameters[@"debug"];             // @"true": query values are strings
        NSString *tag = request.parameters[@"tag"];                 // @"a", the first of a repeated key
        UIImage *avatar = request.parameters[@"avatar"];            // the object passed in, as itself
        NSLog(@"%@ %@ %@ %@ %@", request.url, request.pattern, debug, tag, avatar);   // JLRouteURLKey, JLRoutePatternKey
        [request answer:primaryKey];                                 // what the caller's completion gets
    } error:&error];
    [self.app.router callURL:@"myapp://post/edit/123?debug=true&tag=a&tag=b" parameters:@{@"avatar": image}
                  completion:^(id answer, NSError *callError) {
        NSLog(@"%@", answer ?: callError.localizedDescription);
    }];
}

- (void)userPage {
    NSError *error = nil;
    // A handler that pushed a screen becomes a page: the router shows what the block makes, in
    // the back stack, over its parents when a link opens it, and restores it with the window.
    SWYPageOptions *options = [[SWYPageOptions alloc] init];
    options.parents = @[@"/users"];
    [self.app.router registerPage:@"/user/view/:userID" options:options make:^UIViewController *(SWYRouteRequest *request) {
        NSString *userID = request.parameters[@"userID"];
        return userID.length > 0 ? [[UserViewController alloc] initWithUserID:userID] : nil;   // nil declines
    } error:&error];
}

- (void)buildAndRemove {
    NSError *error = nil;
    NSString *url = [self.app.router URLForPattern:@"myapp://user/view/:userID" parameters:@{@"userID": @"joel dev"} error:&error];
    // @"myapp://user/view/joel%20dev"; nil, with the error, for a pattern that does not parse or a missing value
    if (url != nil) {
        [self.app.router openURL:url];
    }
    [self.app.router unregisterPattern:@"/user/view/:userID"];   // JLRoutes' removeRoute:, for routes registered here
}

@end
