//===- kernel.h - The tile kernel language ----------------------*- C++ -*-===//
//
// Include this to write kernels. tilecc compiles the kernels to GPU code;
// any C++20 compiler compiles the same source for host mode, where
// tile::host::launch runs each program of the grid on the CPU in turn.
// docs/kernel-language.md describes the language.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_H
#define TILE_KERNEL_H

#include "tile/kernel/assert.h"
#include "tile/kernel/atomic.h"
#include "tile/kernel/cast.h"
#include "tile/kernel/elementwise.h"
#include "tile/kernel/grid.h"
#include "tile/kernel/histogram.h"
#include "tile/kernel/host_launch.h"
#include "tile/kernel/math.h"
#include "tile/kernel/memory.h"
#include "tile/kernel/preconditions.h"
#include "tile/kernel/print.h"
#include "tile/kernel/rearrange.h"
#include "tile/kernel/scalar_types.h"
#include "tile/kernel/shape_ops.h"
#include "tile/kernel/sort.h"
#include "tile/kernel/tile.h"
#include "tile/kernel/unsafe.h"

/// Marks a function, or a function template, as a kernel that tilecc
/// compiles; put it before the return type:
/// `template <int N> TILE_KERNEL void f(tile::Piece<float, N> out);`
/// Other compilers ignore it.
#if defined(__clang__)
#define TILE_KERNEL [[clang::annotate("tile.kernel")]]
#else
#define TILE_KERNEL
#endif

/// Asks that a multiprocessor hold at least `blocks` programs of a kernel at
/// once (1 to 32), as CUDA's __launch_bounds__ does: ptxas then keeps the
/// kernel's registers within a `blocks`-th of the multiprocessor's, and may
/// recompute or spill values to get there. Memory-bound kernels whose
/// programs each hold a whole row gain from more rows in flight. Put it
/// after TILE_KERNEL: `TILE_KERNEL TILE_MIN_BLOCKS_PER_SM(8) void f(...)`.
/// Other compilers ignore it.
#if defined(__clang__)
#define TILE_MIN_BLOCKS_PER_SM(blocks)                                         \
  [[clang::annotate("tile.min_blocks_per_sm", blocks)]]
#else
#define TILE_MIN_BLOCKS_PER_SM(blocks)
#endif

/// Lets a program of a kernel run on up to `threads` threads (a power of
/// two from 32 to 1024; 128 when not given): the compiler spreads each tile
/// over as many of them as its largest tile fills. A kernel whose tiles
/// would take more registers than a thread has, with spills to local memory,
/// gains from more threads per program. Put it after TILE_KERNEL:
/// `TILE_KERNEL TILE_MAX_THREADS(256) void f(...)`. Other compilers ignore
/// it.
#if defined(__clang__)
#define TILE_MAX_THREADS(threads)                                              \
  [[clang::annotate("tile.max_threads", threads)]]
#else
#define TILE_MAX_THREADS(threads)
#endif

/// Runs the programs of a kernel in groups of `groups` consecutive positions
/// along grid axis 0 (1 to 64): each group's programs, over all of axis 1,
/// run before the next group's. Programs that share a block of rows or of
/// columns of a matrix product then run close together in time, while the
/// data they share is in L2. Without it, axis 0 runs fastest over the whole
/// grid. Programs are independent, so the order changes no result. Put it
/// after TILE_KERNEL. Other compilers ignore it.
#if defined(__clang__)
#define TILE_PROGRAM_GROUPS(groups)                                            \
  [[clang::annotate("tile.program_groups", groups)]]
#else
#define TILE_PROGRAM_GROUPS(groups)
#endif

/// Launches a kernel as `programs` programs per multiprocessor (1 to 32),
/// at most one per piece, each walking the pieces of the grid one after
/// another: program `i` of `n` runs the kernel's body for the pieces at
/// launch positions i, i + n, i + 2n, ... (in TILE_PROGRAM_GROUPS order
/// where the kernel has it). Each run of the body is the program of that
/// piece as it would run alone (program_id, num_programs and the pieces
/// are that piece's), so what the kernel computes does not change, only how
/// many programs the GPU starts. Put it after TILE_KERNEL. Other compilers
/// ignore it.
#if defined(__clang__)
#define TILE_PERSISTENT(programs)                                              \
  [[clang::annotate("tile.persistent", programs)]]
#else
#define TILE_PERSISTENT(programs)
#endif

/// Caps the shared-memory stages that the operand pipeline of a matrix
/// product loop may take at `stages` (3 to 8; 4 when not given): a step's
/// tiles are copied `stages - 2` steps ahead. The compiler takes fewer where
/// shared memory holds fewer. Put it after TILE_KERNEL; a template parameter
/// makes it tunable: `TILE_STAGES(S) TILE_TUNE(S, 3, 4, 6)`. Other
/// compilers ignore it.
#if defined(__clang__)
#define TILE_STAGES(stages) [[clang::annotate("tile.stages", stages)]]
#else
#define TILE_STAGES(stages)
#endif

/// Declares the values a tuner (tile-tune, docs/tuning.md) may try for the
/// integer template parameter `param` of a kernel template:
/// `TILE_TUNE(BM, 64, 128)`. With one TILE_TUNE per tunable parameter, the
/// configuration space is every combination of their values; each explicit
/// instantiation stays the configuration that builds without a tuning
/// record. Put it after TILE_KERNEL. Other compilers ignore it.
#if defined(__clang__)
#define TILE_TUNE(param, ...)                                                  \
  [[clang::annotate("tile.tune", #param, __VA_ARGS__)]]
#else
#define TILE_TUNE(param, ...)
#endif

#endif // TILE_KERNEL_H
