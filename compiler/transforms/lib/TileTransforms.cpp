//===- TileTransforms.cpp - The tile-level transforms in order ------------===//

#include "tile/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::tile;

void mlir::tile::buildTileTransforms(OpPassManager &pm,
                                     const TileTransformsOptions &options) {
  TileAssignLayoutsOptions layouts;
  layouts.maxThreads = options.maxThreads;
  layouts.warpgroupProducts = options.warpgroupProducts;
  if (!options.warpgroupProducts) {
    pm.addPass(createTileAssignLayouts(layouts));
    pm.addPass(createTileOrderPieceAccesses());
    return;
  }
  pm.addPass(createTileCopyFallbacks());
  pm.addPass(createTileAssignLayouts(layouts));
  pm.addPass(createTileChainDots());
  pm.addPass(createTilePipelineDotOperands());
  pm.addPass(createTilePipelineRegisterDots());
  pm.addPass(createTilePruneCopyFallbacks());
  pm.addPass(createTileOrderPieceAccesses());
}

void mlir::tile::registerTileTransformsPipeline() {
  PassPipelineRegistration<TileTransformsOptions>(
      "tile-transforms",
      "Layouts and operand pipelines of tile kernels, in the backend's order",
      buildTileTransforms);
}
