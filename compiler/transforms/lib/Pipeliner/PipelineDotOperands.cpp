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
//     acc = tilegpu.staged_dot stage i % stages (products of i - 1 waited for)
//     if i > 0: arrive empty[(i - 1) % stages]
//     if i + ahead < n: the copying thread waits empty[(i + ahead) % stages],
//                       then starts its copies
//
// Otherwise every thread copies 16-byte runs with cp.async, in groups:
//
//   copies of iterations 0 .. ahead-1 into stages 0 .. ahead-1
//   for i:
//     tilegpu.copy_wait (iteration i's copies are in; a barrier)
//     copies of iteration i + ahead into stage (i + ahead) % stages
//     acc = tilegpu.staged_dot stage i % stages (products of i - 1 waited for)
//   tilegpu.copy_wait {pending = 0}
//
// After the barrier of iteration i, every warpgroup has waited for the
// products of iteration i - 2, so the stage the copies overwrite is free:
// only iterations i - 1 .. i + ahead - 1 still use theirs. The copies past
// the loop's end read tiles past the tensor, zeros that no product reads.
// (The copy engine's copies are only started for iterations the loop runs,
// since nothing after the loop waits for them.)
//
// Runs on kernels with layouts, on the products tile-chain-dots chained.
//
//===----------------------------------------------------------------------===//

#include "LaidOutKernels.h"
#include "StagedLoop.h"
#include "tile/IR/ThreadLayouts.h"
#include "tile/IR/TileDialect.h"
#include "tile/IR/WgmmaLayouts.h"
#include "tile/Transforms/Passes.h"
#include "tilegpu/IR/TileGPUOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEPIPELINEDOTOPERANDS
#include "tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

/// Four stages unless the kernel says otherwise (TILE_STAGES): two
/// iterations' copies in flight, the stage being multiplied, and the one the
/// previous iteration's products may still read.
static constexpr int64_t kDefaultMaxStages = 4;

namespace {

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
    // The tensor cores read 8-bit operands K-major only.
    if (!a || !b ||
        (b->nMajor && storageBytes(dot.getA().getType().getElementType()) == 1))
      return std::nullopt;
    StagedOperands operands{*a, *b, {}};
    for (Value index :
         llvm::concat<Value>(a->load.getIndices(), b->tile.load.getIndices()))
      if (!collectIndexSlice(index, loop, operands.slice))
        return std::nullopt;
    return operands;
  }
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
    // The stage first, in a statement of its own: the order of a call's
    // arguments is the C++ compiler's choice, and the IR must not depend on
    // it.
    Value aheadStage = stageOf(addConstant(iteration, ahead));
    copyOperands(aheadInduction(), aheadStage);
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

/// Rewrites the loop around `dot`, a chained warpgroup product, so that its
/// operands come through shared memory stages filled by asynchronous copies
/// several iterations ahead, when they are loaded in the loop (`a` as
/// loaded, `b` as the transpose of a loaded NxK tile) at indices the loop
/// can compute ahead. Leaves every other dot as it is.
static void pipelineDotOperands(DotOp dot, int64_t numWarps) {
  std::optional<StagedOperands> operands = StagedOperands::match(dot);
  if (!operands)
    return;
  StagesType aOne = operands->a.stages(1), bOne = operands->b.tile.stages(1);
  int64_t stageBytes = aOne.getStageBytes() + bOne.getStageBytes();
  auto kernel = dot->getParentOfType<func::FuncOp>();
  auto hint = kernel->getAttrOfType<IntegerAttr>(kStagesAttrName);
  int64_t numStages = std::min(hint ? hint.getInt() : kDefaultMaxStages,
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

struct TilePipelineDotOperandsPass
    : tile::impl::TilePipelineDotOperandsBase<TilePipelineDotOperandsPass> {
  void runOnOperation() override {
    auto pipeline = [](func::FuncOp kernel, int64_t numWarps) {
      SmallVector<DotOp> chained;
      kernel.walk([&](DotOp dot) {
        if (dot->hasAttr(kWgmmaChainedAttrName))
          chained.push_back(dot);
      });
      for (DotOp dot : chained)
        pipelineDotOperands(dot, numWarps);
    };
    if (failed(forEachLaidOutKernel(getOperation(), getArgument(), pipeline)))
      signalPassFailure();
  }
};

} // namespace
