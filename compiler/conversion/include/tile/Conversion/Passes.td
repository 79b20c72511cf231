//===- Passes.td - Conversions of the tile dialect ---------*- tablegen -*-===//

#ifndef TILE_CONVERSION_PASSES_TD
#define TILE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTileToGPU : Pass<"convert-tile-to-gpu", "ModuleOp"> {
  let summary = "Lower tile kernels to GPU functions over per-thread vectors";
  let description = [{
    Each `func.func` marked `tile.kernel` becomes a `gpu.func` kernel in the
    `gpu.module` named by `module-name`. Its pieces and views become a
    pointer, the tensor's shape and its strides; every tile value becomes the
    vector of elements one thread holds under its `#tile.layout`, which
    `tile-assign-layouts` gave it (a kernel without layouts is an error).
    Loads and stores take the vector path when the whole run is inside the
    tensor and aligned, and a masked path at the tensor's edges. Layout conversions
    and reductions across warps go through shared memory: one buffer per
    kernel, declared static up to 48 KiB and dynamic beyond (external, of no
    size, its bytes in `tile.dynamic_shared_bytes`, which launches give).
  }];
  let options = [
    Option<"moduleName", "module-name", "std::string", "\"kernels\"",
           "name of the gpu.module that receives the kernels">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::cf::ControlFlowDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect", "::mlir::math::MathDialect",
    "::mlir::NVVM::NVVMDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

#endif // TILE_CONVERSION_PASSES_TD
