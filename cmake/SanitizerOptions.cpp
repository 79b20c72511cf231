//===- SanitizerOptions.cpp - The sanitizer runtimes' built-in defaults ---===//
//
// Compiled into every executable of a sanitizer build (TILE_SANITIZE,
// cmake/Sanitizers.cmake), so that a program behaves the same run by ctest,
// by lit, by the build (tilecc compiles the kernel library) or by hand, and
// a fuzzer's input reproduces under the settings it was found with.
// ASAN_OPTIONS, UBSAN_OPTIONS and TSAN_OPTIONS still override them.
//
//===----------------------------------------------------------------------===//

/// LLVM's and MLIR's libraries are linked as installed, without ASan: their
/// bump allocators hand out memory without unpoisoning it, while the same
/// allocators' inline code compiled into our programs poisons what it does
/// not hand out; so poisoning by hand is ignored, or MLIR's uniquing of a
/// location would read as a use of poisoned memory.
/// An allocation that cannot be made returns null, as glibc's does, rather
/// than ending the program with a report: the runtime turns it into an
/// error that says what was too large (host mode's device memory is the
/// C heap, and tests ask for KV caches no machine holds).
/// The fuzzers allocate and free a whole Clang AST or MLIR module per input:
/// a smaller quarantine of freed memory (ASan's default is 256 MiB) keeps it
/// in cache instead of touching fresh pages on every input. Elsewhere the
/// default stays, which finds uses after free further from the free.
extern "C" const char *__asan_default_options() {
#ifdef TILE_FUZZER
  return "allow_user_poisoning=0:allocator_may_return_null=1:"
         "quarantine_size_mb=16";
#else
  return "allow_user_poisoning=0:allocator_may_return_null=1";
#endif
}

/// A report names the whole stack that reached it, not only the line.
extern "C" const char *__ubsan_default_options() {
  return "print_stacktrace=1";
}

/// As under ASan, an allocation that cannot be made returns null.
extern "C" const char *__tsan_default_options() {
  return "allocator_may_return_null=1";
}

/// Host mode's matrix products run in OpenBLAS, linked as installed,
/// uninstrumented: its worker threads hand a product back through flags
/// they spin on, which TSan does not see, so their writes of the result
/// (through memset, which TSan intercepts) read as racing with the stream
/// that reads it once cblas_sgemm has returned. OpenBLAS names the parts of
/// its sgemm sgemm_*.
extern "C" const char *__tsan_default_suppressions() { return "race:sgemm_\n"; }
