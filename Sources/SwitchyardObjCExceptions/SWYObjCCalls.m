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
NSException *_Nullable SWYCallBlock(id block, id _Nullable argument, BOOL returnsObject, id _Nullable *_Nonnull result) {
    *result = nil;
    @try {
        if (returnsObject) {
            *result = ((id (^)(id))block)(argument);
        } else {
            ((void (^)(id))block)(argument);
        }
        return nil;
    } @catch (id thrown) {
        *result = nil;
        return SWYException(thrown);
    }
}

NSException *_Nullable SWYSendErrorStep(id target, SEL selector, id argument, BOOL *_Nonnull succeeded, NSError *_Nullable *_Nonnull error) {
    *succeeded = NO;
    *error = nil;
    @try {
        NSError *set = nil;
        *succeeded = ((BOOL (*)(id, SEL, id, NSError **))objc_msgSend)(target, selector, argument, &set);
        *error = set;
        return nil;
    } @catch (id thrown) {
        *succeeded = NO;
        return SWYException(thrown);
    }
}

NSException *_Nullable SWYSendTwoObjects(id target, SEL selector, id first, id second) {
    @try {
        ((void (*)(id, SEL, id, id))objc_msgSend)(target, selector, first, second);
        return nil;
    } @catch (id thrown) {
        return SWYException(thrown);
    }
}
#endif
