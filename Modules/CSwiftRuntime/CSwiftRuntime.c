// What Core needs of the Swift runtime that Swift does not spell: a retain that fails on an object being
// deinitialized, behind Core's `Weak`. The runtime exports it (swift/Runtime/HeapObject.h) with the C calling
// convention.
#include "CSwiftRuntime.h"

extern void *_Nullable swift_tryRetain(void *_Nonnull object);

void *_Nullable c_swift_try_retain(void *_Nonnull object) { return swift_tryRetain(object); }
