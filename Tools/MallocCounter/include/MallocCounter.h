#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stdint.h>

/// Bytes requested from malloc, calloc, realloc and the aligned allocators since the process started.
uint64_t malloc_counter_bytes(void);

/// Number of allocation calls since the process started.
uint64_t malloc_counter_calls(void);

#endif
