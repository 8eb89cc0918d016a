#import "LegacyLoginViewController.h"

@implementation LegacyLoginViewController {
    SWYRouter *_router;
}

- (instancetype)initWithRouter:(SWYRouter *)router {
    if ((self = [super initWithNibName:nil bundle:nil])) {
        _router = router;
        self.title = @"Sign in";
    }
    return self;
}

// The credentials were accepted: this page closes and the interrupted route opens.
- (void)userDidSignIn {
    [_router loginDoneWithCompletion:^(BOOL opened, NSError *_Nullable error) {
        if (error != nil) {
            NSLog(@"the interrupted route did not open: %@", error.localizedDescription);
        }
    }];
}

// The user closed the page: it goes, and the route is forgotten.
- (void)userDidCancel {
    [_router loginCancelledWithCompletion:nil];
}

@end
