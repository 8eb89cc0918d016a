// The Objective-C side of "Migrating from CTMediator": a category ported by changing its import
// and the class it extends, the shared mediator, calls by URL, and a call that says why it failed.
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
        UIViewController *page = info[@"result"];          // nil: refused, or the action returned nothing
        NSLog(@"%@", page.title);
    }];
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
