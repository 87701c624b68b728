#ifndef C_SWIFT_RUNTIME_H
#define C_SWIFT_RUNTIME_H

/// Retains the Swift object at `object` and returns it, unless its deinitialization has begun: then returns null
/// and leaves it as it was. The caller owns the retain it gets. `object` must point at a Swift object whose memory
/// is still allocated (an `unowned` reference keeps it so).
///
/// The Swift runtime's own `swift_tryRetain`, which Swift code cannot name: the compiler reserves the runtime's
/// symbols.
void *_Nullable c_swift_try_retain(void *_Nonnull object);

#endif
