//===- ProgramOrder.cpp - Programs run in groups of rows ------------------===//
//
// The launch runs blocks x fastest. With groups of G, launch index
// l = y * gx + x maps to the position
//   group = l / (G * gy), first = group * G, rows = min(gx - first, G),
//   within = l % (G * gy),
//   x' = first + within % rows, y' = within / rows,
// a bijection of the grid: the groups tile x, and each group's G * gy (or,
// in the last group, rows * gy) launch indices cover its rows x all of y.
//
//===----------------------------------------------------------------------===//

#include "tile/IR/TileDialect.h"
#include "tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEPROGRAMORDER
#include "tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;

namespace {

/// Replaces the block index of `func` along x and y by the grouped position.
void orderPrograms(gpu::GPUFuncOp func, int64_t groups) {
  llvm::SmallVector<gpu::BlockIdOp> uses;
  func.walk([&](gpu::BlockIdOp op) {
    if (op.getDimension() != gpu::Dimension::z)
      uses.push_back(op);
  });
  if (uses.empty())
    return;
  Location loc = func.getLoc();
  auto b = OpBuilder::atBlockBegin(&func.getBody().front());
  Value g = arith::ConstantIndexOp::create(b, loc, groups);
  Value x = gpu::BlockIdOp::create(b, loc, gpu::Dimension::x);
  Value y = gpu::BlockIdOp::create(b, loc, gpu::Dimension::y);
  Value gx = gpu::GridDimOp::create(b, loc, gpu::Dimension::x);
  Value gy = gpu::GridDimOp::create(b, loc, gpu::Dimension::y);
  Value launch =
      arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, y, gx), x);
  Value perGroup = arith::MulIOp::create(b, loc, g, gy);
  Value group = arith::DivUIOp::create(b, loc, launch, perGroup);
  Value first = arith::MulIOp::create(b, loc, group, g);
  Value rows = arith::MinUIOp::create(
      b, loc, arith::SubIOp::create(b, loc, gx, first), g);
  Value within = arith::RemUIOp::create(b, loc, launch, perGroup);
  Value row = arith::AddIOp::create(
      b, loc, first, arith::RemUIOp::create(b, loc, within, rows));
  Value column = arith::DivUIOp::create(b, loc, within, rows);
  for (gpu::BlockIdOp op : uses) {
    op.replaceAllUsesWith(op.getDimension() == gpu::Dimension::x ? row
                                                                 : column);
    op.erase();
  }
}

struct TileProgramOrderPass
    : tile::impl::TileProgramOrderBase<TileProgramOrderPass> {
  void runOnOperation() override {
    getOperation().walk([](gpu::GPUFuncOp func) {
      auto groups =
          func->getAttrOfType<IntegerAttr>(tile::kProgramGroupsAttrName);
      if (!groups)
        return;
      func->removeAttr(tile::kProgramGroupsAttrName);
      if (func.isKernel() && !func.getBody().empty() && groups.getInt() > 1)
        orderPrograms(func, groups.getInt());
    });
  }
};

} // namespace
