//===- KernelMetadata.h - The JSON that describes a cubin's kernels -*- C++
//-*-//

#ifndef TILE_DRIVER_KERNELMETADATA_H
#define TILE_DRIVER_KERNELMETADATA_H

#include "tile/formats/KernelList.h"

#include "mlir/IR/BuiltinOps.h"

namespace tile::driver {

/// The kernels of a cache entry (docs/abi.md): each kernel's name and
/// parameters from the tile module, and how its entries are launched from
/// the lowered module.
std::vector<formats::KernelRecord>
describeKernels(mlir::ModuleOp tileModule, mlir::ModuleOp loweredModule);

} // namespace tile::driver

#endif // TILE_DRIVER_KERNELMETADATA_H
