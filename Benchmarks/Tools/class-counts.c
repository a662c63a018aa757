// Counts the calls to Swift's retain and release functions on instances of one class, for
// per-object-counts.py's `--on-model` (issue 50): callgrind counts calls, not the objects they
// count on, and a count on an object every thread shares is what costs on many cores.
//
// Preloaded (LD_PRELOAD) into a program whose Swift runtime is a shared library; the class is
// given as the offset of its type metadata in the program (`nm`), COUNT_ISA_OFFSET in hex. The
// counts are printed to standard error at exit.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uintptr_t target;
static unsigned long retains, releases;
static void *(*real_retain)(void *);
static void (*real_release)(void *);
static void *(*real_retain_n)(void *, uint32_t);
static void (*real_release_n)(void *, uint32_t);

static int first_object(struct dl_phdr_info *info, size_t size, void *base) {
    (void)size;
    *(uintptr_t *)base = info->dlpi_addr;  // the program comes first
    return 1;
}

static void report(void) { fprintf(stderr, "class-counts: retains %lu releases %lu\n", retains, releases); }

// Resolved at the first call: other libraries' constructors retain before this one runs.
static void resolve(void) {
    if (real_retain) return;
    real_retain = (void *(*)(void *))dlsym(RTLD_NEXT, "swift_retain");
    real_release = (void (*)(void *))dlsym(RTLD_NEXT, "swift_release");
    real_retain_n = (void *(*)(void *, uint32_t))dlsym(RTLD_NEXT, "swift_retain_n");
    real_release_n = (void (*)(void *, uint32_t))dlsym(RTLD_NEXT, "swift_release_n");
}

__attribute__((constructor)) static void setup(void) {
    const char *offset = getenv("COUNT_ISA_OFFSET");
    uintptr_t base = 0;
    dl_iterate_phdr(first_object, &base);
    if (offset) target = base + strtoull(offset, 0, 16);
    atexit(report);
}

// Swift passes null and small tagged values to retain and release too: only real objects are read.
static int is_target(void *object) {
    resolve();
    return target && (intptr_t)object > 4096 && *(uintptr_t *)object == target;
}

void *swift_retain(void *object) {
    if (is_target(object)) __atomic_fetch_add(&retains, 1, __ATOMIC_RELAXED);
    return real_retain(object);
}

void swift_release(void *object) {
    if (is_target(object)) __atomic_fetch_add(&releases, 1, __ATOMIC_RELAXED);
    real_release(object);
}

void *swift_retain_n(void *object, uint32_t n) {
    if (is_target(object)) __atomic_fetch_add(&retains, n, __ATOMIC_RELAXED);
    return real_retain_n(object, n);
}

void swift_release_n(void *object, uint32_t n) {
    if (is_target(object)) __atomic_fetch_add(&releases, n, __ATOMIC_RELAXED);
    real_release_n(object, n);
}
