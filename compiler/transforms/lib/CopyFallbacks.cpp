//===- CopyFallbacks.cpp - cp.async twins of copy-engine kernels ----------===//
//
// The twins are made before layout assignment, since a twin's layouts differ
// from its kernel's (its products read `a` from shared memory), and dropped
// after the pipelines, once it is known which kernels take tensor maps.
//
//===----------------------------------------------------------------------===//

#include "tile/IR/TileDialect.h"
#include "tile/IR/TileOps.h"
#include "tile/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILECOPYFALLBACKS
#define GEN_PASS_DEF_TILEPRUNECOPYFALLBACKS
#include "tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

/// Whether the pipelines may give `kernel` tensor maps: it has a body
/// without layouts, is no twin, and multiplies tiles in a loop.
static bool mayTakeTensorMaps(func::FuncOp kernel) {
  if (!kernel->hasAttr("tile.kernel") || kernel.isExternal() ||
      kernel->hasAttr(kNumWarpsAttrName) ||
      kernel->hasAttr(kCopiesOnlyAttrName))
    return false;
  WalkResult walk = kernel.walk([](DotOp dot) {
    return dot->getParentOfType<scf::ForOp>() ? WalkResult::interrupt()
                                              : WalkResult::advance();
  });
  return walk.wasInterrupted();
}

namespace {

struct TileCopyFallbacksPass
    : tile::impl::TileCopyFallbacksBase<TileCopyFallbacksPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    SmallVector<func::FuncOp> kernels;
    for (auto kernel : module.getOps<func::FuncOp>())
      if (mayTakeTensorMaps(kernel))
        kernels.push_back(kernel);
    for (func::FuncOp kernel : kernels) {
      func::FuncOp twin = kernel.clone();
      twin.setName((kernel.getName() + "_copies").str());
      twin->setAttr(kCopiesOnlyAttrName, UnitAttr::get(context));
      module.push_back(twin);
      kernel->setAttr(kFallbackEntryAttrName,
                      StringAttr::get(context, twin.getName()));
    }
  }
};

struct TilePruneCopyFallbacksPass
    : tile::impl::TilePruneCopyFallbacksBase<TilePruneCopyFallbacksPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Erased once every kernel is looked at: a twin follows its kernel in
    // the module.
    SmallVector<func::FuncOp> twins;
    for (func::FuncOp kernel : module.getOps<func::FuncOp>()) {
      auto twinName = kernel->getAttrOfType<StringAttr>(kFallbackEntryAttrName);
      if (!twinName || kernel->hasAttr(kTensorMapsAttrName))
        continue;
      kernel->removeAttr(kFallbackEntryAttrName);
      if (auto twin = module.lookupSymbol<func::FuncOp>(twinName))
        twins.push_back(twin);
    }
    for (func::FuncOp twin : twins)
      twin.erase();
  }
};

} // namespace
