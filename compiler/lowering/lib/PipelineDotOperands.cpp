//===- PipelineDotOperands.cpp - Operands copied ahead into stages --------===//
//
// A loop's accumulation step `acc = dot(load(x, ...), permute(load(w, ...)),
// acc)` that runs as warpgroup products on sm_90a reads its operands from
// shared memory. Loaded into registers, they go through the threads first
// and every step waits for its loads; here they go there directly, by
// asynchronous copies started `ahead` iterations early into a ring of
// `ahead + 2` stages. Two kinds of copies fill the stages.
//
// The tensor copy engine (TMA), when both views are kernel parameters: the
// kernel then takes a tensor map of each. The runtime launches it where the
// copy engine can read the views, and otherwise the kernel's copy compiled
// with cp.async (its `tile.copies_only` twin). One thread starts the copies of
// an iteration; their bytes complete on the stage's `full` barrier, which the
// iteration waits on. Each warpgroup arrives at the stage's `empty` barrier
// once the products that read it are done, and the thread that copies into
// a stage waits for that (the others go on):
//
//   copies of iterations 0 .. ahead-1 into stages 0 .. ahead-1
//   for i:
//     wait full[i % stages]                 (phase i / stages)
//     acc = tile.staged_dot stage i % stages (products of i - 1 waited for)
//     if i > 0: arrive empty[(i - 1) % stages]
//     if i + ahead < n: the copying thread waits empty[(i + ahead) % stages],
//                       then starts its copies
//
// Otherwise every thread copies 16-byte runs with cp.async, in groups:
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
// (The copy engine's copies are only started for iterations the loop runs,
// since nothing after the loop waits for them.)
//
// Attention's loop is pipelined too (pipelineRegisterDots): its products
// read `a` from registers and only `b` from a ring of two stages, which the
// copy engine fills one iteration ahead. The products are waited for in the
// iteration, so each warpgroup releases the stage after the last of them.
//
//===----------------------------------------------------------------------===//

#include "PipelineDotOperands.h"
#include "TileToGPUPatterns.h"
#include "tile/Conversion/Passes.h"
#include "tile/Conversion/ThreadLayouts.h"
#include "tile/Conversion/WgmmaLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tile;

/// The most shared memory one program may have on sm_90 (227 KiB).
static constexpr int64_t kMaxSharedBytes = 227 * 1024;
/// Shared memory kept for the barriers of the copy engine's stages.
static constexpr int64_t kBarrierBytes = 1024;
/// Four stages unless the kernel says otherwise (TILE_STAGES): two
/// iterations' copies in flight, the stage being multiplied, and the one the
/// previous iteration's products may still read.
static constexpr int64_t kDefaultMaxStages = 4;

namespace {

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
    if (rank < 2 || rank > kMaxTensorMapRank)
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

  /// tile.copy_tensor's `row_dim`: none for the dimension before the last.
  IntegerAttr rowDimAttr(Builder &builder) {
    return rowDim == rank() - 2 ? IntegerAttr()
                                : builder.getI64IntegerAttr(rowDim);
  }

  /// Stages of `count` of the tile.
  StagesType stages(int64_t count) {
    return StagesType::get(load.getContext(), count, shape,
                           load.getType().getElementType());
  }

  /// Erases the reshape and the load, once their user is gone.
  void erase() {
    if (reshape)
      reshape.erase();
    load.erase();
  }
};

} // namespace

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

namespace {

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

/// The loads a stageable dot reads and what computes their indices.
struct StagedOperands {
  LoadedTile a;
  LoadedB b;
  llvm::SetVector<Operation *> slice;

