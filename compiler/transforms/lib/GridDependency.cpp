//===- GridDependency.cpp - Kernels that wait for the grid before them ----===//

#include "tile/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEGRIDDEPENDENCY
#include "tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;

namespace {

struct TileGridDependencyPass
    : tile::impl::TileGridDependencyBase<TileGridDependencyPass> {
  void runOnOperation() override {
    getOperation().walk([](gpu::GPUFuncOp func) {
      if (!func.isKernel() || func.getBody().empty())
        return;
      auto builder = OpBuilder::atBlockBegin(&func.getBody().front());
      // The next grid may be launched at once: its own wait holds it until
      // this one has completed, which is after the grid before this one
      // has. Its programs are then resident by the time this grid ends.
      NVVM::GriddepcontrolOp::create(
          builder, func.getLoc(), NVVM::GridDepActionKind::launch_dependents);
      NVVM::GriddepcontrolOp::create(builder, func.getLoc(),
                                     NVVM::GridDepActionKind::wait);
    });
  }
};

} // namespace
