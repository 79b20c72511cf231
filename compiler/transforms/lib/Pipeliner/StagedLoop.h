//===- StagedLoop.h - Loops that read stages filled ahead -------*- C++ -*-===//
//
// What the two operand pipelines share (PipelineDotOperands.cpp and
// PipelineRegisterDots.cpp): the tiles a loop loads that can be staged, the
// ring of shared memory stages and its barriers, and the tensor maps the
// copy engine reads. Not a public interface.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TRANSFORMS_STAGEDLOOP_H
#define TILE_TRANSFORMS_STAGEDLOOP_H

#include "tile/IR/ThreadLayouts.h"
#include "tile/IR/TileOps.h"
#include "tilegpu/IR/TileGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tile {

/// The most shared memory one program may have on sm_90 (227 KiB).
inline constexpr int64_t kMaxSharedBytes = 227 * 1024;
/// Shared memory kept for the barriers of the copy engine's stages.
inline constexpr int64_t kBarrierBytes = 1024;

/// A matrix a product reads that its loop loads: a load of the loop body,
/// with zeros past the tensor, of extent 1 in every dimension but its last
/// (the matrix's columns) and one other (its rows), reshaped to the matrix
/// where it has more than two; each of one use.
struct LoadedTile {
  LoadOp load;
  ReshapeOp reshape;
  /// The view dimension the rows run along.
  int64_t rowDim = 0;
  /// Rows and columns.
  SmallVector<int64_t, 2> shape;

  static std::optional<LoadedTile> of(Value value, scf::ForOp loop) {
    auto inLoop = [&](Operation *op) {
      return op && op->getParentOp() == loop && op->hasOneUse();
    };
    LoadedTile tile;
    tile.reshape = value.getDefiningOp<ReshapeOp>();
    if (tile.reshape) {
      if (!inLoop(tile.reshape))
        return std::nullopt;
      value = tile.reshape.getInput();
    }
    tile.load = value.getDefiningOp<LoadOp>();
    if (!inLoop(tile.load))
      return std::nullopt;
    if (auto padding = tile.load.getPaddingAttr())
      if (padding != Builder(tile.load).getZeroAttr(padding.getType()))
        return std::nullopt;
    ArrayRef<int64_t> shape = tile.load.getType().getShape();
    int64_t rank = shape.size();
    if (rank < 2 || rank > tilegpu::kMaxTensorMapRank)
      return std::nullopt;
    tile.rowDim = rank - 2;
    for (int64_t d = 0; d < rank - 1; ++d)
      if (shape[d] != 1 && d != tile.rowDim) {
        if (shape[tile.rowDim] != 1)
          return std::nullopt;
        tile.rowDim = d;
      }
    tile.shape = {shape[tile.rowDim], shape[rank - 1]};
    return tile;
  }

  int64_t rank() { return load.getType().getRank(); }

  /// tilegpu.copy_tensor's `row_dim`: none for the dimension before the last.
  IntegerAttr rowDimAttr(Builder &builder) {
    return rowDim == rank() - 2 ? IntegerAttr()
                                : builder.getI64IntegerAttr(rowDim);
  }

  /// Stages of `count` of the tile.
  tilegpu::StagesType stages(int64_t count) {
    return tilegpu::StagesType::get(load.getContext(), count, shape,
                                    load.getType().getElementType());
  }

  /// Erases the reshape and the load, once their user is gone.
  void erase() {
    if (reshape)
      reshape.erase();
    load.erase();
  }
};

/// Adds to `slice`, operands first, the ops of the loop body that compute
/// `value` from the induction variable and values from outside the loop.
/// False if one of them is not pure or reads another loop-carried value.
bool collectIndexSlice(Value value, scf::ForOp loop,
                       llvm::SetVector<Operation *> &slice);

/// The `b` of a product, loaded in the loop: the transpose of a loaded NxK
/// tile (K-major), or a loaded KxN tile (N-major).
struct LoadedB {
  LoadedTile tile;
  PermuteOp permute;
  bool nMajor = true;

