//===- Sanitizers.h - Which sanitizer a test program runs under -*- C++ -*-===//
//
// TILE_TEST_ASAN and TILE_TEST_TSAN are 1 in a build with AddressSanitizer
// or ThreadSanitizer (TILE_SANITIZE, cmake/Sanitizers.cmake): for the tests
// that assert what only the sanitizer checks, and for those that cannot run
// under its runtime.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TEST_SANITIZERS_H
#define TILE_TEST_SANITIZERS_H

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TILE_TEST_ASAN 1
#endif
#if __has_feature(thread_sanitizer)
#define TILE_TEST_TSAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(TILE_TEST_ASAN)
#define TILE_TEST_ASAN 1
#endif
#if defined(__SANITIZE_THREAD__) && !defined(TILE_TEST_TSAN)
#define TILE_TEST_TSAN 1
#endif

#endif // TILE_TEST_SANITIZERS_H
