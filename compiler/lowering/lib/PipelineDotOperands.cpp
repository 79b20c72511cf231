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

namespace {

/// The loads a stageable dot reads and what computes their indices.
struct StagedOperands {
  LoadOp a, b;
  PermuteOp permute;
  llvm::SetVector<Operation *> slice;

  /// The operands of `dot` if it can be pipelined.
  static std::optional<StagedOperands> match(DotOp dot) {
    auto loop = cast<scf::ForOp>(dot->getParentOp());
    StagedOperands operands;
    operands.a = stageableLoad(dot.getA(), loop);
    operands.permute = dot.getB().getDefiningOp<PermuteOp>();
    PermuteOp permute = operands.permute;
    if (!operands.a || !permute || permute->getParentOp() != loop ||
        !permute->hasOneUse() ||
        permute.getPermutation() != ArrayRef<int64_t>{1, 0})
      return std::nullopt;
    operands.b = stageableLoad(permute.getInput(), loop);
    if (!operands.b)
      return std::nullopt;
    for (Value index :
         llvm::concat<Value>(operands.a.getIndices(), operands.b.getIndices()))
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
    MLIRContext *context = dot.getContext();
    Type element = this->operands.a.getType().getElementType();
    aType = StagesType::get(context, numStages,
                            this->operands.a.getType().getShape(), element);
    bType = StagesType::get(context, numStages,
                            this->operands.b.getType().getShape(), element);
    aIndices = llvm::to_vector(this->operands.a.getIndices());
    bIndices = llvm::to_vector(this->operands.b.getIndices());
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
      CopyAsyncOp::create(builder, loc, operands.a.getView(), aIndices, aStages,
                          stage, aLayout);
      CopyAsyncOp::create(builder, loc, operands.b.getView(), bIndices, bStages,
                          stage, bLayout);
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

    builder.setInsertionPointAfter(loop);
    CopyWaitOp::create(builder, loc, 0);
  }

  /// One thread starts the copy engine on the maps `aMap` and `bMap`; each
  /// of `numWarpgroups` warpgroups releases the stages it has read.
  void withTensorCopies(Value aMap, Value bMap, int64_t numWarpgroups) {
    auto [aStages, bStages] = allocateStages();
    int64_t barriers = aType.getBytes() + bType.getBytes();
    auto barriersType = BarriersType::get(dot.getContext(), numStages);
    Value full = BarrierAllocOp::create(builder, loc, barriersType, barriers,
                                        /*arrivals=*/1);
    Value empty = BarrierAllocOp::create(builder, loc, barriersType,
                                         barriers + barriersType.getBytes(),
                                         int32_t(numWarpgroups));
    int64_t bytes = aType.getTileBytes() + bType.getTileBytes();
    auto copyOperands = [&](Value at, Value stage) {
      auto [aIndices, bIndices] = indicesAt(at);
      BarrierExpectOp::create(builder, loc, full, stage, bytes);
      CopyTensorOp::create(builder, loc, aMap, aIndices, aStages, stage, full,
                           stage, /*row_dim=*/nullptr);
      CopyTensorOp::create(builder, loc, bMap, bIndices, bStages, stage, full,
                           stage, /*row_dim=*/nullptr);
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

    // Every copy was waited for; the barrier lets what follows reuse the
    // shared memory.
    builder.setInsertionPointAfter(loop);
    CopyWaitOp::create(builder, loc, 0);
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
    auto staged = StagedDotOp::create(builder, loc, dot.getType(), aStages,
                                      bStages, stage, dot.getAcc());
    dot.replaceAllUsesWith(staged.getResult());
    dot.erase();
    operands.permute.erase();
    operands.a.erase();
    operands.b.erase();
    builder.setInsertionPointAfter(staged);
  }

  DotOp dot;
  StagedOperands operands;
  StagesType aType, bType;
  /// The loads' indices, which outlive the loads.
  SmallVector<Value> aIndices, bIndices;
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
  MLIRContext *context = dot.getContext();
  Type element = operands->a.getType().getElementType();
  auto aOne =
      StagesType::get(context, 1, operands->a.getType().getShape(), element);
  auto bOne =
      StagesType::get(context, 1, operands->b.getType().getShape(), element);
  int64_t stageBytes = aOne.getStageBytes() + bOne.getStageBytes();
  int64_t numStages =
      std::min(kMaxStages, (kMaxSharedBytes - kBarrierBytes) / stageBytes);
  if (numStages < 3)
    return;

  auto kernel = dot->getParentOfType<func::FuncOp>();
  std::optional<unsigned> aView =
      kernelParameter(operands->a.getView(), kernel);
  std::optional<unsigned> bView =
      kernelParameter(operands->b.getView(), kernel);
  if (kernel->hasAttr(kCopiesOnlyAttrName) || !aView || !bView ||
      !copyEngineFits(aOne) || !copyEngineFits(bOne)) {
    Pipeline(dot, std::move(*operands), numStages).withCopies(numWarps);
    return;
  }
  Value aMap = addTensorMap(kernel, *aView, aOne, /*rowDim=*/0);
  Value bMap = addTensorMap(kernel, *bView, bOne, /*rowDim=*/0);
  Pipeline(dot, std::move(*operands), numStages)
      .withTensorCopies(aMap, bMap, numWarps / kWarpgroupWarps);
}

namespace {

/// The `b` operand of a warpgroup product whose `a` is in registers, loaded
/// in the loop: a tile of a view parameter, of extent 1 but in its last
/// dimension and one other (its rows), reshaped to a matrix and, for a
/// K-major `b`, transposed.
struct LoadedB {
  DotOp dot;
  LoadOp load;
  /// The reshape and the transpose between the load and the dot, in order.
  SmallVector<Operation *> between;
  bool nMajor = true;
  unsigned view = 0;
  /// The view dimension the tile's rows run along.
  int64_t rowDim = 0;
  /// One stage of its tile: rows and columns as loaded.
  StagesType stage;

