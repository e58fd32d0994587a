#ifndef SIGHTLINE_ALLOCATION_COUNTER_H
#define SIGHTLINE_ALLOCATION_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

/// Counts heap allocations for the ScanBenchmark runner.
///
/// On Linux with glibc this target defines `malloc`, `calloc`, `realloc`, `free`, `posix_memalign`,
/// `aligned_alloc` and `memalign` in the executable, which interposes them for every library in the process
/// (the Swift runtime included); each one bumps a counter and forwards to glibc's `__libc_*` entry point.
/// Elsewhere nothing is interposed and every count stays 0.
///
/// Link it only into an executable that wants it: it replaces the allocator entry points process-wide.

/// Whether allocations are counted on this platform.
bool sightline_allocation_counter_is_supported(void);

/// Allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) made by the calling thread so far.
uint64_t sightline_allocation_counter_thread_allocations(void);

/// Calls to free with a non-null pointer made by the calling thread so far.
uint64_t sightline_allocation_counter_thread_frees(void);

/// Allocations made by every thread so far.
uint64_t sightline_allocation_counter_total_allocations(void);

#endif
