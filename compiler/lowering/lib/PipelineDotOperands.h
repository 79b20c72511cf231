//===- PipelineDotOperands.h - Operands copied ahead -----------*- C++ -*-===//
//
// Part of the layout assignment; not a public interface.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_PIPELINEDOTOPERANDS_H
#define TILE_CONVERSION_PIPELINEDOTOPERANDS_H

#include "tile/IR/TileOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tile {

/// Rewrites the loop around `dot`, a chained warpgroup product, so that its
/// operands come through shared memory stages filled by asynchronous copies
/// several iterations ahead, when they are loaded in the loop (`a` as
/// loaded, `b` as the transpose of a loaded NxK tile) at indices the loop
/// can compute ahead. Leaves every other dot as it is.
void pipelineDotOperands(DotOp dot, int64_t numWarps);

/// Rewrites `loop` so that its warpgroup products whose `a` is in registers
/// (attention's) read `b` from shared memory stages that the tensor copy
/// engine fills an iteration ahead, when every such product's `b` is a tile
/// the loop loads from a view parameter, at indices it can compute ahead,
/// and nothing else in the loop uses shared memory. Leaves the loop as it
/// is otherwise, and in a kernel's cp.async twin.
void pipelineRegisterDots(scf::ForOp loop, int64_t numWarps);

/// Whether pipelineRegisterDots can stage the `b` of `dot`, a warpgroup
/// product in a loop: what the layout assignment asks before it gives `a`
/// the layout of registers the products read.
bool canStageRegisterDotB(DotOp dot);

} // namespace mlir::tile

#endif // TILE_CONVERSION_PIPELINEDOTOPERANDS_H
