//===- TensorMapEncoding.h - Tensor maps for a launch -----------*- C++ -*-===//

#ifndef TILE_RUNTIME_CUDA_TENSORMAPENCODING_H
#define TILE_RUNTIME_CUDA_TENSORMAPENCODING_H

#include "tile/runtime/KernelInfo.h"
#include "tile/runtime/LaunchPlan.h"

namespace tile::rt::cuda {

/// Encodes the tensor maps `kernel` takes into plan.tensorMaps, from the
/// view arguments `plan` packed (cuTensorMapEncodeTiled). Returns false,
/// with no maps in the plan, where the copy engine cannot read one of the
/// views; throws Error if the driver refuses a view it can read.
bool encodeTensorMaps(const KernelInfo &kernel, LaunchPlan &plan);

} // namespace tile::rt::cuda

#endif // TILE_RUNTIME_CUDA_TENSORMAPENCODING_H