  static std::optional<LoadedB> match(DotOp dot, scf::ForOp loop,
                                      func::FuncOp kernel) {
    LoadedB operand;
    operand.dot = dot;
    Value b = dot.getB();
    auto inLoop = [&](Operation *op) {
      return op && op->getParentOp() == loop && op->hasOneUse();
    };
    if (auto permute = b.getDefiningOp<PermuteOp>()) {
      if (!inLoop(permute) ||
          permute.getPermutation() != ArrayRef<int64_t>{1, 0})
        return std::nullopt;
      operand.between.push_back(permute);
      operand.nMajor = false;
      b = permute.getInput();
    }
    if (auto reshape = b.getDefiningOp<ReshapeOp>()) {
      if (!inLoop(reshape))
        return std::nullopt;
      operand.between.push_back(reshape);
      b = reshape.getInput();
    }
    operand.load = b.getDefiningOp<LoadOp>();
    if (!inLoop(operand.load))
      return std::nullopt;
    if (auto padding = operand.load.getPaddingAttr())
      if (padding != Builder(dot).getZeroAttr(padding.getType()))
        return std::nullopt;
    ArrayRef<int64_t> shape = operand.load.getType().getShape();
    int64_t rank = shape.size();
    if (rank < 2 || rank > kMaxTensorMapRank)
      return std::nullopt;
    operand.rowDim = rank - 2;
    for (int64_t d = 0; d < rank - 1; ++d)
      if (shape[d] != 1 && d != operand.rowDim) {
        if (shape[operand.rowDim] != 1)
          return std::nullopt;
        operand.rowDim = d;
      }
    std::optional<unsigned> view =
        kernelParameter(operand.load.getView(), kernel);
    if (!view)
      return std::nullopt;
    operand.view = *view;
    operand.stage = StagesType::get(dot.getContext(), 1,
                                    {shape[operand.rowDim], shape[rank - 1]},
                                    operand.load.getType().getElementType());
    if (!copyEngineFits(operand.stage))
      return std::nullopt;
    return operand;
  }
};

/// Builds the pipelined form of a loop whose warpgroup products read `a`
/// from registers and `b` from tiles the loop loads.
class RegisterDotPipeline : StagedLoop {
public:
  RegisterDotPipeline(scf::ForOp loop, SmallVector<LoadedB> operands,
                      llvm::SetVector<Operation *> slice, int64_t numStages)
      : StagedLoop(loop, loop.getLoc(), numStages, numStages - 1),
        operands(std::move(operands)), slice(std::move(slice)) {}

