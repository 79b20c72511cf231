//===- PieceAccessOrder.cpp - Barriers between accesses of a piece --------===//
//
// A thread's own loads and stores run in program order, but two threads of a
// program are ordered only by a barrier. When a program stores its piece in
// one layout and then loads it, or stores part of it, in another, an element
// changes hands between threads: without a barrier the second access could
// run first. Which threads hold an element follows from the tile's type
// alone (store_at moves whole sub-tiles, so an element sits at the same place
// of the sub-tile whatever the index), so the pass compares types.
//
//===----------------------------------------------------------------------===//

#include "tile/IR/TileDialect.h"
#include "tile/IR/TileOps.h"
#include "tile/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEORDERPIECEACCESSES
#include "tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// A load or store of a program's piece, and the tile it moves.
struct PieceAccess {
  Operation *op;
  Value piece;
  TileType tile;
  bool writes;
};

std::optional<PieceAccess> accessOf(Operation *op) {
  if (auto store = dyn_cast<StoreOp>(op))
    return PieceAccess{op, store.getPiece(), store.getValue().getType(), true};
  if (auto store = dyn_cast<StoreAtOp>(op))
    return PieceAccess{op, store.getPiece(), store.getValue().getType(), true};
  if (auto load = dyn_cast<LoadPieceOp>(op))
    return PieceAccess{op, load.getPiece(), load.getResult().getType(), false};
  return std::nullopt;
}

bool hasReplicas(TileType tile) {
  auto layout = dyn_cast_or_null<LinearLayoutAttr>(tile.getEncoding());
  return !layout || llvm::is_contained(layout.getLanes(), -1) ||
         llvm::is_contained(layout.getWarps(), -1);
}

/// Whether the accesses may touch an element from different threads, one
/// of them writing it.
bool conflict(const PieceAccess &a, const PieceAccess &b) {
  if (a.piece != b.piece || (!a.writes && !b.writes))
    return false;
  bool sameThreads = a.tile.getShape() == b.tile.getShape() &&
                     a.tile.getEncoding() == b.tile.getEncoding();
  return !sameThreads || ((!a.writes || !b.writes) && hasReplicas(a.tile));
}

/// Whether `first` may run before `second`: it stands before it, or a loop
/// holds both.
bool mayRunBefore(Operation *first, Operation *second) {
  for (Operation *loop = second->getParentOp(); loop;
       loop = loop->getParentOp())
    if (isa<LoopLikeOpInterface>(loop) && loop->isProperAncestor(first))
      return true;
  // The ancestors of both in the innermost block that holds both.
  Operation *a = first;
  while (!a->getBlock()->findAncestorOpInBlock(*second))
    a = a->getParentOp();
  Operation *b = a->getBlock()->findAncestorOpInBlock(*second);
  return a != b && a->isBeforeInBlock(b);
}

struct TileOrderPieceAccessesPass
    : tile::impl::TileOrderPieceAccessesBase<TileOrderPieceAccessesPass> {
  void runOnOperation() override {
    getOperation().walk([](func::FuncOp kernel) {
      SmallVector<PieceAccess> accesses;
      kernel.walk([&](Operation *op) {
        if (std::optional<PieceAccess> access = accessOf(op))
          accesses.push_back(*access);
      });
      for (const PieceAccess &later : accesses)
        if (llvm::any_of(accesses, [&](const PieceAccess &earlier) {
              return earlier.op != later.op && conflict(earlier, later) &&
                     mayRunBefore(earlier.op, later.op);
            })) {
          OpBuilder builder(later.op);
          gpu::BarrierOp::create(builder, later.op->getLoc());
        }
    });
  }
};

} // namespace