  /// The operands of `dot` if it can be pipelined.
  static std::optional<StagedOperands> match(DotOp dot) {
    auto loop = cast<scf::ForOp>(dot->getParentOp());
    std::optional<LoadedTile> a = LoadedTile::of(dot.getA(), loop);
    std::optional<LoadedB> b = LoadedB::of(dot.getB(), loop);
    if (!a || !b)
      return std::nullopt;
    StagedOperands operands{*a, *b, {}};
    for (Value index :
         llvm::concat<Value>(a->load.getIndices(), b->tile.load.getIndices()))
      if (!collectIndexSlice(index, loop, operands.slice))
        return std::nullopt;
    return operands;
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
    auto type = BarriersType::get(loop.getContext(), numStages);
    Value full =
        BarrierAllocOp::create(builder, loc, type, offset, /*arrivals=*/1);
    Value empty = BarrierAllocOp::create(
        builder, loc, type, offset + type.getBytes(), int32_t(numWarpgroups));
    return {full, empty};
  }

  /// After the loop, once every copy was waited for: a barrier that lets
  /// what follows reuse the shared memory.
  void releaseStagesAfterLoop() {
    builder.setInsertionPointAfter(loop);
    CopyWaitOp::create(builder, loc, 0);
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
      BarrierWaitOp::create(builder, loc, empty, laterStage,
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
};

/// Builds one pipelined form of the loop around a dot.
class Pipeline : StagedLoop {
public:
  Pipeline(DotOp dot, StagedOperands operands, int64_t numStages)
      : StagedLoop(cast<scf::ForOp>(dot->getParentOp()), dot.getLoc(),
                   numStages, numStages - 2),
        dot(dot), operands(std::move(operands)) {
    aType = this->operands.a.stages(numStages);
    bType = this->operands.b.tile.stages(numStages);
    aIndices = llvm::to_vector(this->operands.a.load.getIndices());
    bIndices = llvm::to_vector(this->operands.b.tile.load.getIndices());
    aRowDim = this->operands.a.rowDimAttr(builder);
    bRowDim = this->operands.b.tile.rowDimAttr(builder);
  }

  /// Every thread copies runs of 16 bytes with cp.async.
  void withCopies(int64_t numWarps) {
    MLIRContext *context = dot.getContext();
    int64_t vectorWidth =
        kMaxAccessBytes / storageBytes(aType.getElementType());
    auto aLayout =
        blockedLayout(context, aType.getTileShape(), vectorWidth, numWarps);
    auto bLayout =
        blockedLayout(context, bType.getTileShape(), vectorWidth, numWarps);
    auto [aStages, bStages] = allocateStages();
    auto copyOperands = [&](Value at, Value stage) {
      auto [aIndices, bIndices] = indicesAt(at);
      CopyAsyncOp::create(builder, loc, operands.a.load.getView(), aIndices,
                          aStages, stage, aLayout);
      CopyAsyncOp::create(builder, loc, operands.b.tile.load.getView(),
                          bIndices, bStages, stage, bLayout);
      CopyCommitOp::create(builder, loc);
    };
    for (int64_t iteration = 0; iteration < ahead; ++iteration)
      copyOperands(inductionAt(iteration),
                   constantI32(builder, loc, iteration));

    builder.setInsertionPoint(dot);
    Value iteration = currentIteration();
    CopyWaitOp::create(builder, loc, ahead - 1);
    copyOperands(aheadInduction(), stageOf(addConstant(iteration, ahead)));
    replaceDot(aStages, bStages, stageOf(iteration));
    releaseStagesAfterLoop();
  }

  /// One thread starts the copy engine on the maps `aMap` and `bMap`; each
  /// of `numWarpgroups` warpgroups releases the stages it has read.
  void withTensorCopies(Value aMap, Value bMap, int64_t numWarpgroups) {
    auto [aStages, bStages] = allocateStages();
    auto [full, empty] =
        allocateBarriers(aType.getBytes() + bType.getBytes(), numWarpgroups);
    int64_t bytes = aType.getTileBytes() + bType.getTileBytes();
    auto copyOperands = [&](Value at, Value stage) {
      auto [aIndices, bIndices] = indicesAt(at);
      BarrierExpectOp::create(builder, loc, full, stage, bytes);
      CopyTensorOp::create(builder, loc, aMap, aIndices, aStages, stage, full,
                           stage, aRowDim);
      CopyTensorOp::create(builder, loc, bMap, bIndices, bStages, stage, full,
                           stage, bRowDim);
    };
    copyFirstIterations(copyOperands);

    builder.setInsertionPoint(dot);
    Value iteration = currentIteration();
    Value stage = stageOf(iteration);
    BarrierWaitOp::create(builder, loc, full, stage, parityOf(iteration));
    replaceDot(aStages, bStages, stage);

    // The products of the iteration before are done: its stage is free.
    Value previous = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::sgt, iteration, constant(0));
    onlyIf(previous, [&] {
      BarrierArriveOp::create(builder, loc, empty,
                              stageOf(addConstant(iteration, -1)));
    });
    // The copies `ahead` iterations on, into a stage that the iteration
    // two before this one has freed.
    copyAheadOf(iteration, empty, copyOperands);
    releaseStagesAfterLoop();
  }

private:
  /// The stages, at the start of the shared buffer: `a`'s, then `b`'s.
  std::pair<Value, Value> allocateStages() {
    Value a = SharedAllocOp::create(builder, loc, aType, 0);
    Value b = SharedAllocOp::create(builder, loc, bType, aType.getBytes());
    return {a, b};
  }

  /// The load indices of the iteration whose induction variable is `at`.
  std::pair<SmallVector<Value>, SmallVector<Value>> indicesAt(Value at) {
    SmallVector<Value> all = StagedLoop::indicesAt(
        at, llvm::to_vector(llvm::concat<Value>(aIndices, bIndices)),
        operands.slice);
    return {SmallVector<Value>(all.begin(), all.begin() + aIndices.size()),
            SmallVector<Value>(all.begin() + aIndices.size(), all.end())};
  }

  /// Replaces the dot and the loads it read by the product of `stage`;
  /// what is built next follows the product.
  void replaceDot(Value aStages, Value bStages, Value stage) {
    auto staged =
        StagedDotOp::create(builder, loc, dot.getType(), aStages, bStages,
                            stage, dot.getAcc(), operands.b.nMajor);
    dot.replaceAllUsesWith(staged.getResult());
    dot.erase();
    operands.b.erase();
    operands.a.erase();
    builder.setInsertionPointAfter(staged);
  }

  DotOp dot;
  StagedOperands operands;
  StagesType aType, bType;
  /// The loads' indices and the copies' row dimensions, which outlive the
  /// loads.
  SmallVector<Value> aIndices, bIndices;
  IntegerAttr aRowDim, bRowDim;
};

} // namespace

/// The index of `view` among the kernel's parameters, if it is one.
static std::optional<unsigned> kernelParameter(Value view,
                                               func::FuncOp kernel) {
  auto argument = dyn_cast<BlockArgument>(view);
  if (!argument || argument.getOwner() != &kernel.getBody().front())
    return std::nullopt;
  return argument.getArgNumber();
}

/// A new tensor map parameter of `kernel` for its parameter `view`, moving
/// tiles of `stages` whose rows run along the view's dimension `rowDim` and
/// columns along its last (of extent 1 in the view's other dimensions).
static Value addTensorMap(func::FuncOp kernel, unsigned view, StagesType stages,
                          int64_t rowDim) {
  MLIRContext *context = kernel.getContext();
  int64_t rank = cast<ViewType>(kernel.getArgument(view).getType()).getRank();
  SmallVector<int64_t> box(rank, 1);
  box[rowDim] = stages.getTileShape()[0];
  box[rank - 1] = kMajorPanelWidth(stages.getTileShape()[1]);
  auto map = TensorMapAttr::get(context, view, box, stages.getLineBytes());
  SmallVector<Attribute> maps;
  if (auto existing = kernel->getAttrOfType<ArrayAttr>(kTensorMapsAttrName))
    llvm::append_range(maps, existing);
  maps.push_back(map);
  kernel->setAttr(kTensorMapsAttrName, ArrayAttr::get(context, maps));
  unsigned index = kernel.getNumArguments();
  (void)kernel.insertArgument(index, TensorMapType::get(context),
                              DictionaryAttr(), kernel.getLoc());
  return kernel.getArgument(index);
}

/// Whether the copy engine can fill stages of `stages`: boxes of at most
/// kMaxTensorMapBox rows, rows of at least 32 bytes (the narrowest
/// swizzle), as tile.copy_tensor requires.
static bool copyEngineFits(StagesType stages) {
  return stages.getTileShape()[0] <= kMaxTensorMapBox &&
         stages.getLineBytes() >= 32;
}

void mlir::tile::pipelineDotOperands(DotOp dot, int64_t numWarps) {
  std::optional<StagedOperands> operands = StagedOperands::match(dot);
  if (!operands)
    return;
  StagesType aOne = operands->a.stages(1), bOne = operands->b.tile.stages(1);
  int64_t stageBytes = aOne.getStageBytes() + bOne.getStageBytes();
  auto kernel = dot->getParentOfType<func::FuncOp>();
  auto hint = kernel->getAttrOfType<IntegerAttr>(kStagesAttrName);
  int64_t numStages =
      std::min(hint ? hint.getInt() : kDefaultMaxStages,
               (kMaxSharedBytes - kBarrierBytes) / stageBytes);
  if (numStages < 3)
    return;

  std::optional<unsigned> aView =
      kernelParameter(operands->a.load.getView(), kernel);
  std::optional<unsigned> bView =
      kernelParameter(operands->b.tile.load.getView(), kernel);
  if (kernel->hasAttr(kCopiesOnlyAttrName) || !aView || !bView ||
      !copyEngineFits(aOne) || !copyEngineFits(bOne)) {
    // cp.async copies matrices of matrix views into K-major stages.
    if (operands->a.rank() == 2 && operands->b.tile.rank() == 2 &&
        !operands->b.nMajor)
      Pipeline(dot, std::move(*operands), numStages).withCopies(numWarps);
    return;
  }
  Value aMap = addTensorMap(kernel, *aView, aOne, operands->a.rowDim);
  Value bMap = addTensorMap(kernel, *bView, bOne, operands->b.tile.rowDim);
  Pipeline(dot, std::move(*operands), numStages)
      .withTensorCopies(aMap, bMap, numWarps / kWarpgroupWarps);
}

namespace {

/// The `b` operand of a warpgroup product whose `a` is in registers: a
/// tile the loop loads from a view parameter that the copy engine can
/// bring in.
struct RegisterDotOperand {
  DotOp dot;
  LoadedB b;
  unsigned view = 0;

