#include "include/SWYObjCCalls.h"

#if defined(__OBJC__) && defined(__APPLE__)
#import <objc/message.h>

SWYMediatorParameterKey const kCTMediatorParamsKeySwiftTargetModuleName = @"kCTMediatorParamsKeySwiftTargetModuleName";

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
static const char *SWYSkipQualifiers(const char *type) {
    while (*type != '\0' && strchr("rnNoORVA", *type) != NULL) {
        type++;
    }
    return type;
}

NSException *_Nullable SWYInvokeMethod(id target, SEL selector, NSArray *arguments, id _Nullable *_Nonnull result) {
    *result = nil;
    @try {
        NSMethodSignature *signature = [target methodSignatureForSelector:selector];
        if (signature == nil || signature.numberOfArguments != arguments.count + 2) {
            return [NSException exceptionWithName:NSInvalidArgumentException reason:@"the method's signature does not take these arguments" userInfo:nil];
        }
        NSInvocation *invocation = [NSInvocation invocationWithMethodSignature:signature];
        invocation.target = target;
        invocation.selector = selector;
        for (NSUInteger index = 0; index < arguments.count; index++) {
            id value = arguments[index];
            NSInteger at = (NSInteger)index + 2;
            switch (*SWYSkipQualifiers([signature getArgumentTypeAtIndex:(NSUInteger)at])) {
            case '@': { __unsafe_unretained id object = value; [invocation setArgument:&object atIndex:at]; break; }
            case 'c': { char number = [value charValue]; [invocation setArgument:&number atIndex:at]; break; }
            case 'B': { bool number = [value boolValue]; [invocation setArgument:&number atIndex:at]; break; }
            case 's': { short number = [value shortValue]; [invocation setArgument:&number atIndex:at]; break; }
            case 'i': { int number = [value intValue]; [invocation setArgument:&number atIndex:at]; break; }
            case 'l': { int32_t number = (int32_t)[value longLongValue]; [invocation setArgument:&number atIndex:at]; break; }
            case 'q': { long long number = [value longLongValue]; [invocation setArgument:&number atIndex:at]; break; }
            case 'C': { unsigned char number = [value unsignedCharValue]; [invocation setArgument:&number atIndex:at]; break; }
            case 'S': { unsigned short number = [value unsignedShortValue]; [invocation setArgument:&number atIndex:at]; break; }
            case 'I': { unsigned int number = [value unsignedIntValue]; [invocation setArgument:&number atIndex:at]; break; }
            case 'L': { uint32_t number = (uint32_t)[value unsignedLongLongValue]; [invocation setArgument:&number atIndex:at]; break; }
            case 'Q': { unsigned long long number = [value unsignedLongLongValue]; [invocation setArgument:&number atIndex:at]; break; }
            case 'f': { float number = [value floatValue]; [invocation setArgument:&number atIndex:at]; break; }
            case 'd': { double number = [value doubleValue]; [invocation setArgument:&number atIndex:at]; break; }
            default:
                return [NSException exceptionWithName:NSInvalidArgumentException reason:@"an argument of a kind a call by name cannot pass" userInfo:nil];
            }
        }
        [invocation invoke];
        switch (*SWYSkipQualifiers(signature.methodReturnType)) {
        case 'v': break;
        case '@': { __unsafe_unretained id object = nil; [invocation getReturnValue:&object]; *result = object; break; }
        case 'c': { char number = 0; [invocation getReturnValue:&number]; *result = @(number); break; }
        case 'B': { bool number = false; [invocation getReturnValue:&number]; *result = @(number); break; }
        case 's': { short number = 0; [invocation getReturnValue:&number]; *result = @(number); break; }
        case 'i': { int number = 0; [invocation getReturnValue:&number]; *result = @(number); break; }
        case 'l': { int32_t number = 0; [invocation getReturnValue:&number]; *result = @(number); break; }
        case 'q': { long long number = 0; [invocation getReturnValue:&number]; *result = @(number); break; }
        case 'C': { unsigned char number = 0; [invocation getReturnValue:&number]; *result = @(number); break; }
        case 'S': { unsigned short number = 0; [invocation getReturnValue:&number]; *result = @(number); break; }
        case 'I': { unsigned int number = 0; [invocation getReturnValue:&number]; *result = @(number); break; }
        case 'L': { uint32_t number = 0; [invocation getReturnValue:&number]; *result = @(number); break; }
        case 'Q': { unsigned long long number = 0; [invocation getReturnValue:&number]; *result = @(number); break; }
        case 'f': { float number = 0; [invocation getReturnValue:&number]; *result = @(number); break; }
        case 'd': { double number = 0; [invocation getReturnValue:&number]; *result = @(number); break; }
        default: break;
        }
        return nil;
    } @catch (id thrown) {
        *result = nil;
        return SWYException(thrown);
    }
}
NSException *_Nullable SWYSetValueForKey(id object, id value, NSString *key) {
    @try {
        [object setValue:value forKey:key];
        return nil;
    } @catch (id thrown) {
        return SWYException(thrown);
    }
}
#endif
