//===- tile-opt.cpp - The tile dialect's test driver ----------------------===//
//
// Like mlir-opt: parses IR, runs passes, prints the result. It knows the tile
// dialect, our passes, and the upstream dialects and passes of the pipeline.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/Passes.h"
#include "tile/IR/TileDialect.h"
#include "tile/Transforms/Passes.h"
#include "tilegpu/IR/TileGPUDialect.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::tile::registerTileTransformsPasses();
  mlir::tile::registerTileTransformsPipeline();
  mlir::tile::registerTileConversionPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  registry.insert<mlir::tile::TileDialect, mlir::tilegpu::TileGPUDialect>();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tile dialect test driver\n", registry));
}