  static std::optional<RegisterDotOperand> match(DotOp dot, scf::ForOp loop,
                                                 func::FuncOp kernel) {
    std::optional<LoadedB> b = LoadedB::of(dot.getB(), loop);
    if (!b || !copyEngineFits(b->tile.stages(1)))
      return std::nullopt;
    std::optional<unsigned> view =
        kernelParameter(b->tile.load.getView(), kernel);
    if (!view)
      return std::nullopt;
    return RegisterDotOperand{dot, *b, *view};
  }
};

/// Builds the pipelined form of a loop whose warpgroup products read `a`
/// from registers and `b` from tiles the loop loads.
class RegisterDotPipeline : StagedLoop {
public:
  RegisterDotPipeline(scf::ForOp loop, SmallVector<RegisterDotOperand> operands,
                      llvm::SetVector<Operation *> slice, int64_t numStages)
      : StagedLoop(loop, loop.getLoc(), numStages, numStages - 1),
        operands(std::move(operands)), slice(std::move(slice)) {}

  void build(func::FuncOp kernel, int64_t numWarpgroups) {
    SmallVector<Value> stages, maps;
    int64_t offset = 0, bytes = 0;
    for (RegisterDotOperand &operand : operands) {
      LoadedTile &tile = operand.b.tile;
      StagesType type = tile.stages(numStages);
      stages.push_back(SharedAllocOp::create(builder, loc, type, offset));
      offset += type.getBytes();
      bytes += type.getTileBytes();
      maps.push_back(
          addTensorMap(kernel, operand.view, tile.stages(1), tile.rowDim));
    }
    auto [full, empty] = allocateBarriers(offset, numWarpgroups);
    auto copyOperands = [&](Value at, Value stage) {
      BarrierExpectOp::create(builder, loc, full, stage, bytes);
      for (auto [operand, map, ring] : llvm::zip(operands, maps, stages)) {
        LoadedTile &tile = operand.b.tile;
        CopyTensorOp::create(
            builder, loc, map,
            indicesAt(at, llvm::to_vector(tile.load.getIndices()), slice), ring,
            stage, full, stage, tile.rowDimAttr(builder));
      }
    };
    copyFirstIterations(copyOperands);

    // First in each iteration, the copies `ahead` iterations on, into the
    // stage the iteration before this one released.
    builder.setInsertionPointToStart(loop.getBody());
    Value iteration = currentIteration();
    copyAheadOf(iteration, empty, copyOperands);
    Value stage = stageOf(iteration);
    Value parity = parityOf(iteration);

    // The products (in program order) read the stage once its copies are
    // in; after the last, each warpgroup releases it.
    builder.setInsertionPoint(operands.front().dot);
    BarrierWaitOp::create(builder, loc, full, stage, parity);
    Operation *last = nullptr;
    for (auto [operand, ring] : llvm::zip(operands, stages)) {
      DotOp dot = operand.dot;
      builder.setInsertionPoint(dot);
      auto staged = RegisterStagedDotOp::create(builder, loc, dot.getType(),
                                                dot.getA(), ring, stage,
                                                dot.getAcc(), operand.b.nMajor);
      dot.replaceAllUsesWith(staged.getResult());
      dot.erase();
      operand.b.erase();
      last = staged;
    }
    builder.setInsertionPointAfter(last);
    BarrierArriveOp::create(builder, loc, empty, stage);
    releaseStagesAfterLoop();
  }

private:
  SmallVector<RegisterDotOperand> operands;
  llvm::SetVector<Operation *> slice;
};

} // namespace

/// Stages of a ring for the register products' operands: two, one being
/// read while the copy engine fills the other.
static constexpr int64_t kRegisterDotStages = 2;

bool mlir::tile::canStageRegisterDotB(DotOp dot) {
  auto loop = dyn_cast<scf::ForOp>(dot->getParentOp());
  auto kernel = dot->getParentOfType<func::FuncOp>();
  return loop && !kernel->hasAttr(kCopiesOnlyAttrName) &&
         RegisterDotOperand::match(dot, loop, kernel);
}

void mlir::tile::pipelineRegisterDots(scf::ForOp loop, int64_t numWarps) {
  auto kernel = loop->getParentOfType<func::FuncOp>();
  if (kernel->hasAttr(kCopiesOnlyAttrName))
    return;
  SmallVector<RegisterDotOperand> operands;
  llvm::SetVector<Operation *> slice;
  int64_t stageBytes = 0;
  for (Operation &op : *loop.getBody()) {
    auto dot = dyn_cast<DotOp>(op);
    if (!dot || !dot->hasAttr(kWgmmaAttrName))
      continue;
    std::optional<RegisterDotOperand> operand =
        RegisterDotOperand::match(dot, loop, kernel);
    if (!operand || !dot->hasAttr(kWgmmaRegisterAAttrName) ||
        dot->hasAttr(kWgmmaChainedAttrName))
      return;
    for (Value index : operand->b.tile.load.getIndices())
      if (!collectIndexSlice(index, loop, slice))
        return;
    stageBytes += operand->b.tile.stages(1).getStageBytes();
    operands.push_back(*operand);
  }
  if (operands.empty() ||
      kRegisterDotStages * stageBytes > kMaxSharedBytes - kBarrierBytes)
    return;
  // The stages take the shared memory from its start: nothing else in the
  // loop (a nested loop's products included) may use it.
  WalkResult others = loop->walk([&](Operation *op) {
    bool staged = isa<DotOp>(op) && op->getParentOp() == loop;
    if (!staged && sharedMemoryBytes(op) > 0)
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (others.wasInterrupted())
    return;
  RegisterDotPipeline(loop, std::move(operands), std::move(slice),
                      kRegisterDotStages)
      .build(kernel, numWarps / kWarpgroupWarps);
}