  static std::optional<LoadedB> of(Value b, scf::ForOp loop) {
    LoadedB operand;
    if ((operand.permute = b.getDefiningOp<PermuteOp>())) {
      if (operand.permute->getParentOp() != loop ||
          !operand.permute->hasOneUse() ||
          operand.permute.getPermutation() != ArrayRef<int64_t>{1, 0})
        return std::nullopt;
      operand.nMajor = false;
      b = operand.permute.getInput();
    }
    std::optional<LoadedTile> tile = LoadedTile::of(b, loop);
    if (!tile)
      return std::nullopt;
    operand.tile = *tile;
    return operand;
  }

  /// Erases the transpose, the reshape and the load, once the product is
  /// gone.
  void erase() {
    if (permute)
      permute.erase();
    tile.erase();
  }
};

/// A loop whose iterations read stages of shared memory filled `ahead`
/// iterations early, in a ring of `numStages`: the indices, stages and
/// barrier phases its copies and products use.
class StagedLoop {
protected:
  StagedLoop(scf::ForOp loop, Location loc, int64_t numStages, int64_t ahead)
      : loop(loop), builder(loop), loc(loc), numStages(numStages),
        ahead(ahead) {}

  /// Builds `body` under `condition`, then goes on after it.
  template <typename Body> void onlyIf(Value condition, Body body) {
    auto branch = scf::IfOp::create(builder, loc, TypeRange(), condition,
                                    /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(branch.thenBlock()->getTerminator());
    body();
  }

  Value constant(int64_t value) {
    return arith::ConstantOp::create(
        builder, loc,
        builder.getIntegerAttr(loop.getInductionVar().getType(), value));
  }
  Value addConstant(Value value, int64_t amount) {
    return arith::AddIOp::create(builder, loc, value, constant(amount));
  }
  Value toI32(Value value) {
    Type type = value.getType();
    if (type.isIndex())
      return arith::IndexCastOp::create(builder, loc, builder.getI32Type(),
                                        value);
    if (type.getIntOrFloatBitWidth() > 32)
      return arith::TruncIOp::create(builder, loc, builder.getI32Type(), value);
    return value;
  }
  /// The induction variable of iteration `iteration` (a constant).
  Value inductionAt(int64_t iteration) {
    return arith::AddIOp::create(builder, loc, loop.getLowerBound(),
                                 arith::MulIOp::create(builder, loc,
                                                       loop.getStep(),
                                                       constant(iteration)));
  }
  /// Whether the loop runs the iteration whose induction variable is `at`.
  Value runs(Value at) {
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, at,
                                 loop.getUpperBound());
  }
  /// The induction variable `ahead` iterations after this one.
  Value aheadInduction() {
    return arith::AddIOp::create(
        builder, loc, loop.getInductionVar(),
        arith::MulIOp::create(builder, loc, loop.getStep(), constant(ahead)));
  }
  /// The number of this iteration, from 0.
  Value currentIteration() {
    return arith::DivSIOp::create(builder, loc,
                                  arith::SubIOp::create(builder, loc,
                                                        loop.getInductionVar(),
                                                        loop.getLowerBound()),
                                  loop.getStep());
  }
  /// The stage (i32) of iteration number `iteration`.
  Value stageOf(Value iteration) {
    return toI32(
        arith::RemSIOp::create(builder, loc, iteration, constant(numStages)));
  }
  /// The parity (i32) of the barrier phase that iteration number
  /// `iteration` fills: its round of the ring.
  Value parityOf(Value iteration) {
    Value round =
        arith::DivSIOp::create(builder, loc, iteration, constant(numStages));
    return toI32(arith::AndIOp::create(builder, loc, round, constant(1)));
  }
  /// The parity to wait for on a stage's `empty` barrier before copying
  /// iteration number `iteration` into it: the release of its previous
  /// round (an unused stage's wait for phase parity 1 returns at once).
  Value releaseParityOf(Value iteration) {
    return arith::XOrIOp::create(builder, loc, parityOf(iteration),
                                 constantI32(builder, loc, 1));
  }

