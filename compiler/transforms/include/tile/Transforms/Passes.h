//===- Passes.h - Transforms of tile kernels --------------------*- C++ -*-===//

#ifndef TILE_TRANSFORMS_PASSES_H
#define TILE_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "tilegpu/IR/TileGPUDialect.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::tile {

#define GEN_PASS_DECL
#include "tile/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tile/Transforms/Passes.h.inc"

/// The options of the tile-level transforms as one pipeline.
struct TileTransformsOptions
    : public PassPipelineOptions<TileTransformsOptions> {
  Option<int64_t> maxThreads{
      *this, "max-threads",
      llvm::cl::desc("most threads per program (a power of two, 32 or more)"),
      llvm::cl::init(128)};
  Option<bool> warpgroupProducts{
      *this, "wgmma",
      llvm::cl::desc("run matrix products that fit as warpgroup products "
                     "(wgmma, sm_90a)"),
      llvm::cl::init(false)};
};

/// Adds the tile-level transforms to `pm` in the order the backend runs
/// them: with warpgroup products, cp.async twins, layouts, chained
/// products, both operand pipelines and the pruning of unneeded twins;
/// without, layouts alone.
void buildTileTransforms(OpPassManager &pm,
                         const TileTransformsOptions &options);

/// Registers that order as the `tile-transforms` pipeline.
void registerTileTransformsPipeline();

} // namespace mlir::tile

#endif // TILE_TRANSFORMS_PASSES_H
