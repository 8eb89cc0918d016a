// The calls the DocC article "Calling Switchyard from Objective-C" quotes, each method whole:
// an app made in Objective-C, its router, mediator and services, and its errors.
#import <UIKit/UIKit.h>
@import SwitchyardObjC;
#import "ShopCartService.h"
#import "ShopModule.h"
#import "LegacyCartTools.h"
#import "LegacyOrderViewController.h"

@interface ShopObjCApp : NSObject
@property (nonatomic, strong) SWYApp *app;
@end

@implementation ShopObjCApp

- (void)start {
    self.app = [[SWYApp alloc] init];                      // a router, a mediator and services of its own
    [SWYMediator setSharedInstance:self.app.mediator];     // what CTMediator categories call
    NSError *error = nil;
    if (![self.app addModule:[[ShopModule alloc] init] error:&error]) {
        NSLog(@"%@", error.localizedDescription);          // an empty or taken name, or the app has started
    }
    // Every module registers now, on this thread: its routes and services exist when this returns.
    [self.app startWithCompletion:^(NSArray<NSError *> *failures) {
        // On the main queue, once every module has loaded.
        for (NSError *failure in failures) {
            NSLog(@"%@", failure.localizedDescription);    // the module, the step and why
        }
    }];
    // Delivered after the load, and before any event sent after it.
    [self.app sendEventNamed:@"didFinishLaunching" userInfo:nil completion:nil];
}

- (void)addToCart:(NSString *)cartID sku:(NSString *)sku {
    SWYRouter *router = self.app.router;
    NSError *error = nil;
    NSString *url = [router URLForPattern:@"shop://cart/:id/add/:sku" parameters:@{@"id": cartID, @"sku": sku, @"from": @"banner"} error:&error];
    if (url == nil) {
        NSLog(@"%@", error.localizedDescription);          // the pattern's mistake, or a value a URL cannot carry
        return;
    }
    // shop://cart/7/add/A1?from=banner
    [router callURL:url parameters:nil completion:^(id answer, NSError *callError) {
        if (answer != nil) {
            NSLog(@"the cart answered %@", answer);        // what the handler passed to [request answer:]
        } else {
            NSLog(@"%@", callError.localizedDescription);   // no route, an interceptor said no, no answer…
        }
    }];
    // The cart's page, pushed where the user is, as a Swift page is.
    [router openURL:[NSString stringWithFormat:@"shop://cart/%@", cartID] source:SWYRouteSourceInApp completion:nil];
}

- (void)callTargets {
    SWYMediator *mediator = self.app.mediator;
    // An Objective-C Target_Cart, at once, on this thread, as CTMediator calls it: nil says nothing.
    NSNumber *count = [mediator performTarget:@"Cart" action:@"itemCount" params:nil shouldCacheTarget:NO];
    // The same call, saying why it returned nothing.
    NSError *error = nil;
    id page = [mediator performTarget:@"Cart" action:@"viewController" params:@{@"id": @"7"} shouldCacheTarget:NO error:&error];
    if (page == nil) {
        NSLog(@"%@ (%@)", error.localizedDescription, error.userInfo[SWYErrors.codeNameKey]);
    }
    // A Swift target (or an Objective-C one) through the Swift mediator; the answer on the main queue.
    [mediator performTarget:@"ProductFeature.Product" action:@"title" params:@{@"id": @42} completion:^(id title, NSError *titleError) {
        NSLog(@"%@ items; %@", count, title ?: titleError.localizedDescription);
    }];
}

- (void)callMethodsByName {
    SWYMediator *mediator = self.app.mediator;
    NSError *error = nil;
    // Seed 001's performTarget:selectorName:Params:: a class method, on a class that adopts SWYCallableByName.
    NSNumber *added = [mediator callClassNamed:@"LegacyCartTools" selector:@"addSKU:quantity:" arguments:@[@"A1", @2] error:&error];
    if (added == nil) {
        NSLog(@"%@", error.localizedDescription);          // not opted in, no such method, an argument of another kind…
    }
    // performObject:selectorName:Params:: an instance method of an object of such a class.
    LegacyCartTools *tools = [[LegacyCartTools alloc] init];
    NSString *summary = [mediator callObject:tools selector:@"summaryWithCurrency:" arguments:@[@"EUR"] error:&error];
    NSLog(@"%@", summary ?: error.localizedDescription);
}

