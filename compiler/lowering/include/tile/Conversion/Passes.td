//===- Passes.td - Lowering passes of the tile dialect -----*- tablegen -*-===//

#ifndef TILE_CONVERSION_PASSES_TD
#define TILE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTileToGPU : Pass<"convert-tile-to-gpu", "ModuleOp"> {
  let summary = "Lower tile kernels to GPU functions over per-thread vectors";
  let description = [{
    Each `func.func` marked `tile.kernel` becomes a `gpu.func` kernel in the
    `gpu.module` named by `module-name`. Its pieces and views become a
    pointer, the tensor's shape and its strides; every tile value becomes the
    vector of elements one thread holds under a blocked layout (contiguous
    runs of `vector-width` elements, threads side by side, so that memory
    accesses are 16-byte vectors and coalesced). Loads and stores take the
    vector path when the whole run is inside the tensor and aligned, and a
    masked path at the tensor's edges.
  }];
  let options = [
    Option<"moduleName", "module-name", "std::string", "\"kernels\"",
           "name of the gpu.module that receives the kernels">,
    Option<"maxThreads", "max-threads", "int64_t", "128",
           "most threads per program">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect", "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect"
  ];
}

#endif // TILE_CONVERSION_PASSES_TD
