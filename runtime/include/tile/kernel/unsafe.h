//===- unsafe.h - Unsafe scopes and thread-level primitives -----*- C++ -*-===//
//
// What tilecc's safety analysis cannot prove is allowed only inside a marked
// unsafe scope: `TILE_UNSAFE("reason") { ... }`. The scope is visible in the
// source, and `tilecc --list-unsafe` reports each one with its reason.
// Everything outside it is still checked. docs/safety.md lists what an
// unsafe scope admits.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_UNSAFE_H
#define TILE_KERNEL_UNSAFE_H

/// Marks the compound statement that follows as an unsafe scope; `reason`,
/// a string literal, says why the code in it is safe:
/// `TILE_UNSAFE("rows are disjoint by the gather's contract") { ... }`
/// Other compilers than Clang ignore the marker (the scope stays a block).
#if defined(__clang__)
#define TILE_UNSAFE(reason) [[clang::annotate("tile.unsafe", reason)]]
#else
#define TILE_UNSAFE(reason)
#endif

/// Thread-level primitives. They break the single-threaded semantics of a
/// program (a program runs on many GPU threads), so tilecc accepts them only
/// inside an unsafe scope. Host mode runs a program on one thread.
namespace tile::unsafe {

/// This thread's index among the threads running the program.
inline int thread_id() { return 0; }

/// The number of threads running the program.
inline int num_threads() { return 1; }

/// A barrier among the threads running the program.
inline void sync_threads() {}

} // namespace tile::unsafe

#endif // TILE_KERNEL_UNSAFE_H
