//===- AssignLayouts.h - A thread layout for every tile value ---*- C++ -*-===//

#ifndef TILE_CONVERSION_ASSIGNLAYOUTS_H
#define TILE_CONVERSION_ASSIGNLAYOUTS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::tile {

/// The attribute holding the number of warps a kernel's layouts use.
inline constexpr llvm::StringLiteral kNumWarpsAttrName = "tile.num_warps";

/// Gives every tile value of `kernel` a #tile.layout encoding, inserting
/// tile.convert_layout where an operand is needed in another layout, and
/// records the kernel's warp count. Memory accesses use the blocked layout
/// of 16-byte runs; reductions, broadcasts and permutations derive their
/// result layouts from their inputs so that they move no data. Fails with a
/// diagnostic on tiles whose dimensions are not powers of two. With
/// `warpgroupProducts` (sm_90a), dots that fit run as wgmma (WgmmaLayouts)
/// and are marked so; the others, and all without it, as mma.sync. A loop's
/// warpgroup accumulation over tiles it loads is pipelined: its operands are
/// copied into shared memory stages ahead of the products.
LogicalResult assignLayouts(func::FuncOp kernel, int64_t maxThreads,
                            bool warpgroupProducts = false);

} // namespace mlir::tile

#endif // TILE_CONVERSION_ASSIGNLAYOUTS_H
