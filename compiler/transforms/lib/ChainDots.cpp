//===- ChainDots.cpp - Products that run on into the next iteration -------===//

#include "LaidOutKernels.h"
#include "tile/IR/TileDialect.h"
#include "tile/IR/TileOps.h"
#include "tile/IR/WgmmaLayouts.h"
#include "tile/Transforms/Passes.h"
#include "tilegpu/IR/SharedMemory.h"
#include "tilegpu/IR/TileGPUOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILECHAINDOTS
#include "tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

/// Whether `dot` is the step of a loop's accumulation: directly in the body
/// of an scf.for, its accumulator is a loop-carried value that only it
/// uses, and its result is only yielded back as that value. Its products
/// may then run on into the next iteration, whose dot continues them.
static bool isChainedInLoop(DotOp dot) {
  auto loop = dyn_cast<scf::ForOp>(dot->getParentOp());
  if (!loop || !dot.getResult().hasOneUse())
    return false;
  OpOperand &use = *dot.getResult().getUses().begin();
  if (use.getOwner() != loop.getBody()->getTerminator())
    return false;
  Value carried = loop.getRegionIterArgs()[use.getOperandNumber()];
  return dot.getAcc() == carried && carried.hasOneUse();
}

/// Whether nothing but `dot` in the loop around it uses shared memory: its
/// products, still running, read their operands there while the rest of
/// the iteration runs.
static bool isLoopsOnlySharedMemoryUser(DotOp dot) {
  WalkResult walk = dot->getParentOp()->walk([&](Operation *op) {
    if (op != dot.getOperation() && sharedMemoryBytes(op) > 0)
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !walk.wasInterrupted();
}

/// Marks `dot` chained and reads the loop's result through a tilegpu.dot_wait.
static void chain(DotOp dot) {
  dot->setAttr(kWgmmaChainedAttrName, UnitAttr::get(dot.getContext()));
  auto loop = cast<scf::ForOp>(dot->getParentOp());
  OpOperand &use = *dot.getResult().getUses().begin();
  Value result = loop.getResult(use.getOperandNumber());
  OpBuilder builder(loop.getContext());
  builder.setInsertionPointAfter(loop);
  auto wait = DotWaitOp::create(builder, dot.getLoc(), result);
  result.replaceAllUsesExcept(wait.getResult(), wait);
}

namespace {

struct TileChainDotsPass : tile::impl::TileChainDotsBase<TileChainDotsPass> {
  void runOnOperation() override {
    auto chainDots = [](func::FuncOp kernel, int64_t) {
      // Every candidate first: chaining one changes no other's answer.
      SmallVector<DotOp> chained;
      kernel.walk([&](DotOp dot) {
        if (dot->hasAttr(kWgmmaAttrName) && isChainedInLoop(dot) &&
            isLoopsOnlySharedMemoryUser(dot))
          chained.push_back(dot);
      });
      for (DotOp dot : chained)
        chain(dot);
    };
    if (failed(forEachLaidOutKernel(getOperation(), getArgument(), chainDots)))
      signalPassFailure();
  }
};

} // namespace