  void build(func::FuncOp kernel, int64_t numWarpgroups) {
    MLIRContext *context = kernel.getContext();
    SmallVector<Value> stages, maps;
    int64_t offset = 0, bytes = 0;
    for (LoadedB &operand : operands) {
      auto type =
          StagesType::get(context, numStages, operand.stage.getTileShape(),
                          operand.stage.getElementType());
      stages.push_back(SharedAllocOp::create(builder, loc, type, offset));
      offset += type.getBytes();
      bytes += type.getTileBytes();
      maps.push_back(
          addTensorMap(kernel, operand.view, operand.stage, operand.rowDim));
    }
    auto barriersType = BarriersType::get(context, numStages);
    Value full = BarrierAllocOp::create(builder, loc, barriersType, offset,
                                        /*arrivals=*/1);
    Value empty = BarrierAllocOp::create(builder, loc, barriersType,
                                         offset + barriersType.getBytes(),
                                         int32_t(numWarpgroups));
    auto copyOperands = [&](Value at, Value stage) {
      BarrierExpectOp::create(builder, loc, full, stage, bytes);
      for (auto [operand, map, ring] : llvm::zip(operands, maps, stages)) {
        int64_t rank = operand.load.getType().getRank();
        CopyTensorOp::create(
            builder, loc, map,
            indicesAt(at, llvm::to_vector(operand.load.getIndices()), slice),
            ring, stage, full, stage,
            operand.rowDim == rank - 2
                ? IntegerAttr()
                : builder.getI64IntegerAttr(operand.rowDim));
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

    // The products read the stage once its copies are in; after the last,
    // each warpgroup releases it.
    llvm::sort(operands, [](const LoadedB &x, const LoadedB &y) {
      return x.dot->isBeforeInBlock(y.dot);
    });
    builder.setInsertionPoint(operands.front().dot);
    BarrierWaitOp::create(builder, loc, full, stage, parity);
    Operation *last = nullptr;
    for (auto [operand, ring] : llvm::zip(operands, stages)) {
      DotOp dot = operand.dot;
      builder.setInsertionPoint(dot);
      auto staged = RegisterStagedDotOp::create(builder, loc, dot.getType(),
                                                dot.getA(), ring, stage,
                                                dot.getAcc(), operand.nMajor);
      dot.replaceAllUsesWith(staged.getResult());
      dot.erase();
      for (Operation *op : operand.between)
        op->erase();
      operand.load.erase();
      last = staged;
    }
    builder.setInsertionPointAfter(last);
    BarrierArriveOp::create(builder, loc, empty, stage);

    // Every copy was waited for; the barrier lets what follows reuse the
    // shared memory.
    builder.setInsertionPointAfter(loop);
    CopyWaitOp::create(builder, loc, 0);
  }

private:
  SmallVector<LoadedB> operands;
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
         LoadedB::match(dot, loop, kernel);
}

void mlir::tile::pipelineRegisterDots(scf::ForOp loop, int64_t numWarps) {
  auto kernel = loop->getParentOfType<func::FuncOp>();
  if (kernel->hasAttr(kCopiesOnlyAttrName))
    return;
  SmallVector<LoadedB> operands;
  llvm::SetVector<Operation *> slice;
  int64_t stageBytes = 0;
  for (Operation &op : *loop.getBody()) {
    auto dot = dyn_cast<DotOp>(op);
    if (!dot || !dot->hasAttr(kWgmmaAttrName))
      continue;
    std::optional<LoadedB> operand = LoadedB::match(dot, loop, kernel);
    if (!operand || !dot->hasAttr(kWgmmaRegisterAAttrName) ||
        dot->hasAttr(kWgmmaChainedAttrName))
      return;
    for (Value index : operand->load.getIndices())
      if (!collectIndexSlice(index, loop, slice))
        return;
    stageBytes += operand->stage.getStageBytes();
    operands.push_back(*operand);
  }
  if (operands.empty() ||
      kRegisterDotStages * stageBytes > kMaxSharedBytes - kBarrierBytes)
    return;
  // The stages take the shared memory from its start: nothing else in the
  // loop may use it.
  WalkResult others = loop->walk([&](Operation *op) {
    if (!isa<DotOp>(op) && sharedMemoryBytes(op) > 0)
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (others.wasInterrupted())
    return;
  RegisterDotPipeline(loop, std::move(operands), std::move(slice),
                      kRegisterDotStages)
      .build(kernel, numWarps / kWarpgroupWarps);
}
