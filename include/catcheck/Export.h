// The export macro of the catcheck shared library: the library is built with hidden visibility, and only
// what is marked CATCHECK_API (the public API in include/catcheck/) is visible to programs that link it.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define CATCHECK_API __attribute__((visibility("default")))
#else
#define CATCHECK_API
#endif
