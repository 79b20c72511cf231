//===- FloatContraction.cpp - Float multiplies and adds that may fuse -----===//

#include "tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEFLOATCONTRACTION
#include "tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;

namespace {

struct TileFloatContractionPass
    : tile::impl::TileFloatContractionBase<TileFloatContractionPass> {
  void runOnOperation() override {
    getOperation().walk([](arith::ArithFastMathInterface op) {
      // Ops built without flags carry no attribute at all.
      arith::FastMathFlagsAttr current = op.getFastMathFlagsAttr();
      arith::FastMathFlags flags =
          (current ? current.getValue() : arith::FastMathFlags::none) |
          arith::FastMathFlags::contract;
      op->setAttr(op.getFastMathAttrName(),
                  arith::FastMathFlagsAttr::get(op->getContext(), flags));
    });
  }
};

} // namespace
