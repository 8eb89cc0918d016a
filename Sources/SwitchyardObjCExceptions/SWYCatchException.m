#include "SWYCatchException.h"

#if defined(__OBJC__) && defined(__APPLE__)
NSException *_Nullable SWYCatchException(NS_NOESCAPE void (^block)(void)) {
    @try {
        block();
        return nil;
    } @catch (NSException *exception) {
        return exception;
    }
}
#endif