  /// The ring's `full` barriers (one thread's copies complete on them) and
  /// `empty` barriers (each of `numWarpgroups` warpgroups releases a stage
  /// on them), from `offset` bytes into the shared memory.
  std::pair<Value, Value> allocateBarriers(int64_t offset,
                                           int64_t numWarpgroups) {
    auto type = tilegpu::BarriersType::get(loop.getContext(), numStages);
    Value full = tilegpu::BarrierAllocOp::create(builder, loc, type, offset,
                                                 /*arrivals=*/1);
    Value empty = tilegpu::BarrierAllocOp::create(
        builder, loc, type, offset + type.getBytes(), int32_t(numWarpgroups));
    barriers = {full, empty};
    return {full, empty};
  }

  /// After the loop, once every copy was waited for: a barrier that lets
  /// what follows reuse the shared memory, after the ring's barriers, if
  /// it has them, are invalidated (so that they may be initialized again).
  void releaseStagesAfterLoop() {
    builder.setInsertionPointAfter(loop);
    tilegpu::CopyWaitOp::create(builder, loc, 0);
    for (Value ring : barriers)
      tilegpu::BarrierInvalOp::create(builder, loc, ring);
  }

  /// The copies `copy(at, stage)` of the iterations before the loop's
  /// `ahead` first, into stages 0 to ahead - 1: only those the loop runs
  /// (and so waits for; an unwaited copy could still write its stage when
  /// what follows the loop reuses the shared memory).
  template <typename Copy> void copyFirstIterations(Copy copy) {
    for (int64_t iteration = 0; iteration < ahead; ++iteration) {
      Value at = inductionAt(iteration);
      onlyIf(runs(at), [&] { copy(at, constantI32(builder, loc, iteration)); });
    }
  }

  /// The copies `copy(at, stage)` of the iteration `ahead` after iteration
  /// number `iteration`, if the loop runs it, by the copying thread once
  /// the stage's previous round is released on `empty`.
  template <typename Copy>
  void copyAheadOf(Value iteration, Value empty, Copy copy) {
    Value at = aheadInduction();
    onlyIf(runs(at), [&] {
      Value later = addConstant(iteration, ahead);
      Value laterStage = stageOf(later);
      tilegpu::BarrierWaitOp::create(builder, loc, empty, laterStage,
                                     releaseParityOf(later), /*copier=*/true);
      copy(at, laterStage);
    });
  }

  /// `indices`, computed by `slice` from the induction variable, for the
  /// iteration whose induction variable is `at`, recomputed at the
  /// builder's insertion point.
  SmallVector<Value> indicesAt(Value at, ArrayRef<Value> indices,
                               const llvm::SetVector<Operation *> &slice) {
    IRMapping mapping;
    mapping.map(loop.getInductionVar(), at);
    for (Operation *op : slice)
      builder.clone(*op, mapping);
    return llvm::map_to_vector(
        indices, [&](Value index) { return mapping.lookupOrDefault(index); });
  }

  scf::ForOp loop;
  OpBuilder builder;
  Location loc;
  int64_t numStages, ahead;
  /// The ring's barriers, once allocateBarriers made them.
  SmallVector<Value, 2> barriers;
};

/// The index of `view` among the kernel's parameters, if it is one.
std::optional<unsigned> kernelParameter(Value view, func::FuncOp kernel);

/// A new tensor map parameter of `kernel` for its parameter `view`, moving
/// tiles of `stages` whose rows run along the view's dimension `rowDim` and
/// columns along its last (of extent 1 in the view's other dimensions).
Value addTensorMap(func::FuncOp kernel, unsigned view,
                   tilegpu::StagesType stages, int64_t rowDim);

/// Whether the copy engine can fill stages of `stages`: boxes of at most
/// kMaxTensorMapBox rows, rows of at least 32 bytes (the narrowest
/// swizzle), as tilegpu.copy_tensor requires.
bool copyEngineFits(tilegpu::StagesType stages);

/// Whether tile-pipeline-register-dots can stage the `b` of `dot`, a
/// warpgroup product in a loop: what the layout assignment asks before it
/// gives `a` the layout of registers the products read.
bool canStageRegisterDotB(DotOp dot);

} // namespace mlir::tile

#endif // TILE_TRANSFORMS_STAGEDLOOP_H
