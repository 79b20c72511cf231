//===- PipelineRegisterDots.cpp - `b` staged for register products --------===//
//
// Attention's loop: its warpgroup products read `a` from registers and only
// `b` from a ring of two stages, which the copy engine fills one iteration
// ahead. The products are waited for in the
// iteration, so each warpgroup releases the stage after the last of them.
//
// A loop is staged only where every product in it reads `a` from
// registers (tile.wgmma_register_a) and nothing else there uses shared
// memory: the stages take the shared memory from its start.
//
//===----------------------------------------------------------------------===//

#include "LaidOutKernels.h"
#include "StagedLoop.h"
#include "tile/IR/TileDialect.h"
#include "tile/IR/WgmmaLayouts.h"
#include "tile/Transforms/Passes.h"
#include "tilegpu/IR/SharedMemory.h"
#include "tilegpu/IR/TileGPUOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEPIPELINEREGISTERDOTS
#include "tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

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

/// Rewrites `loop` so that its warpgroup products whose `a` is in registers
/// read `b` from shared memory stages that the tensor copy engine fills an
/// iteration ahead, when every such product's `b` is a tile the loop loads
/// from a view parameter, at indices it can compute ahead, and nothing else
/// in the loop uses shared memory. Leaves the loop as it is otherwise, and
/// in a kernel's cp.async twin.
static void pipelineRegisterDots(scf::ForOp loop, int64_t numWarps) {
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

namespace {

struct TilePipelineRegisterDotsPass
    : tile::impl::TilePipelineRegisterDotsBase<TilePipelineRegisterDotsPass> {
  void runOnOperation() override {
    auto pipeline = [](func::FuncOp kernel, int64_t numWarps) {
      SmallVector<scf::ForOp> loops;
      kernel.walk([&](scf::ForOp loop) { loops.push_back(loop); });
      for (scf::ForOp loop : loops)
        pipelineRegisterDots(loop, numWarps);
      // Products the pipeline left write `a` to shared memory. (From
      // registers, without the pipeline, they were measured wrong in
      // attention over 128-key blocks; the cause is not known.)
      kernel.walk([](DotOp dot) { dot->removeAttr(kWgmmaRegisterAAttrName); });
    };
    if (failed(forEachLaidOutKernel(getOperation(), getArgument(), pipeline)))
      signalPassFailure();
  }
};

} // namespace
