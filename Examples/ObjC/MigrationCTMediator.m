// The Objective-C side of "Migrating from CTMediator": a category ported by changing its import
// and the class it extends, one that names a Swift target's module with CTMediator's constant,
// the shared mediator, calls by URL, and calls that say why they failed.
#import <UIKit/UIKit.h>
@import SwitchyardObjC;

@interface SWYMediator (Product)
- (UIViewController *)product_detailViewControllerWithID:(NSInteger)productID;
@end

@implementation SWYMediator (Product)
- (UIViewController *)product_detailViewControllerWithID:(NSInteger)productID {
    return [self performTarget:@"Product" action:@"detail" params:@{@"id": @(productID)} shouldCacheTarget:NO];
}
@end

@interface SWYMediator (Reviews)
- (UIViewController *)reviews_listViewControllerForProductID:(NSInteger)productID;
@end

@implementation SWYMediator (Reviews)
- (UIViewController *)reviews_listViewControllerForProductID:(NSInteger)productID {
    // Target_Reviews is a Swift class of the module ReviewsFeature: ReviewsFeature.Target_Reviews.
    return [self performTarget:@"Reviews" action:@"list"
                        params:@{@"productID": @(productID), kCTMediatorParamsKeySwiftTargetModuleName: @"ReviewsFeature"}
             shouldCacheTarget:NO];
}
@end

@interface MigrationCTMediator : NSObject
@end

@implementation MigrationCTMediator

- (void)setUpWithApp:(SWYApp *)app {
    // Once, at launch: categories, which call [SWYMediator sharedInstance], use the app's mediator.
    [SWYMediator setSharedInstance:app.mediator];
    UIViewController *page = [[SWYMediator sharedInstance] product_detailViewControllerWithID:42];
    NSLog(@"%@", page.title);
}

- (void)openRemoteCall {
    SWYMediator *mediator = [SWYMediator sharedInstance];
    mediator.remoteSchemes = [NSSet setWithObject:@"shop"];  // none by default: every URL is refused
    [mediator performActionWithUrl:[NSURL URLWithString:@"shop://Product/detail?id=42"] completion:^(NSDictionary *info) {
        id page = info[@"result"];                          // info is nil when the call was refused or failed (logged)
        if ([page isKindOfClass:[UIViewController class]]) {
            NSLog(@"%@", ((UIViewController *)page).title);
        }
    }];
    // An action named native… is not for URLs: @NO, as CTMediator answers, and no completion.
    NSNumber *refused = [mediator performActionWithUrl:[NSURL URLWithString:@"shop://Cart/nativeClear"] completion:nil];
    NSLog(@"%@", refused);
}

- (void)remoteCallSayingWhy {
    NSError *error = nil;
    // A repeated name keeps its last value, as in CTMediator: the action gets @{@"id": @"43"}.
    id page = [[SWYMediator sharedInstance] performActionWithUrl:[NSURL URLWithString:@"shop://Product/detail?id=42&id=43"]
                                                           error:&error];
    if (page == nil) {
        // A scheme not in remoteSchemes, not scheme://Target/action, a native… action, or the call's own error.
        NSLog(@"%@ (%@)", error.localizedDescription, error.userInfo[SWYErrors.codeNameKey]);
    }
}

- (void)callSayingWhy {
    NSError *error = nil;
    id page = [[SWYMediator sharedInstance] performTarget:@"Product" action:@"detail" params:@{@"id": @42}
                                        shouldCacheTarget:NO error:&error];
    if (page == nil) {
        // No class Target_Product; neither Action_detail: nor notFound:; a method of another shape; an exception…
        NSLog(@"%@ (%@)", error.localizedDescription, error.userInfo[SWYErrors.codeNameKey]);
    }
}

- (void)callSwiftTarget {
    // A Swift MediatorTarget, which the Objective-C runtime cannot see, through the Swift mediator.
    [[SWYMediator sharedInstance] performTarget:@"ProductFeature.Product" action:@"title" params:@{@"id": @42}
                                     completion:^(id title, NSError *error) {
        NSLog(@"%@", title ?: error.localizedDescription);
    }];
}

@end
