// Counts every allocation of the process by interposing the C allocator: the
// executable that links this file defines malloc and friends, the dynamic
// linker binds every caller (Swift's runtime included) to them, and they
// forward to glibc's own entry points. Linked only into the benchmarks' executable
// (BenchmarksMain), never into a test bundle.
#include "MallocCounter.h"

#include <errno.h>
#include <stddef.h>
#include <stdatomic.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static _Atomic uint64_t allocated_bytes = 0;
static _Atomic uint64_t allocation_calls = 0;

static inline void count(size_t size) {
    atomic_fetch_add_explicit(&allocated_bytes, size, memory_order_relaxed);
    atomic_fetch_add_explicit(&allocation_calls, 1, memory_order_relaxed);
}

uint64_t malloc_counter_bytes(void) { return atomic_load_explicit(&allocated_bytes, memory_order_relaxed); }
uint64_t malloc_counter_calls(void) { return atomic_load_explicit(&allocation_calls, memory_order_relaxed); }

void *malloc(size_t size) {
    count(size);
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count(count_ * size);
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count(size);
    return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    count(size);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}
