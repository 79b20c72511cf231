//===- GPUPipeline.h - Tile IR to NVVM, LLVM IR and PTX ---------*- C++ -*-===//

#ifndef TILE_BACKEND_GPUPIPELINE_H
#define TILE_BACKEND_GPUPIPELINE_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <string>

namespace tile::backend {

/// A GPU architecture tilecc can target.
struct Target {
  /// "sm_80", "sm_90", "sm_90a" or "sm_100".
  std::string chip;
  /// The PTX ISA features LLVM's NVPTX backend is asked for.
  std::string features;

  /// The target for `--arch`; an error names the accepted values.
  static llvm::Expected<Target> fromArch(llvm::StringRef arch);
  /// Whether kernels can wait for the grid before them and release the
  /// next one (griddepcontrol, sm_90 and later).
  bool hasGridDependencyControl() const { return chip != "sm_80"; }
  /// Whether matrix products run as warpgroup products (wgmma, sm_90a only).
  bool hasWarpgroupProducts() const { return chip == "sm_90a"; }
};

/// Settings shared by the lowering stages.
struct PipelineOptions {
  Target target;
  /// LLVM optimization level 0 to 3.
  unsigned optLevel = 3;
  /// CUDA toolkit root, where libdevice lives.
  std::string cudaRoot;
  /// Whether a float multiply and the add of its product may fuse into one
  /// fma (tile-float-contraction).
  bool floatContraction = false;
};

/// Runs the tile-level cleanups (canonicalize, CSE) in place.
mlir::LogicalResult canonicalizeTileModule(mlir::ModuleOp module);

/// Lowers the tile kernels of `module` in place to gpu.func kernels (so
/// their block sizes are known), then to the NVVM and LLVM dialects.
mlir::LogicalResult lowerToNVVM(mlir::ModuleOp module,
                                const PipelineOptions &options);

/// Serializes the lowered module's gpu.module with LLVM's NVPTX backend:
/// LLVM IR text when `llvmIR` is set, else PTX.
llvm::Expected<std::string> serializeGPUModule(mlir::ModuleOp module,
                                               const PipelineOptions &options,
                                               bool llvmIR);

} // namespace tile::backend

#endif // TILE_BACKEND_GPUPIPELINE_H