- (void)showOrder:(NSString *)orderID {
    NSError *error = nil;
    // Seed 001's transition by class name: made, given what it lists by KVC, pushed as a page is.
    UIViewController *order = [self.app.router showControllerNamed:@"LegacyOrderViewController"
                                                        parameters:@{@"orderID": orderID, @"quantity": @2}
                                                              mode:SWYShowModePush
                                                        completion:^(NSError *answerError, id result) {
        // What the screen answered, or SWYErrorCodeCancelled once it closed unanswered.
        NSLog(@"the order screen answered %@ %@", result, answerError.localizedDescription);
    } error:&error];
    if (order == nil) {
        NSLog(@"%@", error.localizedDescription);          // not opted in, a key it does not list, a value of another class…
    }
}

- (void)useServices {
    SWYServices *services = self.app.services;
    // As BeeHive's createService:, nil when nothing is registered for the protocol.
    id<ShopCartService> cart = [services createService:@protocol(ShopCartService)];
    [cart addItemWithSKU:@"sku-1" quantity:2];
    // The same lookup, saying why there is none.
    NSError *error = nil;
    id<ShopCartService> again = [services serviceForProtocol:@protocol(ShopCartService) error:&error];
    if (again == nil) {
        NSLog(@"%@", error.localizedDescription);          // not registered, not conforming, or its init raised or returned nil
    }
}

- (void)report:(NSError *)error {
    if (![error.domain isEqualToString:SWYErrors.domain]) {
        return;                                             // not Switchyard's: SwitchyardErrorDomain
    }
    switch ((SWYErrorCode)error.code) {
        case SWYErrorCodeNotFound:                          // 1: no route matches the URL
        case SWYErrorCodeRejected:                          // 3: an interceptor refused the open
            break;
        case SWYErrorCodeTargetNotFound:                    // 101: no Target_ class, no Swift target
        case SWYErrorCodeInvalidParameters:                 // 200: NSNull, a key not a string, over a limit
        case SWYErrorCodeMissingArgument:                   // 202: nil, or an event without its value
            break;
        case SWYErrorCodeOther: {                           // 900: the app's own error, kept underneath
            NSError *own = error.userInfo[NSUnderlyingErrorKey];
            NSLog(@"%@ %ld", own.domain, (long)own.code);
            break;
        }
        default:
            break;
    }
    // The code's stable name, as web pages and other apps get it: @"notFound", @"targetNotFound"…
    NSLog(@"%@: %@", error.userInfo[SWYErrors.codeNameKey], error.localizedDescription);
}

- (void)refused {
    // NSNull has no Swift value: the open fails before any interceptor or handler runs.
    [self.app.router openURL:@"shop://cart/7" parameters:@{@"coupon": [NSNull null]} source:SWYRouteSourceInApp completion:^(BOOL opened, NSError *error) {
        // opened is NO; error.code is SWYErrorCodeInvalidParameters, and its description
        // parameter "coupon": NSNull, which has no Swift value: leave the key out
        NSLog(@"%d %@", opened, error.localizedDescription);
    }];
    // A name that cannot be a class is refused before the runtime is asked.
    NSError *error = nil;
    [self.app.mediator performTarget:@"Cart/list" action:@"open" params:nil shouldCacheTarget:NO error:&error];
    // SWYErrorCodeInvalidTargetName: invalid target name "Cart/list" at offset 4:
    // "/" does not belong in a name: name the target and the action apart
    // An event without the value it is about is refused; no module hears it.
    [self.app sendEventNamed:@"openURL" userInfo:@{} completion:^(NSArray<NSError *> *failures) {
        // SWYErrorCodeMissingArgument: sendEventNamed:@"openURL" was given nil for userInfo[@"url"]
        NSLog(@"%@", failures.firstObject.localizedDescription);
    }];
}

@end
