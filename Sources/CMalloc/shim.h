#ifndef CMALLOC_SHIM_H
#define CMALLOC_SHIM_H
// glibc's allocator controls (malloc_trim), for the CLI only; other C libraries have none.
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif
#endif
