//===- PipelineDotOperands.h - Operands copied ahead -----------*- C++ -*-===//
//
// Part of the layout assignment; not a public interface.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_PIPELINEDOTOPERANDS_H
#define TILE_CONVERSION_PIPELINEDOTOPERANDS_H

#include "tile/IR/TileOps.h"

namespace mlir::tile {

/// Rewrites the loop around `dot`, a chained warpgroup product, so that its
/// operands come through shared memory stages filled by asynchronous copies
/// several iterations ahead, when they are loaded in the loop (`a` as
/// loaded, `b` as the transpose of a loaded NxK tile) at indices the loop
/// can compute ahead. Leaves every other dot as it is.
void pipelineDotOperands(DotOp dot, int64_t numWarps);

} // namespace mlir::tile

#endif // TILE_CONVERSION_PIPELINEDOTOPERANDS_H
