//===- AsanOptions.cpp - ASan's defaults for the MLIR-linking fuzzers -----===//
//
// Linked into tile-frontend-fuzzer and tile-ir-fuzzer, whose inputs build
// MLIR (and for the frontend, Clang) data structures in libraries linked as
// installed, without ASan.
//
//===----------------------------------------------------------------------===//

/// ASan's defaults, built in so that an input reproduces under the settings
/// it was found with. Each input allocates and frees a whole Clang AST or
/// MLIR module: a smaller quarantine of freed memory (ASan's default is 256
/// MiB) keeps it in cache instead of touching fresh pages on every input.
/// LLVM's and MLIR's libraries are linked as installed, without ASan: their
/// bump allocators hand out memory without unpoisoning it, while the same
/// allocators' inline code compiled into the fuzzer poisons what it does
/// not hand out; so poisoning by hand is ignored, or MLIR's uniquing of a
/// location would read as a use of poisoned memory.
extern "C" const char *__asan_default_options() {
  return "quarantine_size_mb=16:allow_user_poisoning=0";
}
