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
    [self.app startWithCompletion:^(NSArray<NSError *> *failures) {
        for (NSError *failure in failures) {
            NSLog(@"%@ (%@)", failure.localizedDescription, failure.userInfo[SWYErrors.codeNameKey]);
        }
    }];
    [self.app sendEventNamed:@"didFinishLaunching" userInfo:nil completion:nil];
    return YES;
}

- (BOOL)application:(UIApplication *)application openURL:(NSURL *)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options {
    [self.app sendEventNamed:@"openURL" userInfo:@{@"url": url.absoluteString} completion:nil];
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

- (void)applicationDidEnterBackground:(UIApplication *)application {
    [self.app sendEventNamed:@"didEnterBackground" userInfo:nil completion:nil];
}

@end
