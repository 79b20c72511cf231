//===- PipelineDotOperands.cpp - Operands copied ahead into stages --------===//
//
// A loop's accumulation step `acc = dot(load(x, ...), permute(load(w, ...)),
// acc)` that runs as warpgroup products on sm_90a reads its operands from
// shared memory. Loaded into registers, they go through the threads first
// and every step waits for its loads; here they go there directly, by
// asynchronous copies started `ahead` iterations early into a ring of
// `ahead + 2` stages:
//
//   copies of iterations 0 .. ahead-1 into stages 0 .. ahead-1
//   for i:
//     tile.copy_wait (iteration i's copies are in; a barrier)
//     copies of iteration i + ahead into stage (i + ahead) % stages
//     acc = tile.staged_dot stage i % stages (products of i - 1 waited for)
//   tile.copy_wait {pending = 0}
//
// After the barrier of iteration i, every warpgroup has waited for the
// products of iteration i - 2, so the stage the copies overwrite is free:
// only iterations i - 1 .. i + ahead - 1 still use theirs. The copies past
// the loop's end read tiles past the tensor, zeros that no product reads.
//
//===----------------------------------------------------------------------===//

#include "PipelineDotOperands.h"
#include "TileToGPUPatterns.h"
#include "tile/Conversion/ThreadLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tile;

/// The most shared memory one program may have on sm_90 (227 KiB).
static constexpr int64_t kMaxSharedBytes = 227 * 1024;
/// Four stages: two iterations' copies in flight, the stage being
/// multiplied, and the one the previous iteration's products may still
/// read. Deeper rings were not measured.
static constexpr int64_t kMaxStages = 4;

/// The 2-D load of the loop body whose only user is `value`'s user, read
/// with zeros past the tensor; null if `value` is not one.
static LoadOp stageableLoad(Value value, scf::ForOp loop) {
  auto load = value.getDefiningOp<LoadOp>();
  if (!load || load->getParentOp() != loop || !load->hasOneUse() ||
      load.getType().getRank() != 2)
    return {};
  if (auto padding = load.getPaddingAttr())
    if (padding != Builder(load).getZeroAttr(padding.getType()))
      return {};
  return load;
}

/// Adds to `slice`, operands first, the ops of the loop body that compute
/// `value` from the induction variable and values from outside the loop.
/// False if one of them is not pure or reads another loop-carried value.
static bool collectIndexSlice(Value value, scf::ForOp loop,
                              llvm::SetVector<Operation *> &slice) {
  if (value == loop.getInductionVar() ||
      !loop.getRegion().isAncestor(value.getParentRegion()))
    return true;
  Operation *op = value.getDefiningOp();
  if (!op || op->getParentOp() != loop || !isPure(op) ||
      op->getNumRegions() != 0)
    return false;
  for (Value operand : op->getOperands())
    if (!collectIndexSlice(operand, loop, slice))
      return false;
  slice.insert(op);
  return true;
}

void mlir::tile::pipelineDotOperands(DotOp dot, int64_t numWarps) {
  auto loop = cast<scf::ForOp>(dot->getParentOp());
  LoadOp aLoad = stageableLoad(dot.getA(), loop);
  auto permute = dot.getB().getDefiningOp<PermuteOp>();
  if (!aLoad || !permute || permute->getParentOp() != loop ||
      !permute->hasOneUse() ||
      permute.getPermutation() != ArrayRef<int64_t>{1, 0})
    return;
  LoadOp bLoad = stageableLoad(permute.getInput(), loop);
  if (!bLoad)
    return;
  llvm::SetVector<Operation *> slice;
  for (Value index :
       llvm::concat<Value>(aLoad.getIndices(), bLoad.getIndices()))
    if (!collectIndexSlice(index, loop, slice))
      return;

  MLIRContext *context = dot.getContext();
  Type element = aLoad.getType().getElementType();
  ArrayRef<int64_t> aShape = aLoad.getType().getShape();
  ArrayRef<int64_t> bShape = bLoad.getType().getShape();
  int64_t stageBytes =
      StagesType::get(context, 1, aShape, element).getStageBytes() +
      StagesType::get(context, 1, bShape, element).getStageBytes();
  int64_t numStages = std::min(kMaxStages, kMaxSharedBytes / stageBytes);
  if (numStages < 3)
    return;
  int64_t ahead = numStages - 2;
  auto aType = StagesType::get(context, numStages, aShape, element);
  auto bType = StagesType::get(context, numStages, bShape, element);
  int64_t vectorWidth = kMaxAccessBytes / storageBytes(element);
  auto aLayout = blockedLayout(context, aShape, vectorWidth, numWarps);
  auto bLayout = blockedLayout(context, bShape, vectorWidth, numWarps);

  Location loc = dot.getLoc();
  OpBuilder builder(loop);
  Value aStages = SharedAllocOp::create(builder, loc, aType, 0);
  Value bStages = SharedAllocOp::create(builder, loc, bType, aType.getBytes());
  Value iv = loop.getInductionVar();
  Type ivType = iv.getType();
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(builder, loc,
                                     builder.getIntegerAttr(ivType, value));
  };
  auto toI32 = [&](Value value) -> Value {
    if (ivType.isIndex())
      return arith::IndexCastOp::create(builder, loc, builder.getI32Type(),
                                        value);
    if (ivType.getIntOrFloatBitWidth() > 32)
      return arith::TruncIOp::create(builder, loc, builder.getI32Type(), value);
    return value;
  };
  // The copies of the operands of the iteration whose induction variable
  // is `at`, into `stage`, as one group.
  auto copyOperands = [&](Value at, Value stage) {
    IRMapping mapping;
    mapping.map(iv, at);
    for (Operation *op : slice)
      builder.clone(*op, mapping);
    auto indices = [&](LoadOp load) {
      return llvm::map_to_vector(load.getIndices(), [&](Value index) {
        return mapping.lookupOrDefault(index);
      });
    };
    CopyAsyncOp::create(builder, loc, aLoad.getView(), indices(aLoad), aStages,
                        stage, aLayout);
    CopyAsyncOp::create(builder, loc, bLoad.getView(), indices(bLoad), bStages,
                        stage, bLayout);
    CopyCommitOp::create(builder, loc);
  };

  Value lower = loop.getLowerBound(), step = loop.getStep();
  for (int64_t iteration = 0; iteration < ahead; ++iteration)
    copyOperands(
        arith::AddIOp::create(
            builder, loc, lower,
            arith::MulIOp::create(builder, loc, step, constant(iteration))),
        constantI32(builder, loc, iteration));

  builder.setInsertionPoint(dot);
  Value iteration = arith::DivSIOp::create(
      builder, loc, arith::SubIOp::create(builder, loc, iv, lower), step);
  CopyWaitOp::create(builder, loc, ahead - 1);
  copyOperands(
      arith::AddIOp::create(
          builder, loc, iv,
          arith::MulIOp::create(builder, loc, step, constant(ahead))),
      toI32(arith::RemSIOp::create(
          builder, loc,
          arith::AddIOp::create(builder, loc, iteration, constant(ahead)),
          constant(numStages))));
  Value stage = toI32(
      arith::RemSIOp::create(builder, loc, iteration, constant(numStages)));
  auto staged = StagedDotOp::create(builder, loc, dot.getType(), aStages,
                                    bStages, stage, dot.getAcc());
  dot.replaceAllUsesWith(staged.getResult());
  dot.erase();
  permute.erase();
  aLoad.erase();
  bLoad.erase();

  builder.setInsertionPointAfter(loop);
  CopyWaitOp::create(builder, loc, 0);
}
