//===- GPUPipeline.cpp - Tile IR to NVVM, LLVM IR and PTX -----------------===//

#include "tile/Backend/GPUPipeline.h"
#include "tile/Conversion/Passes.h"
#include "tile/Transforms/Passes.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace tile::backend;

llvm::Expected<Target> Target::fromArch(llvm::StringRef arch) {
  if (arch == "sm_80" || arch == "sm_90" || arch == "sm_90a")
    return Target{arch.str(), "+ptx80"};
  if (arch == "sm_100")
    return Target{arch.str(), "+ptx86"};
  return llvm::createStringError("unknown GPU architecture '" + arch +
                                 "'; expected sm_80, sm_90, sm_90a or sm_100");
}

mlir::LogicalResult
tile::backend::canonicalizeTileModule(mlir::ModuleOp module) {
  mlir::PassManager pm(module.getContext());
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
  return pm.run(module);
}

mlir::LogicalResult tile::backend::lowerToNVVM(mlir::ModuleOp module,
                                               const PipelineOptions &options) {
  mlir::PassManager pm(module.getContext());
  mlir::tile::TileTransformsOptions transforms;
  transforms.warpgroupProducts = options.target.hasWarpgroupProducts();
  mlir::tile::buildTileTransforms(pm, transforms);
  pm.addPass(mlir::tile::createConvertTileToGPU());
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
  pm.addPass(mlir::createSCFToControlFlowPass());
  mlir::GpuNVVMAttachTargetOptions attach;
  attach.chip = options.target.chip;
  attach.features = options.target.features;
  attach.optLevel = options.optLevel;
  pm.addPass(mlir::createGpuNVVMAttachTarget(attach));
  mlir::OpPassManager &gpu = pm.nest<mlir::gpu::GPUModuleOp>();
  gpu.addPass(mlir::tile::createTileProgramOrder());
  gpu.addPass(mlir::tile::createTilePersistentPrograms());
  if (options.target.hasGridDependencyControl())
    gpu.addPass(mlir::tile::createTileGridDependency());
  if (options.floatContraction)
    gpu.addPass(mlir::tile::createTileFloatContraction());
  gpu.addPass(mlir::createConvertGpuOpsToNVVMOps());
  gpu.addPass(mlir::tile::createTileTensorMapParams());
  gpu.addPass(mlir::createConvertVectorToLLVMPass());
  // NVVM ops without an LLVM intrinsic (wgmma.mma_async) become inline PTX.
  gpu.addPass(mlir::createConvertNVVMToLLVMPass());
  gpu.addPass(mlir::createCanonicalizerPass());
  gpu.addPass(mlir::createCSEPass());
  pm.addPass(mlir::createReconcileUnrealizedCastsPass());
  return pm.run(module);
}

llvm::Expected<std::string>
tile::backend::serializeGPUModule(mlir::ModuleOp module,
                                  const PipelineOptions &options, bool llvmIR) {
  mlir::OwningOpRef<mlir::ModuleOp> copy = module.clone();
  mlir::PassManager pm(module.getContext());
  mlir::GpuModuleToBinaryPassOptions binary;
  binary.toolkitPath = options.cudaRoot;
  binary.compilationTarget = llvmIR ? "llvm" : "isa";
  pm.addPass(mlir::createGpuModuleToBinaryPass(binary));
  if (mlir::failed(pm.run(*copy)))
    return llvm::createStringError("LLVM's NVPTX backend failed");

  std::string text;
  copy->walk([&](mlir::gpu::BinaryOp binaryOp) {
    for (mlir::Attribute object : binaryOp.getObjects())
      text += mlir::cast<mlir::gpu::ObjectAttr>(object).getObject().str();
  });
  if (!llvmIR)
    return text;

  // The offloading format holds LLVM bitcode; print it as text.
  llvm::LLVMContext context;
  llvm::Expected<std::unique_ptr<llvm::Module>> parsed =
      llvm::parseBitcodeFile(llvm::MemoryBufferRef(text, "kernels"), context);
  if (!parsed)
    return parsed.takeError();
  std::string ir;
  llvm::raw_string_ostream os(ir);
  (*parsed)->print(os, nullptr);
  return ir;
}
