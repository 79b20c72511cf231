//===- TileDialect.h - The tile dialect -------------------------*- C++ -*-===//

#ifndef TILE_IR_TILEDIALECT_H
#define TILE_IR_TILEDIALECT_H

#include "mlir/IR/Dialect.h"

#include "tile/IR/TileDialect.h.inc"

namespace mlir::tile {

/// On a kernel function: the programs a multiprocessor should hold at once
/// (an i64 from 1 to 32), from the source's TILE_MIN_BLOCKS_PER_SM. The
/// GPU lowering passes it to ptxas, which then keeps the kernel's registers
/// within the multiprocessor's share.
inline constexpr llvm::StringLiteral kMinBlocksPerSMAttrName =
    "tile.min_blocks_per_sm";

/// On a kernel function: the most threads a program may run on (an i64, a
/// power of two from 32 to 1024), from the source's TILE_MAX_THREADS. Layout
/// assignment takes it in place of its default limit.
inline constexpr llvm::StringLiteral kMaxThreadsAttrName = "tile.max_threads";

/// On a kernel function: the consecutive positions along grid axis 0 that
/// run as one group over all of axis 1 (an i64 from 1 to 64), from the
/// source's TILE_PROGRAM_GROUPS; the tile-program-order pass applies it.
inline constexpr llvm::StringLiteral kProgramGroupsAttrName =
    "tile.program_groups";

/// On a kernel function: the programs per multiprocessor that walk its
/// pieces (an i64 from 1 to 32), from the source's TILE_PERSISTENT. The
/// tile-persistent-programs pass makes each program run the kernel's body
/// for one piece after another; the runtime launches that many programs per
/// multiprocessor, at most one per piece.
inline constexpr llvm::StringLiteral kPersistentAttrName = "tile.persistent";

/// On a kernel function: the most shared-memory stages the operand pipeline
/// of a matrix product loop may take (an i64 from 3 to 8), from the source's
/// TILE_STAGES.
inline constexpr llvm::StringLiteral kStagesAttrName = "tile.stages";

/// On an instantiation of a kernel template with TILE_TUNE: its
/// configuration space, a dictionary of "template" (the template's
/// qualified name), "args" (the instantiation's template arguments as
/// source text) and "params" (per tunable parameter: "name", "index" among
/// the template's parameters and "values"). tilecc compiles the other
/// configurations of the space from it (docs/tuning.md).
inline constexpr llvm::StringLiteral kTuneAttrName = "tile.tune";

/// On a kernel function that tuning records replace on some GPUs: a
/// dictionary from each GPU's name to the C++ name of the kernel (another
/// configuration of the same template) that runs in its place there.
inline constexpr llvm::StringLiteral kTunedAttrName = "tile.tuned";

/// On a kernel function with TILE_REQUIRE: its launch preconditions, an
/// array of dictionaries of "text" (the condition as written) and "nodes"
/// (its expression, each node an array [op, type, operands...] as
/// tile::formats::PreconditionNode describes).
inline constexpr llvm::StringLiteral kPreconditionsAttrName =
    "tile.preconditions";

/// On a kernel function: the warps its thread layouts use (an i64), set by
/// tile-assign-layouts. A kernel without it has no layouts yet.
inline constexpr llvm::StringLiteral kNumWarpsAttrName = "tile.num_warps";

/// On a kernel whose stages the copy engine fills: its tensor map
/// parameters, the last ones, as an array of #tile.tensor_map (which view
/// each describes, its box and swizzle).
inline constexpr llvm::StringLiteral kTensorMapsAttrName = "tile.tensor_maps";

/// On a kernel's scalar argument of an unsigned C++ type (uint8_t ...
/// uint64_t): a unit attribute, so that the metadata names its type u8 ...
/// u64 while the argument's MLIR type stays signless.
inline constexpr llvm::StringLiteral kUnsignedArgAttrName = "tile.unsigned";

/// On a kernel that takes tensor maps: the name of its twin that copies
/// with cp.async, which the runtime launches where the copy engine cannot
/// read a view.
inline constexpr llvm::StringLiteral kFallbackEntryAttrName =
    "tile.fallback_entry";

/// On that twin: copy operands with cp.async only.
inline constexpr llvm::StringLiteral kCopiesOnlyAttrName = "tile.copies_only";

/// Bytes of a tensor map parameter, and their alignment.
inline constexpr int64_t kTensorMapBytes = 128, kTensorMapAlignment = 64;

} // namespace mlir::tile

#endif // TILE_IR_TILEDIALECT_H
