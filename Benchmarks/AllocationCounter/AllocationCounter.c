#include "AllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>
#include <stddef.h>

// glibc's own allocator entry points: forwarding to them avoids dlsym(RTLD_NEXT), which itself allocates.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);

// Initial-exec TLS lives in the static TLS block, so reading it never allocates (or re-enters malloc).
static __thread uint64_t thread_allocations __attribute__((tls_model("initial-exec")));
static __thread uint64_t thread_frees __attribute__((tls_model("initial-exec")));
static uint64_t total_allocations;

static inline void count_allocation(void) {
    thread_allocations += 1;
    __atomic_fetch_add(&total_allocations, 1, __ATOMIC_RELAXED);
}

void *malloc(size_t size) {
    count_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_allocation();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    if (pointer != NULL) thread_frees += 1;
    __libc_free(pointer);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    count_allocation();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) return ENOMEM;
    *result = pointer;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

bool sightline_allocation_counter_is_supported(void) { return true; }
uint64_t sightline_allocation_counter_thread_allocations(void) { return thread_allocations; }
uint64_t sightline_allocation_counter_thread_frees(void) { return thread_frees; }
uint64_t sightline_allocation_counter_total_allocations(void) {
    return __atomic_load_n(&total_allocations, __ATOMIC_RELAXED);
}

#else

bool sightline_allocation_counter_is_supported(void) { return false; }
uint64_t sightline_allocation_counter_thread_allocations(void) { return 0; }
uint64_t sightline_allocation_counter_thread_frees(void) { return 0; }
uint64_t sightline_allocation_counter_total_allocations(void) { return 0; }

#endif
