#import <UIKit/UIKit.h>
#import "MigrationBeeHive.h"

@implementation TradeService

// BeeHive's rule, which SWYServiceScopeAutomatic keeps: YES, one instance for every caller.
+ (BOOL)singleton {
    return YES;
}

// BeeHive's too: with +singleton YES, the one instance is the one this returns.
+ (instancetype)shareInstance {
    static TradeService *shared;
    static dispatch_once_t once;
    dispatch_once(&once, ^{
        shared = [[TradeService alloc] init];
    });
    return shared;
}

- (NSArray<NSString *> *)openOrderNumbers {
    return @[@"A-1001"];
}

@end

@implementation TradeModule

- (NSString *)moduleName {
    return @"Trade";
}

- (NSInteger)modulePriority {
    return 100;
}

- (BOOL)registerInApp:(SWYApp *)app error:(NSError **)error {
    return [app.services registerService:@protocol(TradeServiceProtocol) implClass:[TradeService class] error:error];
}

- (BOOL)loadInApp:(SWYApp *)app error:(NSError **)error {
    id<TradeServiceProtocol> trade = [app.services createService:@protocol(TradeServiceProtocol)];
    NSLog(@"%lu open orders", (unsigned long)trade.openOrderNumbers.count);
    return YES;
}

- (void)handleEvent:(SWYAppEvent *)event inApp:(SWYApp *)app {
    if ([event.name isEqualToString:@"didEnterBackground"]) {
        NSLog(@"Trade saves its drafts");
    } else if ([event.name isEqualToString:@"userDidLogIn"]) {
        NSLog(@"Trade loads the orders of %@", event.userInfo[@"id"]);
    }
}

@end

@interface TradeAppDelegate : UIResponder <UIApplicationDelegate>
@property (nonatomic, strong) SWYApp *app;
@end

@implementation TradeAppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary<UIApplicationLaunchOptionsKey, id> *)launchOptions {
    self.app = [[SWYApp alloc] init];
    NSError *error = nil;
    if (![self.app addModules:@[[[TradeModule alloc] init]] error:&error]) {
        NSLog(@"%@", error.localizedDescription);
    }
    // As BeeHive: every module registers before this returns, on this thread; then they load.
    [self.app startWithCompletion:^(NSArray<NSError *> *failures) {
        NSLog(@"%lu module steps failed", (unsigned long)failures.count);
    }];
    // Waits for the load: modules hear events after it, one at a time, in the order sent.
    [self.app sendEventNamed:@"didFinishLaunching" userInfo:nil completion:nil];
    return YES;
}

- (BOOL)application:(UIApplication *)application openURL:(NSURL *)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options {
    [self.app sendEventNamed:@"openURL" userInfo:@{@"url": url} completion:nil];   // modOpenURL:
    return YES;
}

- (void)applicationDidEnterBackground:(UIApplication *)application {
    [self.app sendEventNamed:@"didEnterBackground" userInfo:nil completion:nil];
}

- (void)userDidLogIn:(NSString *)userID {
    [self.app sendEventNamed:@"userDidLogIn" userInfo:@{@"id": userID} completion:^(NSArray<NSError *> *failures) {
        NSLog(@"%lu modules failed the event", (unsigned long)failures.count);
    }];
}

- (void)registerWithScope {
    NSError *error = nil;
    // A new instance for every lookup, whatever +singleton says (or Shared, or Weak).
    if (![self.app.services registerService:@protocol(TradeServiceProtocol) implClass:[TradeService class]
                                      scope:SWYServiceScopeTransient error:&error]) {
        // Not conforming, nil, a frozen registry, or a protocol that has a service already
        // (TradeModule's, in this app: the first registration stays, as in BeeHive).
        NSLog(@"%@", error.localizedDescription);
    }
}

@end
