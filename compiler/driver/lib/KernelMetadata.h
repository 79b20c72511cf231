//===- KernelMetadata.h - The JSON that describes a cubin's kernels -*- C++
//-*-//

#ifndef TILE_DRIVER_KERNELMETADATA_H
#define TILE_DRIVER_KERNELMETADATA_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"

namespace tile::driver {

/// The "kernels" array of a cache entry (docs/abi.md): each kernel's name,
/// entry symbol and parameters from the tile module, and its block size
/// from the lowered module.
llvm::json::Array describeKernels(mlir::ModuleOp tileModule,
                                  mlir::ModuleOp loweredModule);

} // namespace tile::driver

#endif // TILE_DRIVER_KERNELMETADATA_H
