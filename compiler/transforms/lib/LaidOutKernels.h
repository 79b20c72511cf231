//===- LaidOutKernels.h - Kernels that passes after layouts visit -*- C++
//-*-===//
//
// Not a public interface.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TRANSFORMS_LAIDOUTKERNELS_H
#define TILE_TRANSFORMS_LAIDOUTKERNELS_H

#include "tile/IR/TileDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {

/// Runs `body` on each tile kernel of `module` with its warp count. Fails at
/// the first kernel without layouts, with an error that `pass` needs them.
inline LogicalResult forEachLaidOutKernel(
    ModuleOp module, StringRef pass,
    function_ref<void(func::FuncOp kernel, int64_t numWarps)> body) {
  for (auto kernel : module.getOps<func::FuncOp>()) {
    if (!kernel->hasAttr("tile.kernel"))
      continue;
    auto numWarps = kernel->getAttrOfType<IntegerAttr>(kNumWarpsAttrName);
    if (!numWarps)
      return kernel.emitOpError("has no thread layouts; run "
                                "tile-assign-layouts before ")
             << pass;
    body(kernel, numWarps.getInt());
  }
  return success();
}

} // namespace mlir::tile

#endif // TILE_TRANSFORMS_LAIDOUTKERNELS_H
