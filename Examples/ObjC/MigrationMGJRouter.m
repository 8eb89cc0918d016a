// The Objective-C side of "Migrating from MGJRouter": block handlers, user info and an answer
// in place of the completion block, objects for a URL, and URLs built from patterns.
#import <UIKit/UIKit.h>
@import SwitchyardObjC;

NS_ASSUME_NONNULL_BEGIN

// The app's own classes, as the MGJRouter code used them.
@interface SearchCoordinator : NSObject
+ (void)showResultsFor:(NSString *)keyword color:(nullable NSString *)color;
@end

@interface SearchResultsViewController : UIViewController
- (instancetype)initWithKeyword:(NSString *)keyword color:(nullable NSString *)color;
@end

@interface AddressPicker : NSObject
+ (void)pickForOrder:(id)order done:(void (^)(NSString *_Nullable address))done;
@end

@interface MigrationMGJRouter : NSObject
@property (nonatomic, strong) SWYRouter *router;
@end

NS_ASSUME_NONNULL_END

@implementation MigrationMGJRouter

- (void)registerAndOpen {
    NSError *error = nil;
    BOOL registered = [self.router registerPattern:@"/search/:keyword" handler:^(SWYRouteRequest *request) {
        [SearchCoordinator showResultsFor:request.parameters[@"keyword"] color:request.parameters[@"color"]];
    } error:&error];
    if (!registered) {
        NSLog(@"%@", error.localizedDescription);   // the pattern, and the offset of what is wrong in it
    }
    [self.router openURL:@"mgj://search/bicycle?color=red"];
}

- (void)pickAddressForOrder:(id)order {
    NSError *error = nil;
    [self.router registerPattern:@"/address/pick" handler:^(SWYRouteRequest *request) {
        // The caller's objects are in the parameters; the caller waits until the request is answered.
        [AddressPicker pickForOrder:request.parameters[@"order"] done:^(NSString *address) {
            [request answer:address];   // nil (the user backed out) cancels the answer
        }];
    } error:&error];
    [self.router callURL:@"mgj://address/pick" parameters:@{@"order": order} completion:^(id address, NSError *callError) {
        NSLog(@"%@", address ?: callError.localizedDescription);   // SWYErrorCodeCancelled if never answered, or cancelled
    }];
}

- (void)objectForURL {
    NSError *error = nil;
    [self.router registerPattern:@"/search_top_bar" handler:^(SWYRouteRequest *request) {
        [request answer:[[UIView alloc] init]];
    } error:&error];
    [self.router callURL:@"mgj://search_top_bar" parameters:nil completion:^(id bar, NSError *callError) {
        if ([bar isKindOfClass:[UIView class]]) {
            NSLog(@"a bar: %@", bar);
        }
    }];
}

- (void)searchPage {
    NSError *error = nil;
    // The screen a handler pushed, as a page: the router shows it where a Swift page would go.
    SWYPageOptions *options = [[SWYPageOptions alloc] init];
    options.homeTab = @"search";   // one of the router's tabs, set in Swift
    [self.router registerPage:@"/search/:keyword" options:options make:^UIViewController *(SWYRouteRequest *request) {
        return [[SearchResultsViewController alloc] initWithKeyword:request.parameters[@"keyword"] color:request.parameters[@"color"]];
    } error:&error];
}

- (void)buildAndRemove {
    NSError *error = nil;
    NSString *url = [self.router URLForPattern:@"mgj://search/:keyword" parameters:@{@"keyword": @"Hang zhou", @"page": @2} error:&error];
    // @"mgj://search/Hang%20zhou?page=2": each value encoded so that it opens as the same text
    if ([self.router canOpenURL:url ?: @""]) {
        [self.router openURL:url ?: @""];
    }
    [self.router unregisterPattern:@"/search/:keyword"];   // MGJRouter's deregisterURLPattern:, for routes registered here
}

@end
