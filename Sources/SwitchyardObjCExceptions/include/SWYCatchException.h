// Runs a block and catches the Objective-C exception it raises: Swift cannot catch one, and an
// action that raises must become an NSError, not end the app. Empty where there is no
// Objective-C runtime (Linux), where nothing calls it.
#if defined(__OBJC__) && defined(__APPLE__)
#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// Runs `block`; returns the exception it raised, or nil.
NSException *_Nullable SWYCatchException(NS_NOESCAPE void (^block)(void));

NS_ASSUME_NONNULL_END
#endif
