#include "include/SWYObjCCalls.h"

#if defined(__OBJC__) && defined(__APPLE__)
#import <objc/message.h>

static NSException *SWYException(id thrown) {
    if ([thrown isKindOfClass:[NSException class]]) {
        return thrown;
    }
    return [NSException exceptionWithName:@"SWYNonExceptionThrown" reason:[thrown description] ?: @"an object that is not an NSException" userInfo:nil];
}

NSException *_Nullable SWYMakeInstance(Class cls, id _Nullable *_Nonnull result) {
    *result = nil;
    @try {
        *result = [[cls alloc] init];
        return nil;
    } @catch (id thrown) {
        return SWYException(thrown);
    }
}

NSException *_Nullable SWYSendAction(id target, SEL selector, id argument, SWYReturnShape shape, id _Nullable *_Nonnull result) {
    *result = nil;
    @try {
        switch (shape) {
        case SWYReturnShapeObject:
            *result = ((id (*)(id, SEL, id))objc_msgSend)(target, selector, argument);
            break;
        case SWYReturnShapeVoid:
            ((void (*)(id, SEL, id))objc_msgSend)(target, selector, argument);
            break;
        case SWYReturnShapeBool:
            *result = @(((BOOL (*)(id, SEL, id))objc_msgSend)(target, selector, argument));
            break;
        case SWYReturnShapeInt16:
            *result = @(((int16_t (*)(id, SEL, id))objc_msgSend)(target, selector, argument));
            break;
        case SWYReturnShapeInt32:
            *result = @(((int32_t (*)(id, SEL, id))objc_msgSend)(target, selector, argument));
            break;
        case SWYReturnShapeInt64:
            *result = @(((int64_t (*)(id, SEL, id))objc_msgSend)(target, selector, argument));
            break;
        case SWYReturnShapeUInt8:
            *result = @(((uint8_t (*)(id, SEL, id))objc_msgSend)(target, selector, argument));
            break;
        case SWYReturnShapeUInt16:
            *result = @(((uint16_t (*)(id, SEL, id))objc_msgSend)(target, selector, argument));
            break;
        case SWYReturnShapeUInt32:
            *result = @(((uint32_t (*)(id, SEL, id))objc_msgSend)(target, selector, argument));
            break;
        case SWYReturnShapeUInt64:
            *result = @(((uint64_t (*)(id, SEL, id))objc_msgSend)(target, selector, argument));
            break;
        case SWYReturnShapeFloat:
            *result = @(((float (*)(id, SEL, id))objc_msgSend)(target, selector, argument));
            break;
        case SWYReturnShapeDouble:
            *result = @(((double (*)(id, SEL, id))objc_msgSend)(target, selector, argument));
            break;
        }
        return nil;
    } @catch (id thrown) {
        *result = nil;
        return SWYException(thrown);
    }
}

NSException *_Nullable SWYSendBoolClassMethod(Class cls, SEL selector, BOOL *_Nonnull result) {
    *result = NO;
    @try {
        *result = ((BOOL (*)(id, SEL))objc_msgSend)(cls, selector);
        return nil;
    } @catch (id thrown) {
        return SWYException(thrown);
    }
}

NSException *_Nullable SWYSendObjectClassMethod(Class cls, SEL selector, id _Nullable *_Nonnull result) {
    *result = nil;
    @try {
        *result = ((id (*)(id, SEL))objc_msgSend)(cls, selector);
        return nil;
    } @catch (id thrown) {
        return SWYException(thrown);
    }
}
#endif
