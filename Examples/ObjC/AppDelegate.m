// The app's delegate: makes the app, adds the Objective-C modules, starts them, and forwards
// the lifecycle and the links it is opened with.
#import <UIKit/UIKit.h>
@import SwitchyardObjC;
#import "ShopModule.h"

@interface AppDelegate : UIResponder <UIApplicationDelegate>
@property (nonatomic, strong) UIWindow *window;
@property (nonatomic, strong) SWYApp *app;
@end

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary<UIApplicationLaunchOptionsKey, id> *)launchOptions {
    self.app = [[SWYApp alloc] init];
    [SWYMediator setSharedInstance:self.app.mediator];

    NSError *error = nil;
    if (![self.app addModule:[[ShopModule alloc] init] error:&error]) {
        NSLog(@"module not added: %@", error.localizedDescription);
    }
    // Every module registers here, on the main thread, before this returns: the routes exist
    // for the link the app was launched with. Then the modules load.
    [self.app startWithCompletion:^(NSArray<NSError *> *failures) {
        for (NSError *failure in failures) {
            NSLog(@"%@ (%@)", failure.localizedDescription, failure.userInfo[SWYErrors.codeNameKey]);
        }
    }];
    // Waits for the modules to load; events reach them one at a time, in the order sent.
    [self.app sendEventNamed:@"didFinishLaunching" userInfo:nil completion:nil];
    return YES;
}

- (BOOL)application:(UIApplication *)application openURL:(NSURL *)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options {
    [self.app sendEventNamed:@"openURL" userInfo:@{@"url": url} completion:nil];   // an NSURL goes as its text
    if (![self.app.router canOpenURL:url.absoluteString]) {
        return NO;
    }
    [self.app.router openURL:url.absoluteString source:SWYRouteSourceDeepLink completion:^(BOOL opened, NSError *error) {
        if (error != nil && error.code == SWYErrorCodeNotFound) {
            NSLog(@"no route for %@", url);
        }
    }];
    return YES;
}

- (BOOL)application:(UIApplication *)application continueUserActivity:(NSUserActivity *)userActivity
    restorationHandler:(void (^)(NSArray<id<UIUserActivityRestoring>> *))restorationHandler {
    // activityType is required; webpageURL only when there is one (NSNull is refused).
    NSMutableDictionary *info = [NSMutableDictionary dictionaryWithObject:userActivity.activityType forKey:@"activityType"];
    if (userActivity.webpageURL != nil) {
        info[@"webpageURL"] = userActivity.webpageURL;
    }
    [self.app sendEventNamed:@"continueUserActivity" userInfo:info completion:^(NSArray<NSError *> *failures) {
        for (NSError *failure in failures) {
            NSLog(@"%@", failure.localizedDescription);    // a module that failed it, or the event refused
        }
    }];
    return YES;                                             // the modules handle it, as BeeHive's modContinueUserActivity:
}

- (void)applicationDidEnterBackground:(UIApplication *)application {
    [self.app sendEventNamed:@"didEnterBackground" userInfo:nil completion:nil];
}

@end
