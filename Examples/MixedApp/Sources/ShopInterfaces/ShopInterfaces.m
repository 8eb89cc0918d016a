// ShopInterfaces declares protocols only; SwiftPM builds a C-family target from at least one file.
#import "ShopInterfaces.h"
